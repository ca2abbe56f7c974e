/**
 * The OAuth extensions are core: a browser or Worker app bundles them, jose included, and the
 * bundle must reach nothing Node-only (node:*, undici) and use no Node globals.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../../support/bundle.js";

const ROOT = join(import.meta.dirname, "../../../..");
const WORK = join(ROOT, ".tmp", "auth-extensions-bundle");
const EXTENSIONS = JSON.stringify(join(ROOT, "runtime/auth/extensions/index.js"));

describe("the OAuth extensions in a bundle", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  it("bundle jose in and import nothing Node-only", async () => {
    const imported: string[] = [];
    const code = await bundleEntry(WORK, `export * from ${EXTENSIONS};`, (id) => {
      const nodeOnly = id.startsWith("node:") || id === "undici";
      if (nodeOnly) imported.push(id);
      return nodeOnly;
    });
    // jose's signing code is inside, not left as an import.
    expect(code).toContain("dpop+jwt");
    expect(code).toMatch(/crypto\.subtle/);
    expect(code).not.toMatch(/from\s*["']jose["']/);
    expect(imported).toEqual([]);
    expect(code).not.toMatch(/\bprocess\.|\bBuffer\.|\bsetImmediate\(/);
  });
});
