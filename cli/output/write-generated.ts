/**
 * Generating a snapshot's files into an output folder, as `pull` and `generate` both do, with
 * the generation cache.
 */
import type { Snapshot } from "../../templates/index.js";
import { openGenerationCache } from "./generation-cache.js";
import type { WarningPolicy } from "./generation-warnings.js";
import { renderOutput } from "./load-snapshot.js";
import { planOutput, writeOutput, type OutputPlan, type WriteStats } from "./output-files.js";
import { recordRun, runKey } from "./unchanged-run.js";

const SNAPSHOT_FILE = "mcp.snapshot.json";

export interface GeneratedOutput extends WriteStats {
  /** How many files the folder holds for this snapshot. */
  files: number;
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
): Promise<GeneratedOutput> {
  const cache = await openGenerationCache(out, cwd);
  const { files, warnings } = await renderOutput(snapshot, label, policy, cache);
  const stats = await writeOutput(out, files);
  await cache.save();
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
