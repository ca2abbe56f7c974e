/**
 * examples/build-plugin.ts in a real Vite build: the plugin generates the client at build start
 * from the snapshot in its folder, the bundle imports what it generated, and a strict plugin stops
 * the build with the command's error line.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type Rollup } from "vite";
import { mcpClient, type McpClientPluginOptions } from "../../examples/build-plugin.js";
import { generate, type Snapshot } from "../../cli/index.js";
import { readTree } from "../support/cli-files.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../support/cli-run.js";

let project: TempProject;
let snapshot: Snapshot;

beforeAll(async () => {
  project = await createTempProject("api-vite");
  const text = await readFile(`${REPO_ROOT}examples/trip-planner/mcp.snapshot.json`, "utf8");
  snapshot = JSON.parse(text) as Snapshot;
  await project.write(
    "src/main.ts",
    'export { createTripPlannerClient } from "./mcp/trip/index.js";\n',
  );
});
afterAll(() => project.remove());

/** A server-side Vite build of src/main.ts with the plugin; nothing written but the client. */
async function viteBuild(options: McpClientPluginOptions): Promise<Rollup.OutputChunk> {
  const result = await build({
    root: project.dir,
    configFile: false,
    logLevel: "silent",
    plugins: [mcpClient(options)],
    build: {
      ssr: project.path("src/main.ts"),
      write: false,
      rollupOptions: { external: [/^@mcp-codegen\/runtime/] },
    },
  });
  const output = Array.isArray(result) ? result[0]! : (result as Rollup.RollupOutput);
  return output.output[0];
}

describe("the Vite plugin of examples/build-plugin.ts", () => {
  it("generates the client at build start, and the bundle is built from it", async () => {
    await project.write("src/mcp/trip/mcp.snapshot.json", snapshot);
    const chunk = await viteBuild({ out: project.path("src/mcp/trip") });
    expect(chunk.code).toContain("createTripPlannerClient");
    const { files } = await generate(snapshot);
    expect(await readTree(project.path("src/mcp/trip"))).toEqual(
      Object.fromEntries(files.map((file) => [file.path, file.content])),
    );
  });

  it("stops a strict build with the command's error line", async () => {
    const misspelt = structuredClone(snapshot);
    const tool = misspelt.tools.find((t) => t.name === "convert_currency")!;
    (tool.inputSchema.properties as Record<string, unknown>)["amount"] = { type: "strin" };
    await project.write("strict/mcp.snapshot.json", misspelt);
    const expected = await generate(misspelt, { strict: true }).then(
      () => "no error",
      (error: unknown) => (error as Error).message,
    );
    expect(expected).toMatch(/^snapshot: tool "convert_currency" .* --strict makes this an error/);
    await expect(viteBuild({ out: project.path("strict"), strict: true })).rejects.toThrow(
      expected,
    );
  });
});
