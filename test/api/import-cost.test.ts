/**
 * Importing the package entry stays cheap: a build plugin imports `mcp-codegen` on every start,
 * and the generator (with prettier), the runtime client and the config schema must load only
 * when `pull` or `generate` is called. A child process records every module loaded, through a
 * `module.register()` load hook; the same method sees prettier arrive once `generate()` runs.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { REPO_ROOT } from "../support/cli-run.js";

const RECORDER = fileURLToPath(new URL("./loaded-modules.mjs", import.meta.url));
// The direct printer prints the demo without prettier; the hostile case still needs it for a few
// modules (test/templates/direct-print-real.test.ts lists them).
const HOSTILE_SNAPSHOT = `${REPO_ROOT}test/golden/hostile/mcp.snapshot.json`;

/** Modules that only calling pull() or generate() may load. */
const HEAVY = [
  /\/node_modules\/(prettier|typescript|ts-morph|zod|jiti)\//,
  /\/templates\//,
  /\/cli\/api\/(pull|generate|target|write-files)\./,
  /\/runtime\/(dist\/)?(node\/)?(index|connect|client)\./,
  /\/runtime\/(dist\/)?client\//,
];

/** The repository-relative URLs of the modules loaded by importing `entry` (then generating). */
async function loadedModules(args: readonly string[]): Promise<string[]> {
  const run = await runNode(args, REPO_ROOT);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as string[]).map((url) => url.replace(/^file:\/\/\/?/, "/"));
}

function heavy(modules: readonly string[]): string[] {
  return modules.filter((url) => HEAVY.some((pattern) => pattern.test(url)));
}

describe("importing the package entry", () => {
  it("as installed (mcp-codegen, the build) loads no generator, prettier or runtime client", async () => {
    expect(existsSync(`${REPO_ROOT}dist/cli/index.js`), "run `npm run build` first").toBe(true);
    const modules = await loadedModules([RECORDER, "mcp-codegen"]);
    expect(modules.some((url) => url.endsWith("/dist/cli/index.js"))).toBe(true);
    expect(heavy(modules)).toEqual([]);
  });

  it("from the sources loads none of them either", async () => {
    const modules = await loadedModules([
      "--import",
      TSX_LOADER,
      RECORDER,
      `${REPO_ROOT}cli/index.ts`,
    ]);
    expect(modules.some((url) => url.endsWith("/cli/index.ts"))).toBe(true);
    expect(heavy(modules)).toEqual([]);
  });

  it("and calling generate() on modules only prettier prints loads it: the recorder sees it", async () => {
    const modules = await loadedModules([RECORDER, "mcp-codegen", HOSTILE_SNAPSHOT]);
    expect(modules.some((url) => /\/node_modules\/prettier\//.test(url))).toBe(true);
    expect(modules.some((url) => url.includes("/dist/templates/"))).toBe(true);
  });
});
