/**
 * What a generator emitted, in figures two generators can be compared by: files, bytes, and a
 * crude but honest measure of type depth, counted over every emitted TypeScript file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface EmittedStats {
  files: number;
  bytes: number;
  /** `Record<string, unknown>`: an object whose keys were not typed at all. */
  opaqueRecords: number;
  /** `unknown` elsewhere (a parameter, a result, a cast), outside the two forms here. */
  bareUnknowns: number;
  /** `[k: string]: unknown` next to typed keys: an object open to more keys, as JSON Schema is. */
  openIndexSignatures: number;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

// One alternation, so an `unknown` inside a record or an index signature counts once, as that.
const UNKNOWN_FORMS = /Record<string, unknown>|\[\w+: string\]: unknown|\bunknown\b/g;

export function emittedStats(dir: string): EmittedStats {
  const stats = { files: 0, bytes: 0, opaqueRecords: 0, bareUnknowns: 0, openIndexSignatures: 0 };
  for (const file of filesUnder(dir)) {
    stats.files++;
    stats.bytes += statSync(file).size;
    if (!file.endsWith(".ts")) continue;
    for (const [form] of readFileSync(file, "utf8").matchAll(UNKNOWN_FORMS)) {
      if (form.startsWith("Record")) stats.opaqueRecords++;
      else if (form.startsWith("[")) stats.openIndexSignatures++;
      else stats.bareUnknowns++;
    }
  }
  return stats;
}
