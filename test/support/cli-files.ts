/**
 * Reading what the CLI wrote: whole output folders as path → text maps (so tests compare bytes
 * and search for leaked secrets), and file modification times (to prove nothing was rewritten).
 */
import { readFile, readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/** Folders that hold caches, not output: never part of a comparison. */
const SKIPPED = new Set(["node_modules"]);

/** How to walk a tree: `caches` includes node_modules (where the generation cache lives). */
export interface TreeOptions {
  caches?: boolean;
}

/** Every file under `root`, relative paths with `/`, sorted. */
export async function listTree(root: string, options: TreeOptions = {}): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (options.caches !== true && SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else found.push(relative(root, path).split(sep).join("/"));
    }
  }
  await walk(root);
  return found.sort();
}

/** Every file under `root` with its text, keyed by relative path, in path order. */
export async function readTree(
  root: string,
  options: TreeOptions = {},
): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const path of await listTree(root, options))
    tree[path] = await readFile(join(root, path), "utf8");
  return tree;
}

/** Modification times of every file under `root`, keyed by relative path. */
export async function modificationTimes(root: string): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const path of await listTree(root)) times[path] = (await stat(join(root, path))).mtimeMs;
  return times;
}

/**
 * Where any of `secrets` occurs in `texts` (a map of place → text), as `place: secret` lines;
 * empty when nothing leaked. Also looks for each secret percent-encoded and base64-encoded, the
 * two ways a value most often sneaks out disguised.
 */
export function findLeaks(
  texts: Readonly<Record<string, string>>,
  secrets: readonly string[],
): string[] {
  const leaks: string[] = [];
  for (const secret of secrets) {
    const disguises = new Set([
      secret,
      encodeURIComponent(secret),
      Buffer.from(secret).toString("base64"),
    ]);
    for (const [place, text] of Object.entries(texts)) {
      for (const form of disguises) if (text.includes(form)) leaks.push(`${place}: ${form}`);
    }
  }
  return leaks;
}
