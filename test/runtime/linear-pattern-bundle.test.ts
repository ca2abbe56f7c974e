/**
 * The linear-time engine (re2js, some 64 KiB gzipped) is in a bundle only when a validator that
 * checks a pattern is: the runtime's entry re-exports it, and bundlers drop it when unused.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const WORK = join(ROOT, ".tmp", "linear-pattern-bundle");
const RUNTIME = JSON.stringify(join(ROOT, "runtime/index.js"));

async function bundle(source: string): Promise<string> {
  await mkdir(WORK, { recursive: true });
  const entry = join(WORK, `entry-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(entry, source);
  const build = await rolldown({
    input: entry,
    // Only re2js is under test: the runtime's other dependencies stay out of the bundle.
    external: (id) =>
      id.startsWith("node:") || ["zod", "undici", "eventsource-parser"].includes(id),
    resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
    logLevel: "silent",
  });
  const { output } = await build.generate({ format: "esm" });
  await build.close();
  return output[0].code;
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
