/**
 * The generator: a snapshot in, the output folder's files out. Pure apart from formatting, which
 * is CPU only: no network, no file system, no process. Given the same snapshot and options it
 * returns the same bytes on every OS.
 */
import { hash } from "node:crypto";
import { agentFiles } from "./agent/index.js";
import { ALL_TOOLS_FILE, emitAllTools } from "./emit-all-tools.js";
import { emitIndex } from "./emit-index.js";
import { emitMock } from "./emit-mock.js";
import { needsOf, type ToolEmitOptions } from "./emit-tool.js";
import { emitSkills, SKILLS_FILE } from "./emit-skills.js";
import type { FormatMode } from "./format.js";
import type { GenerationWarning } from "./generation-warning.js";
import { provenanceHeader } from "./header.js";
import type { ModuleBody, ModuleText } from "./module-text.js";
import { planNames } from "./plan.js";
import {
  emitModuleJob,
  renderEmitted,
  type CachedModule,
  type ModuleJob,
  type ModuleRenderer,
} from "./render-module.js";
import { RUNTIME_PACKAGE } from "./runtime-package.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";
import { compareText } from "@mcp-codegen/runtime/internal";

export interface GeneratedFile {
  /** Relative to the output folder, `/`-separated. */
  path: string;
  content: string;
}

export type { CachedModule } from "./render-module.js";

/**
 * Formatted modules from earlier runs, keyed by everything that shapes them. Warnings are kept
 * with the text, so a run served from the cache reports exactly what a fresh run does.
 */
export interface GenerationCache {
  get(key: string): CachedModule | undefined;
  set(key: string, module: CachedModule): void;
}

/** What generation produced: the files, and the warnings of every module in path order. */
export interface GenerationResult {
  readonly files: GeneratedFile[];
  readonly warnings: GenerationWarning[];
}

export interface GenerateOptions {
  /** Written into every provenance header. */
  generatorVersion: string;
  cache?: GenerationCache;
  /** Files made outside the templates (the vendored runtime): output and listed like the rest. */
  extraFiles?: readonly GeneratedFile[];
  /**
   * `direct` (default): modules are printed in prettier's layout without prettier, which formats
   * only a module the direct printer cannot print. `prettier`: prettier formats every module; the
   * bytes are the same (a test holds this), only slower.
   */
  format?: FormatMode;
  /**
   * Renders the per-item modules (tools, prompts, resources, templates) the cache missed, on
   * other threads; the rest are rendered here. Without it, everything is rendered here. The
   * output is the same either way.
   */
  renderer?: ModuleRenderer;
  /**
   * Told each module (its path and unformatted text) that the direct printer left to prettier:
   * how a test or benchmark counts fallbacks. Not called for cached modules, modules a
   * `renderer` rendered, or in `prettier` mode.
   */
  onFormatFallback?: (path: string, unformatted: string) => void;
  /**
   * Told each per-item and aggregate module's file as soon as its text is final (a cached one
   * at once, a rendered one as it is done), in no particular order, while the rest still
   * render: how the CLI writes files meanwhile. The files returned are the same, and include
   * these; the snapshot and extra files are not told.
   */
  onFile?: (file: GeneratedFile) => void;
}

/**
 * Where a module at `path` imports the runtime from: the run-time package, whose export conditions
 * pick the build for the platform, or the vendored copy's Node entry (a copy has no conditions).
 */
function runtimeSpecifier(path: string, runtime: "package" | "vendored"): string {
  if (runtime === "package") return RUNTIME_PACKAGE;
  const depth = path.split("/").length - 1;
  return `${depth === 0 ? "./" : "../".repeat(depth)}runtime/node/index.js`;
}

interface PendingModule {
  path: string;
  /** Builds the module's data; only called when the cache misses. */
  emit: (runtimeImport: string) => ModuleBody & Pick<ModuleText, "warnings">;
  /** A line between the header and the imports (the `js` form's `@ts-self-types` for Deno). */
  directive?: string | undefined;
  /** The same as plain data a renderer can take to another thread: per-item modules only. */
  job?: (runtimeImport: string) => ModuleJob;
  /**
   * Everything the output depends on besides the generator version and header, as JSON text:
   * built from pieces serialised once per run (the snapshot and the plan are megabytes for a
   * large server, and two modules depend on all of them).
   */
  identity: string;
}

/** A per-item module: emitted from its job, here or by a renderer. */
function itemModule(
  path: string,
  identity: string,
  job: (runtimeImport: string) => ModuleJob,
): PendingModule {
  return { path, identity, job, emit: (r) => emitModuleJob(job(r)) };
}

/** Generates every file for a snapshot: the snapshot itself, one module per item, the index. */
export async function generateFiles(
  stored: Snapshot,
  options: GenerateOptions,
): Promise<GeneratedFile[]> {
  return (await generateOutput(stored, options)).files;
}

/**
 * Like `generateFiles`, with the warnings: what was generated in a weaker form than the server
 * declared (a part typed as `unknown`, a check left out), each naming the item and the pointer.
 */
export async function generateOutput(
  stored: Snapshot,
  options: GenerateOptions,
): Promise<GenerationResult> {
  // A snapshot read back from disk lists the files of its run; that list is output, not input.
  const { files: _previousFiles, ...snapshot } = stored;
  // Choices made at pull time live in the snapshot, so `generate` reproduces `pull` exactly.
  const runtime = snapshot.codegen?.runtime ?? "package";
  const split = snapshot.codegen?.emit === "js+dts";
  // The `js+dts` form imports `.js` files, which exist under that name for Deno too.
  const extension = split ? "js" : (snapshot.codegen?.importExtension ?? "js");
  const toolOptions: ToolEmitOptions = {
    openInputTypes: snapshot.codegen?.openInputTypes === true,
    serverCapabilities: snapshot.capabilities,
    toolCapabilities: snapshot.toolCapabilities,
  };
  const plan = planNames(snapshot, snapshot.codegen?.rename);
  const header = provenanceHeader(snapshot, options.generatorVersion);
  // Identities are only read to key the cache: without one, nothing is serialised. Each tool
  // entry is serialised once, for its own key and the all-tools module's; index and mock, which
  // depend on everything, share one digest of it rather than each hashing megabytes.
  const cached = options.cache !== undefined;
  const json = (value: unknown): string => (cached ? JSON.stringify(value) : "");
  const toolJson = plan.tools.map(json);
  const whole = cached
    ? json(hash("sha256", `${json(snapshot)},${json(plan)},${json(extension)}`, "base64url"))
    : "";
  // Every tool option but the whole needs table, of which each tool's key takes its own part: an
  // option added later is in the keys without anyone listing it here.
  const { toolCapabilities: _perTool, ...sharedToolOptions } = toolOptions;
  const sharedToolOptionsJson = json(sharedToolOptions);
  const modules: PendingModule[] = [
    ...plan.tools.map((e, i) =>
      // The tool's own needs, not the whole table: one tool's change re-renders that tool only.
      itemModule(
        e.file,
        `["tool",${toolJson[i]},${sharedToolOptionsJson},${json(needsOf(toolOptions, e.tool.name))}]`,
        (r) => ({
          kind: "tool",
          entry: e,
          options: toolOptions,
          runtimeImport: r,
        }),
      ),
    ),
    ...plan.prompts.map((e) =>
      itemModule(e.file, json(["prompt", e]), (r) => ({
        kind: "prompt",
        entry: e,
        runtimeImport: r,
      })),
    ),
    ...plan.resources.map((e) =>
      itemModule(e.file, json(["resource", e]), (r) => ({
        kind: "resource",
        entry: e,
        runtimeImport: r,
      })),
    ),
    ...plan.templates.map((e) =>
      itemModule(e.file, json(["template", e]), (r) => ({
        kind: "template",
        entry: e,
        runtimeImport: r,
      })),
    ),
    {
      path: "index.ts",
      emit: (r: string) => emitIndex(snapshot, plan, r, extension),
      identity: `["index",${whole}]`,
    },
    {
      path: "mock.ts",
      emit: (r: string) => emitMock(snapshot, plan, r, extension),
      identity: `["mock",${whole}]`,
    },
    {
      path: ALL_TOOLS_FILE,
      emit: (r: string) => emitAllTools(snapshot, plan, r, extension),
      identity: `["all-tools",${json(snapshot.server)},[${toolJson.join(",")}],${json(extension)}]`,
    },
    // Only for a server that listed skills: every other output stays as it was.
    ...(snapshot.skills === undefined || snapshot.skills.length === 0
      ? []
      : [
          {
            path: SKILLS_FILE,
            emit: (r: string) => emitSkills(snapshot.skills ?? [], r),
            identity: json(["skills", snapshot.skills]),
          },
        ]),
  ];
  // The js+dts form's files are rendered on this thread: each pair comes from one emit.
  const pending = split ? modules.flatMap(splitForms) : modules;
  // Deno (`importExtension: "ts"`) finds a `.js` file's types only through this directive.
  if (split && snapshot.codegen?.importExtension === "ts") {
    for (const module of pending) module.directive = selfTypes(module.path);
  }
  const done: Array<{ path: string; module: CachedModule }> = [];
  const misses: Miss[] = [];
  for (const module of pending) {
    const runtimeImport = runtimeSpecifier(module.path, runtime);
    const key = cached ? cacheKey(options.generatorVersion, header, runtimeImport, module) : "";
    const hit = options.cache?.get(key);
    if (hit !== undefined) {
      done.push({ path: module.path, module: hit });
      options.onFile?.({ path: module.path, content: hit.content });
    } else misses.push({ module, key, runtimeImport });
  }
  if (misses.length > 0) {
    const rendered = await renderMisses(header, misses, options);
    // Saved in module order, as they were missed, wherever they were rendered.
    misses.forEach((miss, i) => {
      options.cache?.set(miss.key, rendered[i]!);
      done.push({ path: miss.module.path, module: rendered[i]! });
    });
  }
  done.sort((a, b) => compareText(a.path, b.path));
  const files = done.map(({ path, module }) => ({ path, content: module.content }));
  files.push(...(options.extraFiles ?? []));
  if (snapshot.codegen?.agent === true) {
    files.push(...(await agentFiles(snapshot, plan, header, options.generatorVersion)));
  }
  const listed = files.map((file) => file.path).sort(compareText);
  files.push({ path: "mcp.snapshot.json", content: serializeSnapshot(snapshot, listed) });
  return {
    files: files.sort((a, b) => compareText(a.path, b.path)),
    warnings: done.flatMap(({ module }) => module.warnings),
  };
}

/**
 * The `js+dts` form of a module: `x.js` and `x.d.ts` for `x.ts`, from one emit (the emitter
 * builds both forms' statements from the same data). Relative imports keep ending in `.js`, which
 * TypeScript resolves to the `.d.ts` beside it.
 */
function splitForms(module: PendingModule): PendingModule[] {
  let made: ReturnType<PendingModule["emit"]> | undefined;
  const once = (runtimeImport: string) => (made ??= module.emit(runtimeImport));
  const form = (runtimeImport: string, which: "js" | "dts") => {
    const emitted = once(runtimeImport) as ModuleText;
    if (emitted.forms === undefined) throw new Error(`${module.path} has no js+dts form`);
    // The warnings go with the `.js` file only, so each is reported once.
    return which === "js"
      ? { ...emitted.forms.js, warnings: emitted.warnings ?? [] }
      : emitted.forms.dts;
  };
  const base = module.path.replace(/\.ts$/, "");
  return [
    { path: `${base}.d.ts`, emit: (r) => form(r, "dts"), identity: `["dts",${module.identity}]` },
    { path: `${base}.js`, emit: (r) => form(r, "js"), identity: `["js",${module.identity}]` },
  ];
}

/** `// @ts-self-types="./x.d.ts"` for `dir/x.js`; nothing for any other file. */
function selfTypes(path: string): string | undefined {
  if (!path.endsWith(".js")) return undefined;
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.js$/, ".d.ts");
  return `// @ts-self-types=${JSON.stringify(`./${name}`)}`;
}

interface Miss {
  module: PendingModule;
  key: string;
  runtimeImport: string;
}

/**
 * The missed modules rendered, in order: the per-item ones by `options.renderer` when there is
 * one, the others (index, mock, all-tools, skills: one each) on this thread meanwhile.
 */
async function renderMisses(
  header: string,
  misses: readonly Miss[],
  options: GenerateOptions,
): Promise<CachedModule[]> {
  const { renderer, format, onFile } = options;
  const far = renderer === undefined ? [] : misses.filter((miss) => miss.module.job !== undefined);
  const sent = new Set(far);
  const near = misses.filter((miss) => !sent.has(miss));
  // The renderer first, so other threads are busy while this one renders its own share.
  const farDone = (async () => {
    if (far.length === 0) return [];
    const jobs = far.map((miss) => miss.module.job!(miss.runtimeImport));
    return renderer!(
      header,
      jobs,
      format,
      onFile && ((i, module) => onFile({ path: far[i]!.module.path, content: module.content })),
    );
  })();
  const fallback = options.onFormatFallback;
  const nearDone = (async () =>
    renderEmitted(
      header,
      near.map((miss) => () => ({
        ...miss.module.emit(miss.runtimeImport),
        directive: miss.module.directive,
      })),
      {
        format,
        onFallback: fallback && ((i, printed) => fallback(near[i]!.module.path, printed)),
        onRendered:
          onFile &&
          ((i, module) => onFile({ path: near[i]!.module.path, content: module.content })),
      },
    ))();
  const [nearModules, farModules] = await Promise.all([nearDone, farDone]);
  const byMiss = new Map<Miss, CachedModule>();
  near.forEach((miss, i) => byMiss.set(miss, nearModules[i]!));
  far.forEach((miss, i) => byMiss.set(miss, farModules[i]!));
  return misses.map((miss) => byMiss.get(miss)!);
}

function cacheKey(
  version: string,
  header: string,
  runtimeImport: string,
  module: PendingModule,
): string {
  // One-shot hashing: no Hash object per module.
  const head = JSON.stringify([version, header, runtimeImport, module.path]);
  // The directive only when there is one, so the keys of the default form stay as they were.
  const directive = module.directive === undefined ? "" : `,${JSON.stringify(module.directive)}`;
  return hash("sha256", `${head.slice(0, -1)},${module.identity}${directive}]`, "base64url");
}
