/**
 * Writing generated files to an output folder, and comparing them with what is there. Only files
 * whose bytes change are written (so watchers and incremental builds see no churn), and files a
 * previous run generated that the new run does not are removed. Files without our provenance
 * marker are never touched.
 */
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
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

/** Existing files a previous run generated: TypeScript with our marker, and the snapshot. */
async function previouslyGenerated(root: string): Promise<string[]> {
  const generated: string[] = [];
  for (const path of await listFiles(root)) {
    if (path === "mcp.snapshot.json") {
      generated.push(path);
      continue;
    }
    if (!/\.(ts|js|d\.ts)$/.test(path)) continue;
    const text = await readIfExists(join(root, path));
    if (text?.startsWith(GENERATED_MARKER) === true) generated.push(path);
  }
  return generated;
}

/** Writes `files` under `root`, leaving identical files alone and removing stale generated ones. */
export async function writeOutput(root: string, files: readonly OutputFile[]): Promise<WriteStats> {
  const stats: WriteStats = { written: [], unchanged: 0, removed: [] };
  const wanted = new Set(files.map((file) => file.path));
  for (const file of files) {
    const target = join(root, file.path);
    if ((await readIfExists(target)) === file.content) {
      stats.unchanged++;
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
    stats.written.push(file.path);
  }
  for (const path of await previouslyGenerated(root)) {
    if (wanted.has(path)) continue;
    await rm(join(root, path));
    stats.removed.push(path);
  }
  return stats;
}

/** What differs between `files` and the folder: changed, missing, and stale generated files. */
export async function compareOutput(
  root: string,
  files: readonly OutputFile[],
): Promise<FileDifference[]> {
  const differences: FileDifference[] = [];
  const wanted = new Set(files.map((file) => file.path));
  for (const file of files) {
    const existing = await readIfExists(join(root, file.path));
    if (existing === undefined) differences.push({ path: file.path, status: "missing" });
    else if (existing !== file.content) differences.push({ path: file.path, status: "changed" });
  }
  for (const path of await previouslyGenerated(root)) {
    if (!wanted.has(path)) differences.push({ path, status: "extra" });
  }
  return differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
