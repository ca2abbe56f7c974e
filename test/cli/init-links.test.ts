/**
 * `init` never writes through a link, as `pull` never does: for every kind of entry at the config
 * file's name and at package.json, through the built bin as a real child process, the outcome is
 * either "written" (a regular file in the project, the config loadable, the scripts added) or
 * "refused" (exit 2, one `error:` line, the project and everything outside it untouched: a
 * dangling link never creates its target, a linked package.json's real file keeps its bytes).
 */
import { execFileSync } from "node:child_process";
import { lstat, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode } from "../support/cli-child.js";
import { createTempProject, REPO_ROOT, type TempProject } from "../support/cli-run.js";
import { pathFingerprint } from "../support/path-fingerprint.js";

const BIN = join(REPO_ROOT, "dist/cli/main.js");
const CONFIG = "mcp-codegen.config.json";
const PACKAGE = '{ "name": "app", "private": true }\n';

let root: TempProject;
beforeAll(async () => {
  root = await createTempProject("init-links");
});
afterAll(async () => {
  await root.remove();
});

/** Makes an entry at `path`; `outside` is a folder beyond the project for links to point into. */
type Setup = (path: string, outside: string) => Promise<void>;

const regular =
  (text: string): Setup =>
  (path) =>
    writeFile(path, text);
const linkTo =
  (name: string, text?: string): Setup =>
  async (path, outside) => {
    if (text !== undefined) await writeFile(join(outside, name), text);
    await symlink(join(outside, name), path);
  };
const folderLink: Setup = async (path, outside) => {
  await mkdir(join(outside, "folder"));
  await symlink(join(outside, "folder"), path);
};
const folder: Setup = (path) => mkdir(path);
const fifo: Setup = async (path) => {
  execFileSync("mkfifo", [path]);
};

interface Case {
  /** The project-relative name the setup makes. */
  at: string;
  setup: Setup;
  written: boolean;
}

const cases: Record<string, Case> = {
  "nothing at the config's name": { at: CONFIG, setup: async () => undefined, written: true },
  "a config file (with --force)": { at: CONFIG, setup: regular("{}\n"), written: true },
  "a link to a config outside": {
    at: CONFIG,
    setup: linkTo("shared.json", '{ "servers": {} }\n'),
    written: false,
  },
  "a dangling link at the config's name": {
    at: CONFIG,
    setup: linkTo("made.json"),
    written: false,
  },
  "a dangling link at the other config name": {
    at: "mcp-codegen.config.ts",
    setup: linkTo("made.ts"),
    written: false,
  },
  "a link to a folder at the config's name": { at: CONFIG, setup: folderLink, written: false },
  "a folder at the config's name": { at: CONFIG, setup: folder, written: false },
  "a fifo at the config's name": { at: CONFIG, setup: fifo, written: false },
  "a package.json": { at: "package.json", setup: regular(PACKAGE), written: true },
  "a link to a package.json outside": {
    at: "package.json",
    setup: linkTo("package.json", PACKAGE),
    written: false,
  },
  "a dangling link at package.json": {
    at: "package.json",
    setup: linkTo("package.json"),
    written: false,
  },
  "a folder at package.json": { at: "package.json", setup: folder, written: false },
};

let counter = 0;

describe("init, by what is at the files it writes", () => {
  it.each(Object.entries(cases))("%s", { timeout: 30_000 }, async (_, { at, setup, written }) => {
    const base = root.path(`case-${++counter}`);
    const project = join(base, "project");
    const outside = join(base, "outside");
    await mkdir(project, { recursive: true });
    await mkdir(outside);
    await setup(join(project, at), outside);
    const before = await pathFingerprint(base);
    const outsideBefore = await pathFingerprint(outside);
    const run = await runNode(
      [BIN, "init", "--json", "--force", "--url", "https://example.com/mcp"],
      project,
      // A run blocked on a fifo is ended here, far above init's time on a loaded machine.
      { killAfterMs: 20_000, env: { PATH: process.env.PATH } },
    );
    if (!written) {
      expect(run.stderr).toMatch(/^error: [^\n]*\n$/);
      expect(run.code).toBe(2);
      expect(await pathFingerprint(base)).toEqual(before);
      return;
    }
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await pathFingerprint(outside)).toEqual(outsideBefore);
    const config = await lstat(join(project, CONFIG));
    expect(config.isFile()).toBe(true);
    expect(JSON.parse(await readFile(join(project, CONFIG), "utf8"))).toMatchObject({
      servers: { example: { url: "https://example.com/mcp" } },
    });
    if (at === "package.json") {
      expect((await lstat(join(project, at))).isFile()).toBe(true);
      expect(JSON.parse(await readFile(join(project, at), "utf8"))).toMatchObject({
        scripts: { "mcp:pull": "mcp-codegen pull" },
      });
    }
  });
});
