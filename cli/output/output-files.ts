/**
 * Writing generated files to an output folder, and comparing them with what is there. Only files
 * whose bytes change are written (so watchers and incremental builds see no churn).
 *
 * What a run may touch, checked for every file before anything is written:
 * - it overwrites a file only if that file carries the provenance marker (or, for
 *   `mcp.snapshot.json`, is a snapshot); a user's own file in the way stops the run with exit 2;
 * - it deletes only files its previous snapshot listed and that still carry the marker, so
 *   another client nested inside the folder is never taken for stale files;
 * - it never writes or deletes through a symbolic link below the folder (exit 2).
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  GENERATED_TAG,
  hasAgentMarker,
  hasGeneratedMarker,
  isSafeOutputPath,
} from "../../templates/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import {
  blockedPathError,
  checkOutputRoot,
  createPathInspector,
  type PathInspector,
} from "./output-paths.js";
import { SNAPSHOT_FILE } from "./snapshot-file.js";

/** One file of output, with a path relative to the output folder using `/`. */
export interface OutputFile {
  path: string;
  content: string;
}

export interface WriteStats {
  written: string[];
  unchanged: number;
  removed: string[];
}

export type FileDifference = { path: string; status: "changed" | "missing" | "extra" };

/** What writing a folder's files would do: computed before anything is touched. */
export interface OutputPlan {
  /** The files to write, with the text now at their path (undefined: a new file). */
  changed: Array<OutputFile & { previous: string | undefined }>;
  /** Stale generated files to delete, with their text, by path. */
  stale: OutputFile[];
  /** How many files already hold exactly what would be written. */
  unchanged: number;
}

/** A file an earlier run generated: our marker at the top, or our snapshot. */
function isGenerated(path: string, text: string): boolean {
  // A snapshot that no longer parses (a merge conflict) is still recognisably ours.
  if (path === SNAPSHOT_FILE) return text.includes('"formatVersion"');
  // SKILL.md must open with its frontmatter and JSON has no comments: their marker sits elsewhere.
  return hasGeneratedMarker(text) || hasAgentMarker(path, text);
}

/**
 * The files the folder's current snapshot says its run generated; empty when there is no
 * snapshot, it does not parse, or it predates the list (then nothing is deleted).
 */
function listedFiles(snapshotText: string | undefined): Set<string> {
  if (snapshotText === undefined) return new Set();
  let files: unknown;
  try {
    files = (JSON.parse(snapshotText) as { files?: unknown } | null)?.files;
  } catch {
    return new Set();
  }
  if (!Array.isArray(files)) return new Set();
  return new Set(
    files.filter(
      (path): path is string =>
        typeof path === "string" && path !== SNAPSHOT_FILE && isSafeOutputPath(path),
    ),
  );
}

function inspectAll(inspector: PathInspector, paths: readonly string[]) {
  return paths.map((path) => inspector.inspectSync(path));
}

/**
 * What writing `files` into `root` would do, by the rules above: throws (exit 2) for a file in
 * the way that is not ours, and reads only; `--dry-run` reports this plan instead of running it.
 */
export async function planOutput(
  root: string,
  all: readonly OutputFile[],
  created: ReadonlySet<string> = new Set(),
): Promise<OutputPlan> {
  const wanted = new Set(all.map((file) => file.path));
  // What this run created already (see `writeOutput`) holds what it should: nothing to inspect.
  const files = created.size === 0 ? all : all.filter((file) => !created.has(file.path));
  for (const file of files) {
    if (!isSafeOutputPath(file.path)) {
      throw new CliError(
        `generated path ${JSON.stringify(file.path)} is unsafe`,
        ExitCode.Internal,
      );
    }
  }
  checkOutputRoot(root);
  const inspector = createPathInspector(root);
  const states = inspectAll(
    inspector,
    files.map((file) => file.path),
  );
  const changed: OutputPlan["changed"] = [];
  const foreign: string[] = [];
  let previousSnapshot: string | undefined;
  files.forEach((file, i) => {
    const state = states[i]!;
    if (state.kind === "link" || state.kind === "other") throw blockedPathError(root, state);
    if (state.kind === "file" && file.path === SNAPSHOT_FILE) previousSnapshot = state.text;
    if (state.kind === "file" && state.text === file.content) return;
    if (state.kind === "file" && !isGenerated(file.path, state.text)) foreign.push(file.path);
    else changed.push({ ...file, previous: state.kind === "file" ? state.text : undefined });
  });
  if (foreign.length > 0) throw foreignFileError(root, foreign);
  // The same snapshot as before lists exactly the files wanted now: none can be stale, and the
  // megabytes of a large snapshot need not be parsed to learn it.
  const same = files.some(
    (file) => file.path === SNAPSHOT_FILE && file.content === previousSnapshot,
  );
  const listed = same ? [] : [...listedFiles(previousSnapshot)];
  const candidates = listed.filter((path) => !wanted.has(path)).sort();
  const stale: OutputFile[] = [];
  inspectAll(inspector, candidates).forEach((state, i) => {
    if (state.kind === "link" || state.kind === "other") throw blockedPathError(root, state);
    if (state.kind === "file" && isGenerated(candidates[i]!, state.text))
      stale.push({ path: candidates[i]!, content: state.text });
  });
  return { changed, stale, unchanged: files.length - changed.length };
}

function foreignFileError(root: string, paths: readonly string[]): CliError {
  const more = paths.length > 1 ? ` (and ${paths.length - 1} more)` : "";
  return new CliError(
    `${join(root, ...paths[0]!.split("/"))}${more} exists and was not generated by mcp-codegen (no "${GENERATED_TAG}" line at its top); nothing was written: move it away or choose another output folder`,
    ExitCode.Usage,
  );
}

/**
 * Writes through a fresh temporary file and a rename: the exclusive create never follows a link
 * planted at the temporary name, and the rename replaces the entry itself, never a link's target.
 * `mode` (e.g. the replaced file's) is set on the new file before it takes the name; without it
 * the file gets the usual default (0666 less the umask).
 */
export async function writeReplacing(path: string, content: string, mode?: number): Promise<void> {
  // Synchronous underneath (as the run's own writes); async for the callers that await it.
  replaceFile(path, content, mode);
}

/** Writes a file this call creates (`O_EXCL`: never through a link, never over anything). */
function createFile(path: string, content: string): void {
  const descriptor = openSync(path, "wx");
  try {
    writeFileSync(descriptor, content);
  } finally {
    closeSync(descriptor);
  }
}

/** `writeReplacing`, synchronously: a small file costs far less than a promise round trip. */
function replaceFile(path: string, content: string, mode?: number): void {
  const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    createFile(temporary, content);
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes one planned file. Where the plan found nothing, the file is created in place with an
 * exclusive create (which fails rather than follow or replace anything that appeared since the
 * plan); an existing generated file is replaced through a temporary file and a rename.
 */
function writePlanned(root: string, file: OutputPlan["changed"][number]): void {
  const path = join(root, ...file.path.split("/"));
  if (file.previous !== undefined) return replaceFile(path, file.content);
  try {
    createFile(path, file.content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new CliError(
      `${path} appeared while mcp-codegen was writing the folder, and was left alone: run again once nothing else writes there`,
      ExitCode.Usage,
    );
  }
}

/** Removes the folders that removing `paths` emptied (deepest first), never `root` itself. */
function removeEmptyFolders(root: string, paths: readonly string[]): void {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split("/").slice(0, -1);
    for (let depth = parts.length; depth > 0; depth--) folders.add(parts.slice(0, depth).join("/"));
  }
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst) {
    try {
      rmdirSync(join(root, folder));
    } catch {
      // Not empty (a user's own file, or files still generated): it stays.
    }
  }
}

/**
 * `mkdir -p folder`; a file where a folder must be (`--out a/file/sub`) is the user's to move,
 * so it is a usage error naming the output folder, not a crash.
 */
function makeFolder(folder: string, root: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTDIR" && code !== "EEXIST") throw error;
    throw new CliError(
      `cannot write to ${root}: a file is in the way of the folder ${folder}; choose another --out (or out in the config), or move the file`,
      ExitCode.Usage,
    );
  }
}

/**
 * Writes `files` under `root`, leaving identical files alone and removing stale generated ones.
 * `created`: the paths this run already created, new files with exactly these files' text (see
 * background-writes.ts); they count as written.
 */
export async function writeOutput(
  root: string,
  files: readonly OutputFile[],
  created: ReadonlySet<string> = new Set(),
): Promise<WriteStats> {
  const { changed, stale: staleFiles, unchanged } = await planOutput(root, files, created);
  const stale = staleFiles.map((file) => file.path);
  const folders = new Set(changed.map((file) => dirname(join(root, file.path))));
  for (const folder of folders) makeFolder(folder, root);
  for (const file of changed) writePlanned(root, file);
  for (const path of stale) rmSync(join(root, path));
  removeEmptyFolders(root, stale);
  const rewritten = new Set(changed.map((file) => file.path));
  const written = files
    .filter((file) => created.has(file.path) || rewritten.has(file.path))
    .map((file) => file.path);
  return { written, unchanged, removed: stale };
}

/**
 * What differs between `files` and the folder: changed, missing, and stale generated files (those
 * the folder's snapshot lists that `files` no longer has). A link where a file should be counts as
 * changed; it is never followed.
 */
export async function compareOutput(
  root: string,
  files: readonly OutputFile[],
): Promise<FileDifference[]> {
  const differences: FileDifference[] = [];
  const inspector = createPathInspector(root);
  const states = inspectAll(
    inspector,
    files.map((file) => file.path),
  );
  let snapshotText: string | undefined;
  files.forEach((file, i) => {
    const state = states[i]!;
    if (state.kind === "absent") differences.push({ path: file.path, status: "missing" });
    else if (state.kind !== "file" || state.text !== file.content)
      differences.push({ path: file.path, status: "changed" });
    if (state.kind === "file" && file.path === SNAPSHOT_FILE) snapshotText = state.text;
  });
  const wanted = new Set(files.map((file) => file.path));
  const candidates = [...listedFiles(snapshotText)].filter((path) => !wanted.has(path)).sort();
  inspectAll(inspector, candidates).forEach((state, i) => {
    if (state.kind === "file" && isGenerated(candidates[i]!, state.text))
      differences.push({ path: candidates[i]!, status: "extra" });
  });
  return differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
