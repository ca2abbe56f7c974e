/**
 * The second half of `pull`: a pulled contract made into a snapshot and written (or previewed).
 * pull.ts loads this file with `import()` while the server boots, so the generator and the
 * output writing it brings are not loaded before the server is spawned.
 */
import { join, resolve } from "node:path";
import { createSnapshot, toKebabFileName, type PulledContract } from "../../templates/index.js";
import { describeWrite, planGenerated, writeGenerated } from "../output/index.js";
import { describePlan, previewOf, reportPlan } from "../output/index.js";
// Re-exported for pull.ts, which loads this file lazily: its workers then load during the boot.
export { warmRenderWorkers } from "../output/index.js";
import type { ServerJob } from "../jobs/index.js";
import type { Reporter } from "../terminal/index.js";
import { count } from "../terminal/index.js";

/** `--dry-run` / `--diff`, as the pull was given them. */
export interface PreviewFlags {
  dryRun?: boolean | undefined;
  diff?: boolean | undefined;
}

/**
 * Writes the snapshot of `kept` (the contract after the config's include/exclude) and its
 * generated client into the job's folder, and says so; `contract` is what the server offered,
 * for the count of what was excluded. Under a preview, writes nothing and resolves with the
 * function that prints what would change.
 */
export async function writePulled(
  pulled: { contract: PulledContract; kept: PulledContract },
  job: ServerJob,
  reporter: Reporter,
  cwd: string,
  flags: PreviewFlags = {},
): Promise<(() => void) | undefined> {
  const { contract, kept } = pulled;
  const snapshot = createSnapshot(kept);
  const out = job.out !== "" ? job.out : resolve(cwd, join("mcp", toKebabFileName(snapshot.name)));
  const policy = { reporter, strict: job.strict === true };
  // What the config's include/exclude left out is said, so a missing tool is never a mystery.
  const counted = (kind: "tools" | "prompts" | "resources" | "resourceTemplates", noun: string) => {
    const left = contract[kind].length - kept[kind].length;
    return `${count(snapshot[kind].length, noun)}${left > 0 ? ` (${left} excluded)` : ""}`;
  };
  const summary = `${job.label}: ${counted("tools", "tool")}, ${counted("prompts", "prompt")}, ${counted("resources", "resource")}, ${counted("resourceTemplates", "resource template")} → ${out}`;
  const preview = previewOf(flags);
  if (preview !== undefined) {
    const plan = await planGenerated(snapshot, out, job.label, cwd, policy);
    return () => {
      reporter.info(`${summary} ${describePlan(plan)}`);
      reportPlan(plan, out, reporter, { ...preview, cwd });
    };
  }
  const stats = await writeGenerated(snapshot, out, job.label, cwd, policy);
  reporter.info(`${summary} ${describeWrite(stats)}`);
  return undefined;
}
