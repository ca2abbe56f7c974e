/**
 * `pull --import-extension ts`: the choice is recorded in the snapshot's `codegen` section, every
 * relative import of the output names a `.ts` file that exists (what Deno needs without
 * `--sloppy-imports`), `check` and `generate` reproduce it with no flag, a pull without the flag
 * goes back to `.js` imports, and a value outside `js`/`ts` is refused before any server starts.
 */
import { readFile, readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenSinkStdio } from "../fixtures/servers/index.js";
import { createTempProject, runCliCaptured, type TempProject } from "../support/cli-run.js";

const sink = kitchenSinkStdio();

const pull = (project: TempProject, ...flags: string[]) =>
  runCliCaptured(["pull", ...flags, "--out", "out", "--", sink.command, ...sink.args], project.dir);

/** Every relative import or export specifier of every `.ts` module under `dir`, with its file. */
async function relativeSpecifiers(dir: string): Promise<Array<{ file: string; to: string }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const found: Array<{ file: string; to: string }> = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = join(entry.parentPath, entry.name);
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/from "(\.{1,2}\/[^"]+)"/g))
      found.push({ file, to: match[1]! });
  }
  return found;
}

describe("pull --import-extension", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("import-extension");
  });
  afterAll(() => project.remove());

  it("ts: records the choice, and every relative import names a .ts file that exists", async () => {
    const run = await pull(project, "--import-extension", "ts");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen).toEqual({ importExtension: "ts" });
    const specifiers = await relativeSpecifiers(project.path("out"));
    // The index alone imports every tool module: an output with no relative import proves nothing.
    expect(specifiers.length).toBeGreaterThan(3);
    for (const { file, to } of specifiers) {
      expect(to, `${file} imports ${to}`).toMatch(/\.ts$/);
      expect(existsSync(join(dirname(file), to)), `${file} imports ${to}`).toBe(true);
    }
  });

  it("check and generate reproduce the recorded choice with no flag", async () => {
    expect((await runCliCaptured(["check", "--out", "out"], project.dir)).code).toBe(0);
    const generate = await runCliCaptured(["generate", "--out", "out"], project.dir);
    expect(generate.code).toBe(0);
    const specifiers = await relativeSpecifiers(project.path("out"));
    expect(specifiers.every(({ to }) => to.endsWith(".ts"))).toBe(true);
  });

  it("a pull without the flag goes back to .js imports", async () => {
    const run = await pull(project);
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
    expect(snapshot.codegen?.importExtension).toBeUndefined();
    const specifiers = await relativeSpecifiers(project.path("out"));
    expect(specifiers.length).toBeGreaterThan(3);
    expect(specifiers.filter(({ to }) => !to.endsWith(".js"))).toEqual([]);
  });

  it("refuses another extension in one line that names the choices", async () => {
    const run = await pull(project, "--import-extension", "mjs");
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/--import-extension/);
    expect(run.stderr).toMatch(/js, ts|"js", "ts"|js\|ts/);
  });
});
