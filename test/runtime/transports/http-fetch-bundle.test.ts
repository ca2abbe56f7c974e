/**
 * `createFetchHttpTransport` is for platforms without Node: a bundle of it must reach nothing
 * Node-only (node:*, undici, runtime/node/), at run time or by a dynamic import.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../support/bundle.js";

const ROOT = join(import.meta.dirname, "../../..");
const WORK = join(ROOT, ".tmp", "http-fetch-bundle");
const RUNTIME = JSON.stringify(join(ROOT, "runtime/index.js"));

/** Every module specifier the bundle still imports: `from`, bare `import "…"`, `import(…)`. */
function importedSpecifiers(code: string): string[] {
  const found = new Set<string>();
  const pattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add((match[1] ?? match[2]) as string);
  return [...found].sort();
}

describe("createFetchHttpTransport in a bundle", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  it("imports nothing Node-only", async () => {
    // Every package stays external, so the bundle's imports show what the code needs.
    const code = await bundleEntry(
      WORK,
      `export { createFetchHttpTransport } from ${RUNTIME};`,
      (id) => !id.startsWith(".") && !id.startsWith("/"),
    );
    expect(code).toContain("createFetchHttpTransport");
    expect(code).toContain("getReader");
    const imported = importedSpecifiers(code);
    expect(imported).toContain("eventsource-parser");
    // Platform-neutral packages (zod, re2js) may stay; nothing Node-only may.
    expect(imported.filter((id) => id.startsWith("node:") || id === "undici")).toEqual([]);
    expect(code).not.toMatch(/\bprocess\.|\bBuffer\.|\bsetImmediate\(/);
  });
});
