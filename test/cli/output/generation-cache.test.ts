import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openGenerationCache } from "../../../cli/output/generation-cache.js";
import type { CachedModule } from "../../../templates/generate.js";
import { createTempProject, type TempProject } from "../../support/cli-run.js";

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject("generation-cache");
});
afterAll(() => project.remove());

const module: CachedModule = {
  content: "export {};\n",
  warnings: [{ subject: 'tool "t"', pointer: "/inputSchema/type", message: "typed as unknown" }],
};

async function cacheFile(): Promise<string> {
  const dir = project.path("node_modules", ".cache", "mcp-codegen");
  const [name] = await readdir(dir);
  return join(dir, name!);
}

describe("openGenerationCache", () => {
  it("keeps a module's warnings with its text across runs", async () => {
    const first = await openGenerationCache("out", project.dir);
    first.set("key", module);
    await first.save();
    const second = await openGenerationCache("out", project.dir);
    expect(second.get("key")).toEqual(module);
  });

  it("reads an entry of another shape (text alone, from an older cache) as a miss", async () => {
    const file = await cacheFile();
    const stored = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const [salted] = Object.keys(stored);
    for (const value of ["export {};\n", { content: "x" }, { content: "x", warnings: [1] }]) {
      await writeFile(file, JSON.stringify({ [salted!]: value }));
      const cache = await openGenerationCache("out", project.dir);
      expect(cache.get("key")).toBeUndefined();
    }
  });
});
