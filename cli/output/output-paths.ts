/**
 * Looking at a path inside an output folder without following links. The folder itself may be a
 * link (the user named it), but nothing below it is followed: a link to a file or folder outside
 * would let a regenerated module overwrite, or a stale-file cleanup delete, something that is not
 * ours. Every component is checked with `lstat`, and each folder only once per run.
 *
 * Synchronous on purpose: a run inspects a thousand small files, and a synchronous call costs a
 * fraction of a promise's round trip through the thread pool. Each folder is listed once, so a
 * path whose name is not in its folder's listing is known absent without a call of its own (a
 * new client in a new or nearly empty folder costs a few listings, not a thousand lookups).
 */
import { lstatSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { CliError, ExitCode } from "../terminal/index.js";

/** What is at a path: nothing, a regular file (with its text), or something we must not touch. */
export type PathState =
  | { kind: "absent" }
  | { kind: "file"; text: string }
  | { kind: "link"; at: string }
  | { kind: "other"; at: string };

/** Inspects paths under one root, remembering the folders it has already checked. */
export interface PathInspector {
  inspect(path: string): Promise<PathState>;
  /** `inspect`, synchronously (the same answer, without a promise per path). */
  inspectSync(path: string): PathState;
}

type FolderState = "folder" | "absent" | { kind: "link" | "other"; at: string };

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * A name as a case-insensitive, normalising file system (macOS, Windows) may compare it: the
 * listing rules a name out only when no entry could be the same file under another spelling.
 */
function foldName(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

/**
 * Inspects paths below `root`. A folder's listing only ever says "absent"; any entry that might
 * be the path is looked at with `lstat` itself, as before listings, so a listing never lets a
 * link or a foreign file through.
 */
export function createPathInspector(root: string): PathInspector {
  const folders = new Map<string, FolderState>();
  // Folded names in each checked folder (by path); undefined when the folder could not be listed.
  const listings = new Map<string, Set<string> | undefined>();

  function listed(parts: readonly string[]): Set<string> | undefined {
    const key = parts.join("/");
    if (!listings.has(key)) {
      let names: Set<string> | undefined;
      try {
        names = new Set(readdirSync(join(root, ...parts)).map(foldName));
      } catch (error) {
        // A folder that is not there holds nothing; an unreadable one: each path is looked at.
        names = isMissing(error) ? new Set() : undefined;
      }
      listings.set(key, names);
    }
    return listings.get(key);
  }

  /** Whether the folder's listing proves `name` is not in it. */
  function knownAbsent(parent: readonly string[], name: string): boolean {
    const names = listed(parent);
    return names !== undefined && !names.has(foldName(name));
  }

  function folder(parts: readonly string[]): FolderState {
    const key = parts.join("/");
    let state = folders.get(key);
    if (state === undefined) {
      state = checkFolder(parts);
      folders.set(key, state);
    }
    return state;
  }

  function checkFolder(parts: readonly string[]): FolderState {
    const parent = parts.slice(0, -1);
    if (parent.length > 0) {
      const state = folder(parent);
      if (state !== "folder") return state;
    }
    if (knownAbsent(parent, parts.at(-1)!)) return "absent";
    const at = parts.join("/");
    try {
      const stats = lstatSync(join(root, ...parts));
      if (stats.isSymbolicLink()) return { kind: "link", at };
      return stats.isDirectory() ? "folder" : { kind: "other", at };
    } catch (error) {
      if (isMissing(error)) return "absent";
      throw error;
    }
  }

  function inspectSync(path: string): PathState {
    const parts = path.split("/");
    const parent = parts.slice(0, -1);
    if (parent.length > 0) {
      const state = folder(parent);
      if (state === "absent") return { kind: "absent" };
      if (state !== "folder") return state;
    }
    if (knownAbsent(parent, parts.at(-1)!)) return { kind: "absent" };
    const full = join(root, ...parts);
    try {
      const stats = lstatSync(full);
      if (stats.isSymbolicLink()) return { kind: "link", at: path };
      if (!stats.isFile()) return { kind: "other", at: path };
      return { kind: "file", text: readFileSync(full, "utf8") };
    } catch (error) {
      if (isMissing(error)) return { kind: "absent" };
      throw error;
    }
  }

  return {
    inspectSync,
    inspect: (path) => {
      try {
        return Promise.resolve(inspectSync(path));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  };
}

/** The one-line refusal for a path that is a link or not a regular file. */
export function blockedPathError(root: string, state: { kind: "link" | "other"; at: string }) {
  const where = join(root, ...state.at.split("/"));
  const what =
    state.kind === "link"
      ? "is a symbolic link; mcp-codegen never writes or deletes through links inside the output folder"
      : "is in the way (not a regular file or folder where mcp-codegen writes)";
  return new CliError(
    `${where} ${what}: remove it or choose another output folder`,
    ExitCode.Usage,
  );
}

/**
 * Fails with exit 2 when the output folder exists but is not a folder. The folder itself is
 * followed if it is a link: the user named it.
 */
export function checkOutputRoot(root: string): void {
  try {
    if (statSync(root).isDirectory()) return;
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  throw new CliError(
    `${root} is not a folder: choose another output folder for the generated client`,
    ExitCode.Usage,
  );
}
