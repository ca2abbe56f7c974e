/**
 * Rendering modules from plain data: a `ModuleJob` names what to emit and carries every input,
 * so a job can be rendered on any thread (the CLI's render workers) with the bytes and warnings
 * the generator's own thread would give. Also the one place emitted modules become file text.
 */
import { emitPrompt } from "./emit-prompt.js";
import { emitResource, emitTemplate } from "./emit-resource.js";
import { emitTool, type ToolEmitOptions } from "./emit-tool.js";
import { formatGenerated, type FormatMode } from "./format.js";
import type { GenerationWarning } from "./generation-warning.js";
import type { ModuleBody, ModuleText } from "./module-text.js";
import { putLaidOut } from "./put-laid-out.js";
import type { PlannedPrompt, PlannedResource, PlannedTemplate, PlannedTool } from "./plan.js";
import { printModule } from "./print.js";

/** One generated module as the cache keeps it: its text and what generating it warned about. */
export interface CachedModule {
  readonly content: string;
  readonly warnings: readonly GenerationWarning[];
}

/**
 * One per-item module to render, as structured-cloneable data (no functions, no classes): a
 * tool, prompt, resource or resource template with its planned names and the import path of
 * the runtime for its folder.
 */
export type ModuleJob =
  | { kind: "tool"; entry: PlannedTool; options: ToolEmitOptions; runtimeImport: string }
  | { kind: "prompt"; entry: PlannedPrompt; runtimeImport: string }
  | { kind: "resource"; entry: PlannedResource; runtimeImport: string }
  | { kind: "template"; entry: PlannedTemplate; runtimeImport: string };

/**
 * Renders jobs somewhere else (worker threads), resolving to what `renderModuleJobs` would give
 * for the same arguments, in the same order. A renderer that cannot must render them itself or
 * reject; it never resolves to anything else.
 */
export type ModuleRenderer = (
  header: string,
  jobs: readonly ModuleJob[],
  format: FormatMode | undefined,
) => Promise<CachedModule[]>;

/** The module data of one job (pure; throws only on a generator bug). */
export function emitModuleJob(job: ModuleJob): ModuleText {
  switch (job.kind) {
    case "tool":
      return emitTool(job.entry, job.runtimeImport, job.options);
    case "prompt":
      return emitPrompt(job.entry, job.runtimeImport);
    case "resource":
      return emitResource(job.entry, job.runtimeImport);
    case "template":
      return emitTemplate(job.entry, job.runtimeImport);
  }
}

/** Renders jobs on this thread: their text, formatted, and their warnings, in order. */
export async function renderModuleJobs(
  header: string,
  jobs: readonly ModuleJob[],
  format?: FormatMode,
): Promise<CachedModule[]> {
  return renderEmitted(header, jobs.map(emitModuleJob), format);
}

/**
 * What `renderEmitted` prints: a module's body and warnings, and a line to put under the
 * provenance header (the js+dts form's `@ts-self-types` for Deno), if any.
 */
export type EmittedModule = ModuleBody &
  Pick<ModuleText, "warnings"> & { directive?: string | undefined };

/**
 * Prints and formats emitted modules under the provenance header, in order: each module's
 * final text and its warnings (none when the emitter gave none). `onFallback` is told each one
 * the direct printer left to prettier, with its unformatted text.
 */
export async function renderEmitted(
  header: string,
  emitted: readonly EmittedModule[],
  format?: FormatMode,
  onFallback?: (index: number, unformatted: string) => void,
): Promise<CachedModule[]> {
  const printed = emitted.map((module) =>
    printModule(module.directive === undefined ? header : `${header}\n${module.directive}`, module),
  );
  const formatted = await formatGenerated(
    printed,
    format,
    onFallback && ((i) => onFallback(i, printed[i]!)),
  );
  return emitted.map((module, i) => ({
    content:
      module.laidOut === undefined ? formatted[i]! : putLaidOut(formatted[i]!, module.laidOut),
    warnings: module.warnings ?? [],
  }));
}
