/**
 * `npm run pack:local` (scripts/pack-local.ts): the two tarballs a user installs from a clone
 * before the first release. The install lines it prints work as printed, in either order: the
 * CLI's tarball alone brings the runtime from its sibling tarball, where a plain `npm pack`
 * of the CLI asks the registry for `@mcp-codegen/runtime@0.1.0` and fails with E404. Either
 * way the project ends with one copy of the runtime, which generated code can import.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const run = promisify(execFile);
const INSTALL_TIMEOUT = 240_000;

let work = "";
/** The printed install lines, as argument lists after `npm`: runtime first, then the CLI. */
let lines: string[][] = [];

beforeAll(async () => {
  assertRuntimeBuilt();
  work = await mkdtemp(join(tmpdir(), "mcp-codegen-pack-local-"));
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/pack-local.ts", "--skip-build", "--out", join(work, "out")],
    { cwd: REPOSITORY_ROOT },
  );
  lines = stdout
    .split("\n")
    .filter((line) => line.trim().startsWith("npm install"))
    .map((line) => line.trim().split(" ").slice(1));
}, INSTALL_TIMEOUT);

afterAll(async () => {
  if (work !== "") await rm(work, { recursive: true, force: true });
});

async function project(name: string): Promise<string> {
  const folder = join(work, name);
  await mkdir(folder);
  await writeFile(
    join(folder, "package.json"),
    JSON.stringify({ name, private: true, type: "module" }),
  );
  return folder;
}

async function npm(args: string[], cwd: string): Promise<void> {
  await run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd });
}

/** The CLI's version, and what importing the runtime from the project gives. */
async function installed(folder: string): Promise<{ version: string; connect: string }> {
  const { stdout: version } = await run("npx", ["mcp-codegen", "--version"], { cwd: folder });
  const { stdout: connect } = await run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'console.log(typeof (await import("@mcp-codegen/runtime")).connect)',
    ],
    { cwd: folder },
  );
  return { version: version.trim(), connect: connect.trim() };
}

/** Every copy of the runtime's package.json under node_modules. */
async function runtimeCopies(folder: string): Promise<string[]> {
  const entries = await readdir(join(folder, "node_modules"), { recursive: true });
  return entries.filter((path) => path.endsWith(join("@mcp-codegen", "runtime", "package.json")));
}

describe("npm run pack:local", () => {
  it("prints a runtime install line and a dev install line for the CLI", () => {
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(["install", expect.stringMatching(/mcp-codegen-runtime-.*\.tgz$/)]);
    expect(lines[1]).toEqual(["install", "-D", expect.stringMatching(/mcp-codegen-\d.*\.tgz$/)]);
  });

  it.each([
    { order: "the CLI first", first: 1, second: 0 },
    { order: "the runtime first", first: 0, second: 1 },
  ])(
    "installs with $order, with one copy of the runtime",
    async ({ order, first, second }) => {
      const folder = await project(order.replaceAll(" ", "-"));
      await npm(lines[first]!, folder);
      if (first === 1) {
        // The CLI's tarball alone already brings the runtime.
        expect(await installed(folder)).toMatchObject({ connect: "function" });
      }
      await npm(lines[second]!, folder);
      expect(await installed(folder)).toEqual({ version: "0.1.0", connect: "function" });
      expect(await runtimeCopies(folder)).toEqual([
        join("@mcp-codegen", "runtime", "package.json"),
      ]);
    },
    INSTALL_TIMEOUT,
  );
});
