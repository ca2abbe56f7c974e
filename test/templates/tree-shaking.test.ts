/**
 * Generated code has no side effects at import and is tree-shakable: a bundle that imports one
 * tool from the generated index keeps that tool and nothing of the others.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../support/bundle.js";

const ROOT = join(import.meta.dirname, "../..");
const WORK = join(ROOT, ".tmp", "tree-shaking");

function bundle(source: string): Promise<string> {
  // The runtime is one dependency; the generated modules are what must shake.
  return bundleEntry(WORK, source, (id) => id === "@mcp-codegen/runtime" || id.startsWith("node:"));
}

describe("tree shaking of a generated client", () => {
  afterAll(() => rm(WORK, { recursive: true, force: true }));
  const index = JSON.stringify(join(ROOT, "examples/trip-planner/index.js"));

  it("keeps only the imported tool", async () => {
    const code = await bundle(`export { convertCurrency } from ${index};`);
    // The bundler may inline the binding into the function's declaration: what must stay is
    // exactly one tool definition, the imported tool's.
    expect(code.match(/definitionJson/g)).toHaveLength(1);
    expect(code).toContain('\\"name\\":\\"convert_currency\\"');
    for (const other of ["cityGuideTemplate", "packingListPrompt", "definePrompt"]) {
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
