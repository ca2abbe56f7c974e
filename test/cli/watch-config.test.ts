/**
 * `mcp-codegen pull --watch` with a config file: servers pulled again when a path of their
 * `watch` list changes, every server when the config changes, and a broken config reported in one
 * line while the watch goes on with the last valid one. The servers are the hand-written contract
 * server, each serving a JSON file the test edits.
 */
import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../../cli/config/index.js";
import { createTempProject, linesOf, REPO_ROOT, type TempProject } from "../support/cli-run.js";
import type { ServerResponse } from "node:http";
import {
  contractServerCommand,
  simpleTool,
  startPlainHttp,
  type RecordingServer,
} from "../support/cli-servers.js";
import { startWatch, summaryCount, type WatchRun } from "../support/cli-watch.js";

/** Room for process starts on a busy two-core machine; a net for hangs, not a speed check. */
const WAIT = { timeout: 60_000, interval: 100 };

const CONFIG = "mcp-codegen.config.json";

function config(beta: Record<string, unknown> = {}) {
  const server = (file: string) => {
    const [command, ...args] = contractServerCommand(file);
    return { command, args, watch: [file] };
  };
  return {
    servers: { alpha: server("alpha.json"), beta: { ...server("beta.json"), ...beta } },
  };
}

const contract = (name: string, tools: string[]) => ({
  serverInfo: { name, version: "1.0.0" },
  tools: tools.map((tool) => simpleTool(tool)),
});

describe("pull --watch with a config file", () => {
  let project: TempProject;
  let run: WatchRun;
  const summaries = () => linesOf(run.stdout()).filter((line) => /written/.test(line));

  beforeAll(async () => {
    project = await createTempProject("watch-config");
    await project.write("alpha.json", contract("alpha", ["ping"]));
    await project.write("beta.json", contract("beta", ["ping", "debug"]));
    await project.write(CONFIG, config());
    run = startWatch(["pull", "--watch"], project.dir);
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
  });
  afterAll(async () => {
    await run.stop();
    await project.remove();
  });

  it("pulls every server once at the start", () => {
    expect(run.stderr()).toBe("");
    expect(summaries().sort()).toEqual([
      expect.stringMatching(/^alpha: 1 tool, .*mcp\/alpha \(5 written, 0 unchanged\)$/),
      expect.stringMatching(/^beta: 2 tools, .*mcp\/beta \(6 written, 0 unchanged\)$/),
    ]);
  });

  it("pulls only the server whose watch list names the changed file", async () => {
    await project.write("alpha.json", contract("alpha", ["ping", "pong"]));
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(3), WAIT);
    const lines = linesOf(run.stdout());
    expect(lines.at(-2)).toBe("changed alpha.json → pulling alpha");
    expect(lines.at(-1)).toMatch(/^alpha: 2 tools, /);
    expect(await readFile(project.path("mcp/alpha/tools/pong.ts"), "utf8")).toContain("pong");
  });

  it("pulls every server again when the config changes", async () => {
    await project.write(CONFIG, config({ exclude: ["debug"] }));
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(5), WAIT);
    const lines = linesOf(run.stdout());
    expect(lines.at(-3)).toBe(`changed ${CONFIG} → pulling alpha, beta`);
    expect(lines.slice(-2).sort()).toEqual([
      expect.stringMatching(/^alpha: 2 tools, /),
      expect.stringMatching(
        /^beta: 1 tool \(1 excluded\), .* \(\d+ written, \d+ unchanged, removed 1 stale\)$/,
      ),
    ]);
    expect(run.stderr()).toBe("");
  });

  it("reports a broken config in one line and goes on watching with the last valid one", async () => {
    await project.write(CONFIG, '{ "servers": { "alpha": ');
    await vi.waitFor(() => expect(run.errors()).toHaveLength(1), WAIT);
    expect(linesOf(run.stderr())).toEqual([
      expect.stringMatching(
        /^error: mcp-codegen\.config\.json: is not valid JSON .*; fix it \(still watching with the last valid config\)$/,
      ),
    ]);
    // Still watching alpha's file, with beta's exclude from the last valid config.
    await project.write("beta.json", contract("beta", ["ping", "debug", "trace"]));
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(6), WAIT);
    expect(linesOf(run.stdout()).at(-1)).toMatch(/^beta: 2 tools \(1 excluded\), /);
  });

  it("pulls every server once the config is valid again", async () => {
    await project.write(CONFIG, config());
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(8), WAIT);
    expect(summaries().slice(-2).sort()).toEqual([
      expect.stringMatching(/^alpha: 2 tools, .* \(0 written, \d+ unchanged\)$/),
      expect.stringMatching(/^beta: 3 tools, /),
    ]);
    expect(run.errors()).toHaveLength(1);
  });

  it("ends with exit code 0 on abort", async () => {
    expect(await run.stop()).toBe(0);
  });
});

describe("pull --watch with a config server that has no watch list", () => {
  let project: TempProject;
  let run: WatchRun;

  beforeAll(async () => {
    project = await createTempProject("watch-config-default");
    // The server's entry file sits next to the config: its folder, watched by default, holds the
    // output root (mcp/), which the watch must leave alone.
    for (const file of ["contract-server.mjs", "json-text.mjs"]) {
      await cp(join(REPO_ROOT, "test/fixtures/cli", file), project.path(file));
    }
    await project.write("contract.json", contract("local", ["ping"]));
    await project.write(CONFIG, {
      servers: { local: { command: "node", args: ["contract-server.mjs", "contract.json"] } },
    });
    run = startWatch(["pull", "--watch"], project.dir);
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(1), WAIT);
  });
  afterAll(async () => {
    await run.stop();
    await project.remove();
  });

  it("watches the folder of the file its command line names", async () => {
    await project.write("contract.json", contract("local", ["ping", "pong"]));
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
    expect(linesOf(run.stdout())).toEqual([
      expect.stringMatching(/^local: 1 tool, .*mcp\/local \(5 written, 0 unchanged\)$/),
      "changed contract.json → pulling local",
      expect.stringMatching(/^local: 2 tools, .*mcp\/local \(\d+ written, \d+ unchanged\)$/),
    ]);
    expect(run.stderr()).toBe("");
  });
});

describe("pull --watch on changes made during a pull", () => {
  let project: TempProject;
  let gate: RecordingServer;
  let run: WatchRun;
  const held: ServerResponse[] = [];
  let open = false;
  /** Lets every held pull go on, and every later one through at once. */
  const release = () => {
    open = true;
    for (const response of held.splice(0)) response.end("go");
  };

  beforeAll(async () => {
    project = await createTempProject("watch-serial");
    // The server fetches this URL before answering discovery: each pull is held there until
    // released, and the gate counts how many pulls reached it.
    gate = await startPlainHttp((_request, response) => {
      if (open) response.end("go");
      else held.push(response);
    });
    const served = (tools: string[]) => ({ ...contract("gated", tools), rendezvous: gate.url });
    await project.write("contract.json", served(["v1"]));
    const [command, ...args] = contractServerCommand("contract.json");
    await project.write(CONFIG, {
      servers: { gated: { command, args, watch: ["contract.json"] } },
    });
    run = startWatch(["pull", "--watch"], project.dir);
    await vi.waitFor(() => expect(gate.requests).toHaveLength(1), WAIT);
    // Two changes, each its own batch, while the first pull is held.
    await project.write("contract.json", served(["v2"]));
    await vi.waitFor(() => expect(run.stdout()).toContain("changed contract.json"), WAIT);
    await project.write("contract.json", served(["v3"]));
    await vi.waitFor(
      () => expect(run.stdout().split("changed contract.json").length - 1).toBe(2),
      WAIT,
    );
  });
  afterAll(async () => {
    release();
    await run.stop();
    await gate.close();
    await project.remove();
  });

  it("queues one more pull, never a second one at the same time, and it reads the last change", async () => {
    expect(summaryCount(run.stdout())).toBe(0);
    release();
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
    // Stopping waits for any pull going: a third one would have started by now and be counted.
    expect(await run.stop()).toBe(0);
    expect(gate.requests).toHaveLength(2);
    expect(await readFile(project.path("mcp/gated/tools/v3.ts"), "utf8")).toContain("v3");
    expect(run.stderr()).toBe("");
  });
});

describe("a server's watch list in the config", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject("watch-config-schema");
  });
  afterAll(() => project.remove());

  it("resolves its paths from the config file's folder", async () => {
    await project.write("sub/mcp-codegen.config.json", {
      servers: {
        local: { command: "node", args: ["server.js"], watch: ["src", "../common/types.ts"] },
        remote: { url: "https://example.com/mcp", watch: ["api.yaml"] },
      },
    });
    const loaded = await loadConfig({ cwd: project.path("sub"), env: {} });
    expect(loaded.servers.map((server) => server.watch)).toEqual([
      [project.path("sub/src"), project.path("common/types.ts")],
      [project.path("sub/api.yaml")],
    ]);
  });

  it("is absent unless given", async () => {
    await project.write("mcp-codegen.config.json", { servers: { s: { command: "node" } } });
    const loaded = await loadConfig({ cwd: project.dir, env: {} });
    expect(loaded.servers[0]).not.toHaveProperty("watch");
  });

  it.each([
    [[], /an empty list watches nothing; remove the key to use the default/],
    [[""], /a path must not be empty/],
    ["src", /watch/],
  ])("rejects %j", async (watch, message) => {
    await project.write("mcp-codegen.config.json", { servers: { s: { command: "node", watch } } });
    const loading = loadConfig({ cwd: project.dir, env: {} });
    await expect(loading).rejects.toBeInstanceOf(ConfigError);
    await expect(loading).rejects.toThrow(message);
  });
});
