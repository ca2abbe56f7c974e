/**
 * `--emit js+dts`: the choice is written into the snapshot's `codegen` section (so `generate` and
 * `check` reproduce it), the output is `.js` + `.d.ts` only, `check` sees a hand edit, switching
 * form on a later pull removes the other form's generated files and never a file it did not
 * write, and the vendored runtime works in this form too (plain JavaScript run by Node).
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenSinkStdio } from "../fixtures/servers/index.js";
import { runNode } from "../support/cli-child.js";
import { compileStrict } from "../support/cli-compile.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const sink = kitchenSinkStdio();

/** Every file under `dir`, `/`-separated and sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(dir.length + 1)}/${entry.name}`.replace(/^\//, ""))
    .sort();
}

const pull = (project: TempProject, ...flags: string[]) =>
  runCliCaptured(["pull", ...flags, "--out", "out", "--", sink.command, ...sink.args], project.dir);

describe("pull --emit js+dts", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("emit-js-dts");
    // The user's own files in the output folder, in both forms' extensions.
    await project.write("out/notes.ts", "export const mine = 1;\n");
    await project.write("out/tools/helper.js", "export const helper = 2;\n");
    await project.write("out/tools/helper.d.ts", "export declare const helper: number;\n");
  });
  afterAll(() => project.remove());

  it("writes .js and .d.ts only, records the form, and check reproduces it", async () => {
    const run = await pull(project, "--emit", "js+dts");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = await tree(project.path("out"));
    const generated = files.filter((file) => !/^(notes\.ts|tools\/helper\.)/.test(file));
    expect(generated).toContain("index.js");
    expect(generated).toContain("index.d.ts");
    expect(generated).toContain("tools/echo.d.ts");
    expect(generated.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toEqual({ emit: "js+dts" });
    expect((await runCliCaptured(["check", "--out", "out"], project.dir)).code).toBe(0);
  });

  it("check reports a hand edit of a declaration file", async () => {
    const file = project.path("out/tools/echo.d.ts");
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace("export declare const", "export declare let"));
    const run = await runCliCaptured(["check", "--out", "out"], project.dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("tools/echo.d.ts");
    await writeFile(file, text);
  });

  it("a consumer compiles strictly against it", async () => {
    const script = await project.write(
      "use.ts",
      [
        `import { createKitchenSinkClient } from "./out/index.js";`,
        `const client = await createKitchenSinkClient({ command: "node", args: [] });`,
        `const result = await client.tools.add({ a: 20, b: 22 });`,
        `if (!result.isError) console.log(result.structuredContent.sum.toFixed(0));`,
        `// @ts-expect-error: b is a number`,
        `await client.tools.add({ a: 20, b: "22" });`,
      ].join("\n"),
    );
    expect(compileStrict([script], "nodenext")).toEqual([]);
  });

  it("switching back to ts removes the .js and .d.ts it wrote, and nothing of the user's", async () => {
    const run = await pull(project);
    expect(run.code).toBe(0);
    const files = await tree(project.path("out"));
    expect(files).toContain("index.ts");
    expect(files).toContain("tools/echo.ts");
    expect(files).not.toContain("index.js");
    expect(files).not.toContain("index.d.ts");
    expect(files).not.toContain("tools/echo.d.ts");
    expect(files).toEqual(
      expect.arrayContaining(["notes.ts", "tools/helper.js", "tools/helper.d.ts"]),
    );
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toBeUndefined();
  });

  it("switching to js+dts removes the .ts modules, and nothing of the user's", async () => {
    const run = await pull(project, "--emit", "js+dts");
    expect(run.code).toBe(0);
    const files = await tree(project.path("out"));
    expect(files).not.toContain("index.ts");
    expect(files).not.toContain("tools/echo.ts");
    expect(files).toEqual(
      expect.arrayContaining(["notes.ts", "tools/helper.js", "tools/helper.d.ts", "index.js"]),
    );
  });

  it("with the vendored runtime, runs as plain JavaScript under Node", async () => {
    const run = await pull(project, "--emit", "js+dts", "--runtime", "vendored");
    expect(run.code).toBe(0);
    const tool = await readFile(project.path("out/tools/echo.js"), "utf8");
    expect(tool).toContain('from "../runtime/node/index.js"');
    const script = await project.write(
      "use.mjs",
      [
        `import { createKitchenSinkClient } from "./out/index.js";`,
        `const client = await createKitchenSinkClient(${JSON.stringify(sink)});`,
        `const result = await client.tools.add({ a: 20, b: 22 });`,
        `console.log(result.structuredContent.sum);`,
        `await client.close();`,
      ].join("\n"),
    );
    const node = await runNode([script], project.dir);
    expect(node.stderr).toBe("");
    expect(node.stdout).toBe("42\n");
  });
});
