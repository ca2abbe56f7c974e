/**
 * Generating a snapshot's files into an output folder, as `pull` and `generate` both do, with
 * the generation cache.
 */
import { isSafeOutputPath, type Snapshot } from "../../templates/index.js";
import { startBackgroundWrites, type BackgroundWritesOptions } from "./background-writes.js";
import { openGenerationCache } from "./generation-cache.js";
import type { WarningPolicy } from "./generation-warnings.js";
import { renderOutput, type RenderedOutput } from "./load-snapshot.js";
import { planOutput, writeOutput, type OutputPlan, type WriteStats } from "./output-files.js";
import { recordRun, runKey } from "./unchanged-run.js";
import { SNAPSHOT_FILE } from "./snapshot-file.js";

/**
 * Fewer items than this and a new folder is written after rendering, on this thread: starting
 * the writer costs more than the few files it would write meanwhile.
 */
const BACKGROUND_MIN_ITEMS = 100;

function itemCount(snapshot: Snapshot): number {
  return (
    snapshot.tools.length +
    snapshot.prompts.length +
    snapshot.resources.length +
    snapshot.resourceTemplates.length
  );
}

export interface GeneratedOutput extends WriteStats {
  /** How many files the folder holds for this snapshot. */
  files: number;
}

export interface WriteGeneratedOptions {
  /** How a new folder's files are written while the rest render (tests name the worker). */
  background?: BackgroundWritesOptions;
}

/**
 * Generates and writes one output folder. Generation warnings are reported first; under
 * `policy.strict` any warning throws (exit 4) and nothing is written.
 */
export async function writeGenerated(
  snapshot: Snapshot,
  out: string,
  label: string,
  cwd: string,
  policy: WarningPolicy,
  options: WriteGeneratedOptions = {},
): Promise<GeneratedOutput> {
  const cache = await openGenerationCache(out, cwd);
  // Under --strict a warning must stop the run before any file exists, not take files back.
  const background =
    policy.strict || itemCount(snapshot) < BACKGROUND_MIN_ITEMS
      ? undefined
      : startBackgroundWrites(out, options.background);
  let rendered: RenderedOutput;
  try {
    rendered = await renderOutput(
      snapshot,
      label,
      policy,
      cache,
      background && ((file) => isSafeOutputPath(file.path) && background.write(file)),
    );
  } catch (error) {
    await background?.discard();
    throw error;
  }
  const { files, warnings } = rendered;
  // Before waiting on the background writer: the cache's JSON is built here while it finishes.
  await cache.save();
  const stats = await writeOutput(out, files, await background?.finish());
  if (snapshot.codegen?.emit === "js+dts") {
    // Loaded only for this form: the default's runs read no tsconfig.
    const { jsDtsBuildProblem } = await import("./js-dts-build.js");
    const problem = jsDtsBuildProblem(out);
    if (problem !== undefined) policy.reporter.warn(`${label}: ${problem}`);
  }
  // A vendored runtime's bytes come from the runtime build, which the key does not cover.
  if (
    files.some((file) => file.path === SNAPSHOT_FILE) &&
    snapshot.codegen?.runtime !== "vendored"
  ) {
    recordRun(out, cwd, await runKey(), files, warnings);
  }
  return { ...stats, files: files.length };
}

/**
 * What `writeGenerated` would do, for `--dry-run`: the same generation and checks, and nothing
 * written, neither in the folder nor in the generation cache or the run record.
 */
export async function planGenerated(
  snapshot: Snapshot,
  out: string,
  label: string,
  cwd: string,
  policy: WarningPolicy,
): Promise<OutputPlan> {
  // Read for speed, never saved: a dry run leaves node_modules/.cache as it found it.
  const cache = await openGenerationCache(out, cwd);
  const { files } = await renderOutput(snapshot, label, policy, cache);
  return planOutput(out, files);
}

/** `(3 written, 8 unchanged, removed 1 stale)`. */
export function describeWrite(stats: WriteStats): string {
  const removed = stats.removed.length === 0 ? "" : `, removed ${stats.removed.length} stale`;
  return `(${stats.written.length} written, ${stats.unchanged} unchanged${removed})`;
}
