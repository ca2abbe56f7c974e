/**
 * A hash of the generator's own code, part of every cache key: a cache entry written by another
 * build of the generator (a new version, or a local change while developing mcp-codegen) must
 * never be served, even when the version number did not move.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let fingerprint: Promise<string> | undefined;

// Synchronous: some seventy small files, read on every run, cost less without promises.
function hashFolder(hash: ReturnType<typeof createHash>, dir: string): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path);
    else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      hash.update(entry.name).update(readFileSync(path));
    }
  }
}

/** The hash of the `templates/` folder this CLI runs with, computed once per process. */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash("sha256");
    const here = dirname(fileURLToPath(import.meta.url));
    hashFolder(hash, join(here, "..", "..", "templates"));
    return hash.digest("base64url");
  })();
  return fingerprint;
}
