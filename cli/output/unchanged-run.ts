/**
 * The shortcut for `generate` when nothing changed: each run that writes a folder records what
 * it generated from (a key over the snapshot's text, the generator's code and version) and the
 * size and modification time of every file it left there. A later run whose key matches and whose
 * files all still look exactly as recorded has nothing to do, and says so without loading the
 * generator: on a thousand tools that is most of the time an unchanged run took.
 *
 * Anything unexpected is a miss, never a wrong answer: no record, another key, a file missing,
 * replaced by a link, or touched since (its size or time differ). A miss runs the full
 * generation, which compares every byte. The record lives beside the generation cache, in
 * `node_modules/.cache/mcp-codegen/`.
 */
import { createHash, randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { generatorFingerprint } from "./generator-fingerprint.js";
import { PACKAGE_VERSION } from "./package-info.js";

/** What a run left in its folder: `[path, size, mtimeMs]` per file, and its warnings as printed. */
interface RunRecord {
  key: string;
  files: Array<[string, number, number]>;
  warnings: string[];
}

/** A run with nothing to do: how many files the folder holds, and the warnings to repeat. */
export interface UnchangedRun {
  files: number;
  warnings: readonly string[];
}

function recordFile(out: string, cwd: string): string {
  const id = createHash("sha256").update(out).digest("hex").slice(0, 16);
  return join(cwd, "node_modules", ".cache", "mcp-codegen", `${id}.run.json`);
}

/** The key of a generation from `snapshotText` by this build of the generator. */
export async function runKey(snapshotText: string): Promise<string> {
  return createHash("sha256")
    .update(`${PACKAGE_VERSION}\0${await generatorFingerprint()}\0`)
    .update(snapshotText)
    .digest("base64url");
}

function isRunRecord(value: unknown): value is RunRecord {
  if (typeof value !== "object" || value === null) return false;
  const { key, files, warnings } = value as Record<string, unknown>;
  return (
    typeof key === "string" &&
    Array.isArray(warnings) &&
    warnings.every((line) => typeof line === "string") &&
    Array.isArray(files) &&
    files.every(
      (file: unknown) =>
        Array.isArray(file) &&
        file.length === 3 &&
        typeof file[0] === "string" &&
        typeof file[1] === "number" &&
        typeof file[2] === "number",
    )
  );
}

/** The files of `out` as `[path, size, mtimeMs]`, or undefined if one is not a plain file. */
async function fileStates(
  out: string,
  paths: readonly string[],
): Promise<Array<[string, number, number]> | undefined> {
  const states: Array<[string, number, number]> = [];
  // Batches keep the number of requests in flight bounded on folders with thousands of files.
  for (let start = 0; start < paths.length; start += 256) {
    const batch = await Promise.all(
      paths.slice(start, start + 256).map((path) =>
        lstat(join(out, ...path.split("/"))).then(
          (stats) => (stats.isFile() ? ([path, stats.size, stats.mtimeMs] as const) : undefined),
          () => undefined,
        ),
      ),
    );
    for (const state of batch) {
      if (state === undefined) return undefined;
      states.push([...state]);
    }
  }
  return states;
}

/** The recorded run of `out` if its key is `key` and every file it left is as it left it. */
export async function unchangedRun(
  out: string,
  cwd: string,
  key: string,
): Promise<UnchangedRun | undefined> {
  let record: unknown;
  try {
    record = JSON.parse(await readFile(recordFile(out, cwd), "utf8"));
  } catch {
    return undefined;
  }
  if (!isRunRecord(record) || record.key !== key) return undefined;
  const now = await fileStates(
    out,
    record.files.map(([path]) => path),
  );
  if (now === undefined) return undefined;
  const same = now.every(
    ([, size, mtime], i) => size === record.files[i]![1] && mtime === record.files[i]![2],
  );
  return same ? { files: record.files.length, warnings: record.warnings } : undefined;
}

/**
 * Records the run that just left `paths` in `out`. Never fails the run: without a writable
 * `node_modules` the next run only takes the long way.
 */
export async function recordRun(
  out: string,
  cwd: string,
  key: string,
  paths: readonly string[],
  warnings: readonly string[],
): Promise<void> {
  try {
    const files = await fileStates(out, paths);
    if (files === undefined) return;
    const file = recordFile(out, cwd);
    await mkdir(dirname(file), { recursive: true });
    // Exclusive create under an unguessable name, then a rename: never through a planted link.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, JSON.stringify({ key, files, warnings }), { flag: "wx" });
    await rename(temporary, file);
  } catch {
    // A read-only or missing node_modules only costs speed next time.
  }
}
