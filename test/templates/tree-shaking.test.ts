/**
 * Generated code has no side effects at import and is tree-shakable: a bundle that imports one
 * tool from the generated index keeps that tool and nothing of the others.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const WORK = join(ROOT, ".tmp", "tree-shaking");

async function bundle(source: string): Promise<string> {
  await mkdir(WORK, { recursive: true });
  const entry = join(WORK, `entry-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(entry, source);
  const build = await rolldown({
    input: entry,
    // The runtime is one dependency; the generated modules are what must shake.
    external: (id) => id === "mcp-codegen/runtime" || id.startsWith("node:"),
    resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
    logLevel: "silent",
  });
  const { output } = await build.generate({ format: "esm" });
  await build.close();
  return output[0].code;
}

describe("tree shaking of a generated client", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));
  const index = JSON.stringify(join(ROOT, "examples/trip-planner/index.js"));

  it("keeps only the imported tool", async () => {
    const code = await bundle(`export { convertCurrency } from ${index};`);
    expect(code).toContain("convertCurrencyTool");
    for (const other of [
      "planTripTool",
      "bookTool",
      "getWeatherTool",
      "cityGuideTemplate",
      "packingListPrompt",
    ]) {
      expect(code).not.toContain(other);
    }
    expect(code).not.toContain("createTripPlannerClient");
  });

  it("keeps nothing for an import that is not used", async () => {
    const code = await bundle(`import ${index};\nexport const answer = 42;`);
    expect(code).not.toContain("defineTool");
    expect(code).not.toContain("definitionJson");
  });
});
