/**
 * The generator: a snapshot in, the output folder's files out. Pure apart from formatting, which
 * is CPU only: no network, no file system, no process. Given the same snapshot and options it
 * returns the same bytes on every OS.
 */
import { createHash } from "node:crypto";
import { agentFiles } from "./agent/index.js";
import { ALL_TOOLS_FILE, emitAllTools } from "./emit-all-tools.js";
import { emitIndex } from "./emit-index.js";
import { emitMock } from "./emit-mock.js";
import { emitPrompt } from "./emit-prompt.js";
import { emitResource, emitTemplate } from "./emit-resource.js";
import { emitTool, type ToolEmitOptions } from "./emit-tool.js";
import { emitSkills, SKILLS_FILE } from "./emit-skills.js";
import { formatGenerated, type FormatMode } from "./format.js";
import type { GenerationWarning } from "./generation-warning.js";
import { provenanceHeader } from "./header.js";
import type { LaidOutPart, ModuleBody, ModuleText } from "./module-text.js";
import { planNames } from "./plan.js";
import { RUNTIME_PACKAGE } from "./runtime-package.js";
import { printModule } from "./print.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";
import { compareText } from "@mcp-codegen/runtime/internal";

export interface GeneratedFile {
  /** Relative to the output folder, `/`-separated. */
  path: string;
  content: string;
}

/** One generated module as the cache keeps it: its text and what generating it warned about. */
export interface CachedModule {
  readonly content: string;
  readonly warnings: readonly GenerationWarning[];
}

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
  /** Everything the output depends on besides the generator version and header. */
  identity: unknown;
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
  const modules: PendingModule[] = [
    ...plan.tools.map((e) => ({
      path: e.file,
      emit: (r: string) => emitTool(e, r, toolOptions),
      identity: ["tool", e, toolOptions],
    })),
    ...plan.prompts.map((e) => ({
      path: e.file,
      emit: (r: string) => emitPrompt(e, r),
      identity: ["prompt", e],
    })),
    ...plan.resources.map((e) => ({
      path: e.file,
      emit: (r: string) => emitResource(e, r),
      identity: ["resource", e],
    })),
    ...plan.templates.map((e) => ({
      path: e.file,
      emit: (r: string) => emitTemplate(e, r),
      identity: ["template", e],
    })),
    {
      path: "index.ts",
      emit: (r: string) => emitIndex(snapshot, plan, r, extension),
      identity: ["index", snapshot, plan, extension],
    },
    {
      path: "mock.ts",
      emit: (r: string) => emitMock(snapshot, plan, r, extension),
      identity: ["mock", snapshot, plan, extension],
    },
    {
      path: ALL_TOOLS_FILE,
      emit: (r: string) => emitAllTools(snapshot, plan, r, extension),
      identity: ["all-tools", snapshot.server, plan.tools, extension],
    },
    // Only for a server that listed skills: every other output stays as it was.
    ...(snapshot.skills === undefined || snapshot.skills.length === 0
      ? []
      : [
          {
            path: SKILLS_FILE,
            emit: (r: string) => emitSkills(snapshot.skills ?? [], r),
            identity: ["skills", snapshot.skills],
          },
        ]),
  ];
  const pending = split ? modules.flatMap(splitForms) : modules;
  // Deno (`importExtension: "ts"`) finds a `.js` file's types only through this directive.
  if (split && snapshot.codegen?.importExtension === "ts") {
    for (const module of pending) module.directive = selfTypes(module.path);
  }
  const done: Array<{ path: string; module: CachedModule }> = [];
  const misses: Array<{ module: PendingModule; key: string; runtimeImport: string }> = [];
  for (const module of pending) {
    const runtimeImport = runtimeSpecifier(module.path, runtime);
    const key = cacheKey(options.generatorVersion, header, runtimeImport, module);
    const cached = options.cache?.get(key);
    if (cached !== undefined) done.push({ path: module.path, module: cached });
    else misses.push({ module, key, runtimeImport });
  }
  if (misses.length > 0) {
    const emitted = misses.map((miss) => miss.module.emit(miss.runtimeImport));
    // Formatting stays on this thread: worker threads were measured slower on two cores (each
    // one loads and warms up prettier again).
    const formatted = await formatGenerated(
      emitted.map((module, i) => {
        const directive = misses[i]!.module.directive;
        return printModule(directive === undefined ? header : `${header}\n${directive}`, module);
      }),
      options.format,
    );
    misses.forEach((miss, i) => {
      const laidOut = emitted[i]!.laidOut;
      const module: CachedModule = {
        content: laidOut === undefined ? formatted[i]! : putLaidOut(formatted[i]!, laidOut),
        warnings: emitted[i]!.warnings ?? [],
      };
      options.cache?.set(miss.key, module);
      done.push({ path: miss.module.path, module });
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
    { path: `${base}.d.ts`, emit: (r) => form(r, "dts"), identity: ["dts", module.identity] },
    { path: `${base}.js`, emit: (r) => form(r, "js"), identity: ["js", module.identity] },
  ];
}

/** `// @ts-self-types="./x.d.ts"` for `dir/x.js`; nothing for any other file. */
function selfTypes(path: string): string | undefined {
  if (!path.endsWith(".js")) return undefined;
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.js$/, ".d.ts");
  return `// @ts-self-types=${JSON.stringify(`./${name}`)}`;
}

const PRETTIER_IGNORE = "// prettier-ignore";

/**
 * Replaces the placeholder prettier formatted (kept as written under `// prettier-ignore`) with
 * the part laid out for its column. Only a line that is the placeholder alone, under the ignore
 * comment, matches: server text reaches a module only inside string literals and comment lines.
 */
function putLaidOut(formatted: string, part: LaidOutPart): string {
  const lines = formatted.split("\n");
  const at = lines.findIndex(
    (line, i) => line.trimStart() === part.placeholder && lines[i - 1]?.trim() === PRETTIER_IGNORE,
  );
  if (at < 0) throw new Error(`formatted module lost its placeholder ${part.placeholder}`);
  const column = lines[at]!.length - part.placeholder.length;
  lines[at] = `${" ".repeat(column)}${part.layout(column)}`;
  return lines.join("\n");
}

function cacheKey(
  version: string,
  header: string,
  runtimeImport: string,
  module: PendingModule,
): string {
  const parts = [version, header, runtimeImport, module.path, module.identity];
  // Only when there is one, so the keys of the default form stay as they were.
  if (module.directive !== undefined) parts.push(module.directive);
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}
