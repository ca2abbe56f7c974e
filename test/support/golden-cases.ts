/**
 * The golden corpus: hand-written snapshots under `test/golden/<case>/mcp.snapshot.json` and the
 * output committed beside them in `expected/`. Shared by the golden, compile and idempotence
 * tests, so they all read the same cases the same way.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { generateFiles, type GeneratedFile } from "../../templates/generate.js";
import type { Snapshot } from "../../templates/snapshot.js";
import { parseSnapshot } from "../../templates/snapshot-parse.js";

export const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const GOLDEN_ROOT = join(REPOSITORY_ROOT, "test", "golden");

/**
 * The generator version written into golden headers. Pinned rather than read from package.json,
 * so a release bump does not rewrite every expected file.
 */
export const GOLDEN_GENERATOR_VERSION = "0.0.0-golden";

/** Every corpus case, by folder name; a new folder is picked up without editing a list. */
export function goldenCaseNames(): string[] {
  return readdirSync(GOLDEN_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => statSync(join(GOLDEN_ROOT, name, "mcp.snapshot.json")).isFile())
    .sort();
}

export function caseDir(name: string): string {
  return join(GOLDEN_ROOT, name);
}

export function expectedDir(name: string): string {
  return join(caseDir(name), "expected");
}

export function readSnapshotText(dir: string): string {
  return readFileSync(join(dir, "mcp.snapshot.json"), "utf8");
}

/** The case's snapshot, read exactly as `mcp-codegen generate` reads one. */
export function loadSnapshot(dir: string): Snapshot {
  return parseSnapshot(readSnapshotText(dir), join(dir, "mcp.snapshot.json"));
}

export function generateGolden(
  snapshot: Snapshot,
  generatorVersion = GOLDEN_GENERATOR_VERSION,
): Promise<GeneratedFile[]> {
  return generateFiles(snapshot, { generatorVersion });
}

/** Every file under `dir` (recursively) as `/`-separated relative path → content, sorted. */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The `.ts` files of a tree, as absolute paths (for the compiler). */
export function typeScriptFiles(dir: string): string[] {
  return [...readTree(dir).keys()]
    .filter((path) => path.endsWith(".ts"))
    .map((path) => join(dir, path));
}
