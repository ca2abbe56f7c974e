/**
 * Everything observable about a path without following it, for tests that prove a command left
 * something untouched: its kind, mode and inode, a file's text, and for a link the link text and
 * the fingerprint of what it reaches (so writing through a link shows up as a change too).
 */
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

export async function pathFingerprint(path: string, depth = 0): Promise<unknown> {
  const stats = await lstat(path).catch(() => undefined);
  if (stats === undefined) return "absent";
  const kind = stats.isSymbolicLink()
    ? "link"
    : stats.isFile()
      ? "file"
      : stats.isDirectory()
        ? "folder"
        : stats.isFIFO()
          ? "fifo"
          : "other";
  const entry = { kind, mode: stats.mode & 0o7777, ino: stats.ino };
  if (kind === "file") return { ...entry, text: await readFile(path, "utf8") };
  if (kind === "link") {
    const target = await readlink(path);
    // A link to a link to … is followed a few steps only: a loop must not hang the test.
    const reaches =
      depth > 4 ? "…" : await pathFingerprint(resolve(dirname(path), target), depth + 1);
    return { ...entry, target, reaches };
  }
  if (kind === "folder") {
    const names = (await readdir(path)).sort();
    const children: Record<string, unknown> = {};
    for (const name of names) children[name] = await pathFingerprint(join(path, name), depth);
    return { ...entry, children };
  }
  return entry;
}
