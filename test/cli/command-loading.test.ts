/**
 * What the built CLI loads for a command (program.ts loads each command when it runs): a
 * `generate` with nothing to do answers from the run record without loading the generator or
 * zod, and an offline `check` does not load what only `--live` needs (the runtime's transports
 * and sign-in, the pull). Each list comes from a module loader hook in a real child process.
 */
import { spawnSync } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeSnapshot } from "../../templates/snapshot.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../support/cli-run.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");
const OUT = "mcp/probe";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("command-loading");
  // A loader hook that appends every module's URL to the file named by LOADED_LIST.
  await project.write(
    "hooks.mjs",
    'import { appendFileSync } from "node:fs";\n' +
      "export async function load(url, context, next) {\n" +
      "  appendFileSync(process.env.LOADED_LIST, `${url}\\n`);\n" +
      "  return next(url, context);\n" +
      "}\n",
  );
  await project.write(
    "register.mjs",
    'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n',
  );
  const snapshot = toolsSnapshot("probe", [
    { name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
  ]);
  await project.write(`${OUT}/mcp.snapshot.json`, serializeSnapshot(snapshot));
});
afterAll(() => project.remove());

/** Runs the built CLI with `args` in the project; resolves with the URLs of what it loaded. */
async function loadedBy(...args: string[]): Promise<string[]> {
  const list = project.path("loaded.txt");
  await rm(list, { force: true });
  const run = spawnSync(
    process.execPath,
    ["--import", project.path("register.mjs"), BIN, ...args, "--quiet"],
    { cwd: project.dir, encoding: "utf8", env: { ...process.env, LOADED_LIST: list } },
  );
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return (await readFile(list, "utf8")).split("\n").filter((url) => url !== "");
}

const generator = (url: string) => url.includes("/dist/templates/");
const zod = (url: string) => url.includes("/node_modules/zod/");
const liveOnly = (url: string) =>
  url.includes("/runtime/dist/transports/") ||
  url.includes("/runtime/dist/auth/") ||
  url.includes("/dist/cli/pull/pull-contract");

describe("the modules a command loads", () => {
  it("generate loads the generator to write, and neither it nor zod when nothing changed", async () => {
    const full = await loadedBy("generate", "--out", OUT);
    // The probe sees them when they do load: the assertion below is not vacuous.
    expect(full.some(generator)).toBe(true);
    expect(full.some(zod)).toBe(true);
    const unchanged = await loadedBy("generate", "--out", OUT);
    expect(unchanged.filter((url) => generator(url) || zod(url))).toEqual([]);
  });

  it("check without --live generates in memory, and loads nothing that only --live needs", async () => {
    const loaded = await loadedBy("check", "--out", OUT);
    expect(loaded.some(generator)).toBe(true);
    expect(loaded.filter(liveOnly)).toEqual([]);
  });
});
