/**
 * Rendering modules from plain data: a `ModuleJob` names what to emit and carries every input,
 * so a job can be rendered on any thread (the CLI's render workers) with the bytes and warnings
 * the generator's own thread would give. Also the one place emitted modules become file text.
 */
import { emitPrompt } from "./emit-prompt.js";
import { emitResource, emitTemplate } from "./emit-resource.js";
import { emitTool, type ToolEmitOptions } from "./emit-tool.js";
import { printDirect } from "./direct-print.js";
import { formatModules, type FormatMode } from "./format.js";
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
  onRendered?: RenderedCallback,
) => Promise<CachedModule[]>;

/** Told a module (by its index) as soon as its text is final, once per module. */
export type RenderedCallback = (index: number, module: CachedModule) => void;

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

/**
 * Renders jobs on this thread: their text, formatted, and their warnings, in order; each one
 * also to `onRendered` as soon as it is done.
 */
export async function renderModuleJobs(
  header: string,
  jobs: readonly ModuleJob[],
  format?: FormatMode,
  onRendered?: RenderedCallback,
): Promise<CachedModule[]> {
  return renderEmitted(
    header,
    jobs.map((job) => () => emitModuleJob(job)),
    { format, onRendered },
  );
}

/**
 * What `renderEmitted` prints: a module's body and warnings, and a line to put under the
 * provenance header (the js+dts form's `@ts-self-types` for Deno), if any.
 */
export type EmittedModule = ModuleBody &
  Pick<ModuleText, "warnings"> & { directive?: string | undefined };

/** What `renderEmitted` may be told as it goes. */
export interface RenderEmittedOptions {
  format?: FormatMode | undefined;
  /** Told each module the direct printer left to prettier, with its unformatted text. */
  onFallback?: ((index: number, unformatted: string) => void) | undefined;
  /**
   * Told each module as soon as its text is final, while later ones are still rendering (in
   * `direct` mode; in `prettier` mode, once all are): how a caller writes files meanwhile.
   */
  onRendered?: RenderedCallback | undefined;
}

/**
 * Prints and formats emitted modules under the provenance header, in order: each module's
 * final text and its warnings (none when the emitter gave none). Each module is emitted (its
 * thunk called), printed and formatted before the next is emitted: its text is ready
 * (`onRendered`) long before the last module's, and what it built can be collected before the
 * next is built (a cold 1,000-tool `generate` peaked at 142–146 MB, against 151–162 MB).
 */
export async function renderEmitted(
  header: string,
  emits: readonly (() => EmittedModule)[],
  options: RenderEmittedOptions = {},
): Promise<CachedModule[]> {
  const { format = "direct", onFallback, onRendered } = options;
  const results: CachedModule[] = new Array<CachedModule>(emits.length);
  const left: Array<{ at: number; printed: string; module: EmittedModule }> = [];
  emits.forEach((emit, at) => {
    const module = emit();
    const printed = printModule(
      module.directive === undefined ? header : `${header}\n${module.directive}`,
      module,
    );
    const direct = format === "direct" ? printDirect(printed) : undefined;
    if (direct === undefined) {
      if (format === "direct") onFallback?.(at, printed);
      left.push({ at, printed, module });
      return;
    }
    results[at] = finish(module, direct);
    onRendered?.(at, results[at]);
  });
  if (left.length > 0) {
    const formatted = await formatModules(left.map((item) => item.printed));
    left.forEach(({ at, module }, i) => {
      results[at] = finish(module, formatted[i]!);
      onRendered?.(at, results[at]);
    });
  }
  return results;
}

function finish(module: EmittedModule, formatted: string): CachedModule {
  return {
    content: module.laidOut === undefined ? formatted : putLaidOut(formatted, module.laidOut),
    warnings: module.warnings ?? [],
  };
}
