/**
 * Writing generated files to an output folder, and comparing them with what is there. Only files
 * whose bytes change are written (so watchers and incremental builds see no churn), and files a
 * previous run generated that the new run does not are removed. Files without our provenance
 * marker are never touched.
 */
import { mkdir, readFile, readdir, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { GENERATED_MARKER } from "../templates/header.js";

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

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join("/"));
    }
  }
  await walk(root);
  return found.sort();
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Reads every existing file under `root` once, in parallel batches. */
async function readExisting(root: string): Promise<Map<string, string>> {
  const paths = await listFiles(root);
  const contents = new Map<string, string>();
  for (let start = 0; start < paths.length; start += 64) {
    const batch = paths.slice(start, start + 64);
    const texts = await Promise.all(batch.map((path) => readIfExists(join(root, path))));
    batch.forEach((path, i) => {
      const text = texts[i];
      if (text !== undefined) contents.set(path, text);
    });
  }
  return contents;
}

/** Files a previous run generated: TypeScript or JavaScript with our marker, and the snapshot. */
function isGenerated(path: string, text: string): boolean {
  if (path === "mcp.snapshot.json") return true;
  return /\.(ts|js)$/.test(path) && text.startsWith(GENERATED_MARKER);
}

/** Removes the folders that removing `paths` emptied (deepest first), never `root` itself. */
async function removeEmptyFolders(root: string, paths: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split("/").slice(0, -1);
    for (let depth = parts.length; depth > 0; depth--) folders.add(parts.slice(0, depth).join("/"));
  }
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst) {
    try {
      await rmdir(join(root, folder));
    } catch {
      // Not empty (a user's own file, or files still generated): it stays.
    }
  }
}

/** Writes `files` under `root`, leaving identical files alone and removing stale generated ones. */
export async function writeOutput(root: string, files: readonly OutputFile[]): Promise<WriteStats> {
  const existing = await readExisting(root);
  const wanted = new Set(files.map((file) => file.path));
  const changed = files.filter((file) => existing.get(file.path) !== file.content);
  const folders = [...new Set(changed.map((file) => dirname(join(root, file.path))))];
  await Promise.all(folders.map((folder) => mkdir(folder, { recursive: true })));
  for (let start = 0; start < changed.length; start += 64) {
    const batch = changed.slice(start, start + 64);
    await Promise.all(batch.map((file) => writeFile(join(root, file.path), file.content)));
  }
  const removed: string[] = [];
  for (const [path, text] of existing) {
    if (wanted.has(path) || !isGenerated(path, text)) continue;
    await rm(join(root, path));
    removed.push(path);
  }
  await removeEmptyFolders(root, removed);
  return {
    written: changed.map((file) => file.path),
    unchanged: files.length - changed.length,
    removed: removed.sort(),
  };
}

/** What differs between `files` and the folder: changed, missing, and stale generated files. */
export async function compareOutput(
  root: string,
  files: readonly OutputFile[],
): Promise<FileDifference[]> {
  const differences: FileDifference[] = [];
  const existing = await readExisting(root);
  const wanted = new Set(files.map((file) => file.path));
  for (const file of files) {
    const text = existing.get(file.path);
    if (text === undefined) differences.push({ path: file.path, status: "missing" });
    else if (text !== file.content) differences.push({ path: file.path, status: "changed" });
  }
  for (const [path, text] of existing) {
    if (!wanted.has(path) && isGenerated(path, text)) differences.push({ path, status: "extra" });
  }
  return differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
