/**
 * The linear-time engine (re2js, some 64 KiB gzipped) is in a bundle only when a validator that
 * checks a pattern is: the runtime's entry re-exports it, and bundlers drop it when unused.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../support/bundle.js";

const ROOT = join(import.meta.dirname, "../../..");
const WORK = join(ROOT, ".tmp", "linear-pattern-bundle");
const RUNTIME = JSON.stringify(join(ROOT, "runtime/index.js"));

function bundle(source: string): Promise<string> {
  // Only re2js is under test: the runtime's other dependencies stay out of the bundle.
  return bundleEntry(
    WORK,
    source,
    (id) => id.startsWith("node:") || ["zod", "undici", "eventsource-parser"].includes(id),
  );
}

describe("the linear-time engine in a bundle", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  it("is left out when nothing checks a pattern", async () => {
    const code = await bundle(`export { defineTool } from ${RUNTIME};`);
    expect(code).toContain("defineTool");
    expect(code).not.toContain("RE2JS");
  });

  it("is in when a validator checks a pattern", async () => {
    const code = await bundle(`export { linearPattern } from ${RUNTIME};`);
    expect(code).toContain("RE2JS");
  });
});
