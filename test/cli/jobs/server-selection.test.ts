/**
 * Limiting `pull`, `generate` and `check` to some servers of the config: `pull NAME...` and
 * `--server NAME`, in-process against the contract server over stdio. A name the config lacks is
 * one usage error listing the config's servers, never a process started under that name.
 */
import { readFile, rm } from "node:fs/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTree } from "../../support/cli-files.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../../support/cli-servers.js";

/** What starting a process looks like in any error: the selection must fail before that. */
const SPAWN_WORDS = /could not (start|connect)/;

describe("pull NAME... and --server", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("select-pull");
    const servers: Record<string, unknown> = {};
    for (const name of ["alpha", "beta", "gamma"]) {
      const contract = await project.write(`${name}.json`, {
        serverInfo: { name, version: "1.0.0" },
        tools: [simpleTool(`${name}Tool`)],
      });
      const [command, ...args] = contractServerCommand(contract);
      servers[name] = { command, args };
    }
    // A server whose ${VAR} is unset: pulling the others must not need it.
    servers.remote = {
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: "Bearer ${SELECT_TEST_UNSET_TOKEN}" },
    };
    await project.write("mcp-codegen.config.json", { servers });
  });
  afterAll(() => project.remove());

  it("pulls only the servers named before --, however many", async () => {
    const run = await runCliCaptured(["pull", "gamma", "alpha"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = linesOf(run.stdout);
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.split(":")[0]).sort()).toEqual(["alpha", "gamma"]);
    expect(await listTree(project.path("mcp"))).toEqual([
      "alpha/all-tools.ts",
      "alpha/index.ts",
      "alpha/mcp.snapshot.json",
      "alpha/mock.ts",
      "alpha/tools/alpha-tool.ts",
      "gamma/all-tools.ts",
      "gamma/index.ts",
      "gamma/mcp.snapshot.json",
      "gamma/mock.ts",
      "gamma/tools/gamma-tool.ts",
    ]);
  });

  it("takes --server (repeatable) as the same choice", async () => {
    const run = await runCliCaptured(["pull", "--server", "beta"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      expect.stringMatching(/^beta: 1 tool, .* → .*mcp\/beta \(5 written, 0 unchanged\)$/),
    ]);
  });

  it("still needs every ${VAR} of a server it does pull", async () => {
    const run = await runCliCaptured(["pull", "remote"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("SELECT_TEST_UNSET_TOKEN is not set");
  });

  it("names an unknown server once, with the config's servers, a guess and where a command goes", async () => {
    const run = await runCliCaptured(["pull", "alpah", "beta"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'error: no server named "alpah" in mcp-codegen.config.json; did you mean "alpha"? (its servers: alpha, beta, gamma, remote); a server command goes after --, as in mcp-codegen pull [options] -- alpah beta\n',
    );
  });

  it("says nothing about commands for a --server name, which cannot be one", async () => {
    const run = await runCliCaptured(["pull", "--server", "omega"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: no server named "omega" in mcp-codegen.config.json (its servers: alpha, beta, gamma, remote)\n',
    );
  });

  it("refuses config names together with a command after -- or with --url", async () => {
    const [command, ...args] = contractServerCommand(project.path("alpha.json"));
    for (const argv of [
      ["pull", "alpha", "--", command, ...args],
      ["pull", "--server", "alpha", "--", command, ...args],
      ["pull", "alpha", "--url", "http://127.0.0.1:9/mcp"],
    ]) {
      const run = await runCliCaptured(argv, project.path("elsewhere"));
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(
        /^error: config server names \(given before -- or with --server\) and (a server command after --|--url) both choose what to pull; give config names alone, or --url URL \/ -- COMMAND ARGS\.\.\. alone\n$/,
      );
    }
  });

  it("reads a word after -- as the command, even one that names a config server", async () => {
    // "alpha" after -- is a program to start, not the config entry: it is not on PATH.
    const run = await runCliCaptured(["pull", "--out", "out/x", "--", "alpha"], project.dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('could not start the MCP server "alpha"');
  });

  it("takes a -- given as an option's value for that value, not as the end of the options", async () => {
    // `--name --` names the client "--"; "delta" is still a config name, not a command.
    const run = await runCliCaptured(["pull", "--name", "--", "delta"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: no server named "delta" in mcp-codegen.config.json/);
  });

  it("never starts a process for any word the config lacks (property)", async () => {
    const known = new Set(["alpha", "beta", "gamma", "remote"]);
    // Words commander takes as positional: anything not starting with "-".
    const word = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !text.startsWith("-"));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...known), { maxLength: 2 }),
        word.filter((text) => !known.has(text)),
        fc.array(word, { maxLength: 3 }),
        async (before, unknown, after) => {
          const run = await runCliCaptured(["pull", ...before, unknown, ...after], project.dir);
          expect(run.code).toBe(2);
          expect(run.stdout).toBe("");
          expect(run.stderr).not.toMatch(SPAWN_WORDS);
          expect(run.stderr).toMatch(
            /^error: no server named ".*"( \(and \d+ more\))? in mcp-codegen\.config\.json/,
          );
          expect(run.stderr).toContain("(its servers: alpha, beta, gamma, remote)");
          expect(run.stderr).toContain("a server command goes after --");
          expect(linesOf(run.stderr)).toHaveLength(1);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("generate --server and check --server", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("select-offline");
    const servers: Record<string, unknown> = {};
    for (const name of ["alpha", "beta"]) {
      const contract = await project.write(`${name}.json`, { tools: [simpleTool(name)] });
      const [command, ...args] = contractServerCommand(contract);
      servers[name] = { command, args };
    }
    await project.write("mcp-codegen.config.json", { servers });
    const pulled = await runCliCaptured(["pull"], project.dir);
    expect(pulled.stderr).toBe("");
    // beta's generated index is edited by hand: out of date for check, to be rewritten by generate.
    await project.write("mcp/beta/index.ts", "// edited\n");
  });
  afterAll(() => project.remove());

  it("check --server looks at the named folders only", async () => {
    const alpha = await runCliCaptured(["check", "--server", "alpha"], project.dir);
    expect(alpha.stderr).toBe("");
    expect(alpha.code).toBe(0);
    expect(alpha.stdout).toBe("alpha: up to date\n");
    const beta = await runCliCaptured(["check", "--server", "beta"], project.dir);
    expect(beta.code).toBe(1);
    expect(beta.stderr).toContain("beta: index.ts differs from what the snapshot generates");
  });

  it("check --live --server asks the named servers only", async () => {
    // beta's server can no longer start (its contract file is gone): asking it would fail.
    const contract = await readFile(project.path("beta.json"), "utf8");
    await rm(project.path("beta.json"));
    try {
      const run = await runCliCaptured(["check", "--live", "--server", "alpha"], project.dir);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(linesOf(run.stdout)).toEqual([
        "alpha: up to date",
        "alpha: the server's contract matches the snapshot",
      ]);
      const all = await runCliCaptured(["check", "--live"], project.dir);
      expect(all.code).toBe(3);
    } finally {
      await project.write("beta.json", contract);
    }
  });

  it("generate --server regenerates the named folders only", async () => {
    const run = await runCliCaptured(["generate", "--server", "alpha"], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout)).toEqual([expect.stringMatching(/^alpha: 5 files → /)]);
    const check = await runCliCaptured(["check", "--server", "beta"], project.dir);
    expect(check.code).toBe(1);
  });

  it("names an unknown server with the config's servers, and no word about commands", async () => {
    for (const command of ["generate", "check"]) {
      const run = await runCliCaptured([command, "--server", "betta"], project.dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'error: no server named "betta" in mcp-codegen.config.json; did you mean "beta"? (its servers: alpha, beta)\n',
      );
    }
  });

  it("refuses --server with --out or --snapshot, which name a folder themselves", async () => {
    const run = await runCliCaptured(
      ["generate", "--server", "alpha", "--out", "mcp/alpha"],
      project.dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "error: --server picks servers of the config, and --out names a folder itself; give one of them\n",
    );
  });

  it("needs a config for --server", async () => {
    const run = await runCliCaptured(["check", "--server", "alpha"], project.path("mcp/alpha"));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: no config file in /);
  });
});

describe("pull WORDS... where there is no config", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("select-no-config");
  });
  afterAll(() => project.remove());

  it("says the words would be config names and where a command goes, starting nothing", async () => {
    const run = await runCliCaptured(["pull", "node", "server.js"], project.dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `error: "node" would name a server of the config (words before -- do), but there is no config file in ${project.dir}; a server command goes after --, as in mcp-codegen pull [options] -- node server.js\n`,
    );
  });
});
