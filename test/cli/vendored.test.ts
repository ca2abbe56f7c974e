/**
 * `--runtime vendored`: the compiled runtime is copied into the output, the generated modules
 * import it by relative path (never `@mcp-codegen/runtime`), the result compiles strictly and
 * calls a live server, `check` covers the copied files, and pulling again without vendoring
 * removes them.
 */
import { readFile, readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenSinkStdio } from "../fixtures/servers/index.js";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { compileStrict } from "../support/cli-compile.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const sink = kitchenSinkStdio();

describe("pull --runtime vendored", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("vendored");
    const run = await runCliCaptured(
      ["pull", "--runtime", "vendored", "--out", "out", "--", sink.command, ...sink.args],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
  afterAll(() => project.remove());

  it("copies the runtime and imports it by relative path only", async () => {
    const runtime = await readdir(project.path("out/runtime"));
    expect(runtime).toContain("index.js");
    expect(runtime).toContain("index.d.ts");
    const tool = await readFile(project.path("out/tools/echo.ts"), "utf8");
    expect(tool).toContain('from "../runtime/node/index.js"');
    const index = await readFile(project.path("out/index.ts"), "utf8");
    expect(index).toContain('from "./runtime/node/index.js"');
    expect(`${tool}${index}`).not.toContain("@mcp-codegen/runtime");
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toEqual({ runtime: "vendored" });
  });

  it("compiles strictly and calls the live server", async () => {
    const script = await project.write(
      "use.ts",
      [
        `import { createKitchenSinkClient } from "./out/index.js";`,
        `const client = await createKitchenSinkClient(${JSON.stringify(sink)});`,
        `const result = await client.tools.add({ a: 20, b: 22 });`,
        `if (result.isError) throw new Error("add failed");`,
        `console.log(result.structuredContent.sum);`,
        `await client.close();`,
      ].join("\n"),
    );
    expect(compileStrict([script], "nodenext")).toEqual([]);
    const run = await runNode(["--import", TSX_LOADER, script], project.dir);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("42\n");
  });

  it("is covered by check, and removed by a pull without vendoring", async () => {
    expect((await runCliCaptured(["check", "--out", "out"], project.dir)).code).toBe(0);
    const run = await runCliCaptured(
      ["pull", "--out", "out", "--", sink.command, ...sink.args],
      project.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/removed \d+ stale\)\n$/);
    await expect(readdir(project.path("out/runtime"))).rejects.toThrow();
  });
});
