/**
 * Looking at a path inside an output folder without following links. The folder itself may be a
 * link (the user named it), but nothing below it is followed: a link to a file or folder outside
 * would let a regenerated module overwrite, or a stale-file cleanup delete, something that is not
 * ours. Every component is checked with `lstat`, and each folder only once per run.
 */
import { lstat, readFile, stat } from "node:fs/promises";
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
}

type FolderState = "folder" | "absent" | { kind: "link" | "other"; at: string };

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function createPathInspector(root: string): PathInspector {
  const folders = new Map<string, Promise<FolderState>>();

  function folder(parts: readonly string[]): Promise<FolderState> {
    const key = parts.join("/");
    let state = folders.get(key);
    if (state === undefined) {
      state = checkFolder(parts);
      folders.set(key, state);
    }
    return state;
  }

  async function checkFolder(parts: readonly string[]): Promise<FolderState> {
    if (parts.length > 1) {
      const parent = await folder(parts.slice(0, -1));
      if (parent !== "folder") return parent;
    }
    const at = parts.join("/");
    try {
      const stats = await lstat(join(root, ...parts));
      if (stats.isSymbolicLink()) return { kind: "link", at };
      return stats.isDirectory() ? "folder" : { kind: "other", at };
    } catch (error) {
      if (isMissing(error)) return "absent";
      throw error;
    }
  }

  return {
    async inspect(path) {
      const parts = path.split("/");
      if (parts.length > 1) {
        const parent = await folder(parts.slice(0, -1));
        if (parent === "absent") return { kind: "absent" };
        if (parent !== "folder") return parent;
      }
      const full = join(root, ...parts);
      try {
        const stats = await lstat(full);
        if (stats.isSymbolicLink()) return { kind: "link", at: path };
        if (!stats.isFile()) return { kind: "other", at: path };
        return { kind: "file", text: await readFile(full, "utf8") };
      } catch (error) {
        if (isMissing(error)) return { kind: "absent" };
        throw error;
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
export async function checkOutputRoot(root: string): Promise<void> {
  try {
    if ((await stat(root)).isDirectory()) return;
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  throw new CliError(
    `${root} is not a folder: choose another output folder for the generated client`,
    ExitCode.Usage,
  );
}
