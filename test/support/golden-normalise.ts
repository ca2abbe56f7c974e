/**
 * Puts a hand-edited corpus snapshot into the form the golden test requires: lists and keys in
 * `createSnapshot`'s order (what `pull` writes), formatted by prettier like every JSON file in
 * the repository, and with invisible characters written as `\uXXXX` escapes so a reviewer sees
 * the bidi overrides and line separators the hostile case is made of.
 *
 *     npx tsx test/support/golden-normalise.ts test/golden/<case>/mcp.snapshot.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { createSnapshot, type Snapshot } from "../../templates/snapshot.js";
import { parseSnapshot } from "../../templates/snapshot-parse.js";

// C1 controls, soft hyphen, zero-width and directional marks, separators, bidi embeddings and
// overrides, invisible operators, BOM. (JSON.stringify already escapes C0 and lone surrogates.)
const INVISIBLE = /[\u0080-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/** The committed text of a corpus snapshot. */
export async function corpusSnapshotText(snapshot: Snapshot, path: string): Promise<string> {
  const json = `${JSON.stringify(createSnapshot(snapshot), null, 2)}\n`.replace(
    INVISIBLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return format(json, { ...(await resolveConfig(path)), parser: "json" });
}

async function main(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const snapshot = parseSnapshot(readFileSync(path, "utf8"), path);
    writeFileSync(path, await corpusSnapshotText(snapshot, path));
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
