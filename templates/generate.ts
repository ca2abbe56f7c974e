/**
 * The generator: a snapshot in, the output folder's files out. Pure apart from formatting, which
 * is CPU only: no network, no file system, no process. Given the same snapshot and options it
 * returns the same bytes on every OS.
 */
import { createHash } from "node:crypto";
import { emitIndex } from "./emit-index.js";
import { emitPrompt } from "./emit-prompt.js";
import { emitResource, emitTemplate } from "./emit-resource.js";
import { emitTool, type ToolEmitOptions } from "./emit-tool.js";
import { formatModules } from "./format.js";
import { provenanceHeader } from "./header.js";
import type { ModuleText } from "./module-text.js";
import { planNames } from "./plan.js";
import { printModule } from "./print.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";

export interface GeneratedFile {
  /** Relative to the output folder, `/`-separated. */
  path: string;
  content: string;
}

/** Formatted modules from earlier runs, keyed by everything that shapes them. */
export interface GenerationCache {
  get(key: string): string | undefined;
  set(key: string, content: string): void;
}

export interface GenerateOptions {
  /** Written into every provenance header. */
  generatorVersion: string;
  cache?: GenerationCache;
}

/** Where a module at `path` imports the runtime from. */
function runtimeSpecifier(path: string, runtime: "package" | "vendored"): string {
  if (runtime === "package") return "mcp-codegen/runtime";
  const depth = path.split("/").length - 1;
  return `${depth === 0 ? "./" : "../".repeat(depth)}runtime/index.js`;
}

interface PendingModule {
  path: string;
  /** Builds the module's data; only called when the cache misses. */
  emit: (runtimeImport: string) => ModuleText;
  /** Everything the output depends on besides the generator version and header. */
  identity: unknown;
}

/** Generates every file for a snapshot: the snapshot itself, one module per item, the index. */
export async function generateFiles(
  snapshot: Snapshot,
  options: GenerateOptions,
): Promise<GeneratedFile[]> {
  // Choices made at pull time live in the snapshot, so `generate` reproduces `pull` exactly.
  const runtime = snapshot.codegen?.runtime ?? "package";
  const toolOptions: ToolEmitOptions = {
    openInputTypes: snapshot.codegen?.openInputTypes === true,
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
      emit: (r: string) => emitIndex(snapshot, plan, r),
      identity: ["index", snapshot, plan],
    },
  ];
  const files: GeneratedFile[] = [];
  const misses: Array<{ module: PendingModule; key: string; runtimeImport: string }> = [];
  for (const module of modules) {
    const runtimeImport = runtimeSpecifier(module.path, runtime);
    const key = cacheKey(options.generatorVersion, header, runtimeImport, module);
    const cached = options.cache?.get(key);
    if (cached !== undefined) files.push({ path: module.path, content: cached });
    else misses.push({ module, key, runtimeImport });
  }
  if (misses.length > 0) {
    // Formatting stays on this thread: worker threads were measured slower on two cores (each
    // one loads and warms up prettier again).
    const texts = misses.map((miss) => printModule(header, miss.module.emit(miss.runtimeImport)));
    const formatted = await formatModules(texts);
    misses.forEach((miss, i) => {
      const content = formatted[i]!;
      options.cache?.set(miss.key, content);
      files.push({ path: miss.module.path, content });
    });
  }
  files.push({ path: "mcp.snapshot.json", content: serializeSnapshot(snapshot) });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function cacheKey(
  version: string,
  header: string,
  runtimeImport: string,
  module: PendingModule,
): string {
  return createHash("sha256")
    .update(JSON.stringify([version, header, runtimeImport, module.path, module.identity]))
    .digest("base64url");
}
