/**
 * The shortcut for `generate` when nothing changed: each run that writes a folder records what
 * generated it (a key over the generator's code and version) and the size and modification time
 * of every file it left there, the snapshot it generated from among them. A later run whose key
 * matches and whose files all still look exactly as recorded has nothing to do, and says so
 * without loading the generator: on a thousand tools that is most of the time an unchanged run
 * took. The snapshot is checked like any other file, not read and hashed: its 2 MB were a tenth
 * of such a run (decoding, hashing, collecting the garbage).
 *
 * Anything unexpected is a miss, never a wrong answer: no record, another key, a file missing,
 * replaced by a link, or touched since (its size or time differ). A file whose time cannot prove
 * it untouched (timed in the tick of the file system's clock in which the run looked at it) is
 * checked by the hash of its bytes. A miss runs the full generation, which compares every byte.
 * The record lives beside the generation cache, in `node_modules/.cache/mcp-codegen/`.
 */
import { createHash, randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generatorFingerprint } from "./generator-fingerprint.js";
import { PACKAGE_VERSION } from "./package-info.js";
import { SNAPSHOT_FILE } from "./snapshot-file.js";

/**
 * A file as a run left it: `[path, size, mtimeMs]`, and for a file whose time does not prove it
 * unedited (see `settled`), the hash of its bytes as a fourth element.
 */
type FileState = [string, number, number] | [string, number, number, string];

/** What a run left in its folder, and its warnings as printed. */
interface RunRecord {
  key: string;
  files: FileState[];
  warnings: string[];
  /**
   * A time the file system's clock had reached when the run began looking at its files. A file
   * timed before this cannot change again without its time moving on; one timed at or after it
   * may have been edited in the same clock tick (file systems count time in ticks: a few
   * milliseconds, a second, two on FAT), and only its bytes can tell.
   */
  settled: number;
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

/** The key of a generation by this build of the generator (what it generated from is a file). */
export async function runKey(): Promise<string> {
  return `${PACKAGE_VERSION}:${await generatorFingerprint()}`;
}

function contentHash(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("base64url");
}

function isFileState(file: unknown): file is FileState {
  return (
    Array.isArray(file) &&
    (file.length === 3 || (file.length === 4 && typeof file[3] === "string")) &&
    typeof file[0] === "string" &&
    typeof file[1] === "number" &&
    typeof file[2] === "number"
  );
}

function isRunRecord(value: unknown): value is RunRecord {
  if (typeof value !== "object" || value === null) return false;
  const { key, files, warnings, settled } = value as Record<string, unknown>;
  return (
    typeof key === "string" &&
    typeof settled === "number" &&
    Array.isArray(warnings) &&
    warnings.every((line) => typeof line === "string") &&
    Array.isArray(files) &&
    files.every(isFileState)
  );
}

/** `path`, relative with `/`, under `out`: file system calls take `/` on every OS. */
function under(out: string, path: string): string {
  return `${out}/${path}`;
}

/** `[size, mtimeMs]` of a plain file of `out`, or undefined for anything else (or nothing). */
function fileState(out: string, path: string): [number, number] | undefined {
  const stats = lstatSync(under(out, path), { throwIfNoEntry: false });
  return stats?.isFile() === true ? [stats.size, stats.mtimeMs] : undefined;
}

/** Whether a recorded file is still as the run left it: same size and time, and bytes if needed. */
function isAsLeft(out: string, [path, size, mtime, hash]: FileState, settled: number): boolean {
  const now = fileState(out, path);
  if (now === undefined || now[0] !== size || now[1] !== mtime) return false;
  if (mtime < settled) return true;
  try {
    return hash === contentHash(readFileSync(under(out, path)));
  } catch {
    return false;
  }
}

/** The recorded run of `out` if its key is `key` and every file it left is as it left it. */
export function unchangedRun(out: string, cwd: string, key: string): UnchangedRun | undefined {
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(recordFile(out, cwd), "utf8"));
  } catch {
    return undefined;
  }
  if (!isRunRecord(record) || record.key !== key) return undefined;
  const { files, settled, warnings } = record;
  // The key does not cover what the run generated from: its snapshot must be a recorded file.
  if (!files.some(([path]) => path === SNAPSHOT_FILE)) return undefined;
  if (!files.every((file) => isAsLeft(out, file, settled))) return undefined;
  return { files: files.length, warnings };
}

/**
 * A time the file system's clock had reached before `paths` are looked at again: the latest time
 * among them now that is not past this process's clock (each file was timed when it was written,
 * before this look). A file dated in the future (an unpacked archive, another machine's clock) is
 * left out: it says nothing about where the clock is, and must not make the others look settled.
 * 0 when no time qualifies: every file is then checked by its bytes. No probe file is created
 * for this: a run that writes nothing leaves the folder as it was, for watchers' sake.
 */
function settledTime(out: string, paths: readonly string[]): number {
  const times = paths.map((path) => fileState(out, path)?.[1] ?? 0);
  const now = Date.now();
  return times.reduce((latest, time) => (time <= now && time > latest ? time : latest), 0);
}

/**
 * Records the run that just left `files` in `out` (their content as written). Never fails the
 * run: without a writable `node_modules` the next run only takes the long way.
 */
export function recordRun(
  out: string,
  cwd: string,
  key: string,
  files: ReadonlyArray<{ path: string; content: string }>,
  warnings: readonly string[],
): void {
  try {
    // Taken before the files are looked at: an edit after a look that keeps the file's time
    // can only happen within the tick the run is in, and such a file is checked by its bytes.
    const settled = settledTime(
      out,
      files.map((file) => file.path),
    );
    const states: FileState[] = [];
    for (const { path, content } of files) {
      const state = fileState(out, path);
      if (state === undefined) return;
      const [size, mtime] = state;
      states.push(
        mtime < settled ? [path, size, mtime] : [path, size, mtime, contentHash(content)],
      );
    }
    const file = recordFile(out, cwd);
    mkdirSync(dirname(file), { recursive: true });
    // Exclusive create under an unguessable name, then a rename: never through a planted link.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    writeFileSync(temporary, JSON.stringify({ key, files: states, warnings, settled }), {
      flag: "wx",
    });
    renameSync(temporary, file);
  } catch {
    // A read-only or missing node_modules only costs speed next time.
  }
}
