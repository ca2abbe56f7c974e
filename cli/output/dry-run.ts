/**
 * `--dry-run` and `--diff` on `pull` and `generate`: what a run would do to each output folder,
 * printed instead of done. After the folder's summary line come the files it would write or
 * delete, by path; with `--diff`, a unified diff of each of them (a new file against /dev/null,
 * a deleted one to /dev/null), with paths from the working folder, as `git apply` takes it.
 *
 * Every line goes through the reporter like any other output: masked, and made safe for a
 * terminal (generated text can quote what a server sent).
 */
import { isAbsolute, join, relative, sep } from "node:path";
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import type { OutputPlan } from "./output-files.js";
import type { Reporter } from "../terminal/index.js";

/** Whether a command previews instead of writing, and whether with diffs. */
export interface Preview {
  diff: boolean;
}

/** The preview `--dry-run` / `--diff` ask for (`--diff` implies a dry run), or undefined. */
export function previewOf(flags: {
  dryRun?: boolean | undefined;
  diff?: boolean | undefined;
}): Preview | undefined {
  if (flags.diff === true) return { diff: true };
  return flags.dryRun === true ? { diff: false } : undefined;
}

/** `(dry run: would write 3, delete 1, leave 8 unchanged)`. */
export function describePlan(plan: OutputPlan): string {
  return `(dry run: would write ${plan.changed.length}, delete ${plan.stale.length}, leave ${plan.unchanged} unchanged)`;
}

interface Change {
  path: string;
  action: "write" | "create" | "delete";
  before: string;
  after: string;
}

function changesOf(plan: OutputPlan): Change[] {
  const changes: Change[] = [
    ...plan.changed.map((file) => ({
      path: file.path,
      action: file.previous === undefined ? ("create" as const) : ("write" as const),
      before: file.previous ?? "",
      after: file.content,
    })),
    ...plan.stale.map((file) => ({
      path: file.path,
      action: "delete" as const,
      before: file.content,
      after: "",
    })),
  ];
  // By path, code unit by code unit: the same order on every machine and locale.
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file's path as diff headers name it: from the working folder, with `/`. */
function patchPath(out: string, path: string, cwd: string): string {
  const file = join(out, ...path.split("/"));
  const fromCwd = relative(cwd, file);
  const shown = fromCwd.startsWith("..") || isAbsolute(fromCwd) ? file : fromCwd;
  return shown.split(sep).join("/");
}

/** Prints, after a folder's summary line, what the run would change there (and how, with diff). */
export function reportPlan(
  plan: OutputPlan,
  out: string,
  reporter: Reporter,
  options: Preview & { cwd: string },
): void {
  const changes = changesOf(plan);
  for (const change of changes) {
    const verb = change.action === "delete" ? "delete" : "write";
    reporter.info(`  ${verb} ${change.path}${change.action === "create" ? " (new)" : ""}`);
  }
  if (!options.diff) return;
  for (const change of changes) {
    const path = patchPath(out, change.path, options.cwd);
    const patch = createTwoFilesPatch(
      change.action === "create" ? "/dev/null" : `a/${path}`,
      change.action === "delete" ? "/dev/null" : `b/${path}`,
      change.before,
      change.after,
      undefined,
      undefined,
      { context: 3, headerOptions: FILE_HEADERS_ONLY },
    );
    for (const line of patch.replace(/\n$/, "").split("\n")) reporter.info(line);
  }
}
