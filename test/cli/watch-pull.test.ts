/**
 * `mcp-codegen pull --watch` against a real server process: a copy of the demo server, started
 * through tsx, edited on disk while the watch runs. Every change is a real file write and every
 * pull a real server start; the test waits (never sleeps) for what the watch prints and writes.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TSX_LOADER } from "../support/cli-child.js";
import {
  createTempProject,
  linesOf,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { simpleTool } from "../support/cli-servers.js";
import { startWatch, summaryCount, watchHandles, type WatchRun } from "../support/cli-watch.js";

/** Room for a tsx server start on a busy two-core machine; a net for hangs, not a speed check. */
const WAIT = { timeout: 60_000, interval: 100 };

const ORIGINAL = "Returns a plain-text forecast";

describe("pull --watch on a stdio server's source", () => {
  let project: TempProject;
  let run: WatchRun;
  let handlesBefore: number;
  let signalListenersBefore: number;
  const source = () => project.path("demo-server/get-weather.ts");
  const generated = () => readFile(project.path("out/tools/get-weather.ts"), "utf8");
  const edit = async (from: string, to: string) => {
    const text = await readFile(source(), "utf8");
    expect(text).toContain(from);
    await writeFile(source(), text.replace(from, to));
  };

  beforeAll(async () => {
    project = await createTempProject("watch-pull");
    await cp(join(REPO_ROOT, "examples/demo-server"), project.path("demo-server"), {
      recursive: true,
    });
    handlesBefore = watchHandles();
    signalListenersBefore = process.listenerCount("SIGINT") + process.listenerCount("SIGTERM");
    // node by its absolute path, as scripts often spell it: the interpreter's folder must not be
    // taken for the server's source; demo-server/stdio.ts is the first file the command names.
    run = startWatch(
      [
        "pull",
        "--watch",
        "--out",
        "out",
        // The server's folder, which is also the one the entry path is relative to.
        "--cwd",
        ".",
        "--",
        process.execPath,
        "--import",
        TSX_LOADER,
        "demo-server/stdio.ts",
      ],
      project.dir,
    );
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(1), WAIT);
  });
  afterAll(async () => {
    await run.stop();
    await project.remove();
  });

  it("pulls once at the start, printing the usual summary line", async () => {
    expect(run.stderr()).toBe("");
    expect(linesOf(run.stdout())).toEqual([
      expect.stringMatching(/: 6 tools, .* → .*out \(13 written, 0 unchanged\)$/),
    ]);
    expect(await generated()).toContain(ORIGINAL);
    expect(watchHandles()).toBeGreaterThan(handlesBefore);
  });

  it("pulls again when a tool's description changes in the server's source", async () => {
    await edit(ORIGINAL, "Returns a watched forecast");
    await vi.waitFor(
      async () => expect(await generated()).toContain("Returns a watched forecast"),
      WAIT,
    );
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
    const lines = linesOf(run.stdout());
    expect(lines[1]).toMatch(/^changed demo-server\/get-weather\.ts → pulling .*stdio\.ts$/);
    // Only the files whose bytes changed: the tool's module, the snapshot, the index's JSDoc.
    expect(lines[2]).toMatch(/\([1-3] written, \d+ unchanged\)$/);
    // The pull's own writes into out/ (and node_modules/.cache) set off nothing more.
    expect(lines).toHaveLength(3);
    expect(run.stderr()).toBe("");
  });

  it("reports a server that fails to start in one error line, and pulls once it is fixed", async () => {
    await edit("export function registerGetWeather", "export function registerGetWeather(((");
    await vi.waitFor(() => expect(run.errors()).toHaveLength(1), WAIT);
    expect(linesOf(run.stderr())).toHaveLength(1);
    expect(run.errors()[0]).toMatch(/could not connect: the MCP server .* exited with code 1/);
    await edit("export function registerGetWeather(((", "export function registerGetWeather");
    await edit("Returns a watched forecast", "Returns a repaired forecast");
    await vi.waitFor(
      async () => expect(await generated()).toContain("Returns a repaired forecast"),
      WAIT,
    );
    expect(run.errors()).toHaveLength(1);
  });

  it("ends with exit code 0 on abort, its file watchers and signal handlers gone", async () => {
    expect(await run.stop()).toBe(0);
    // A closed fs.watch handle leaves the list on a later turn of the event loop.
    await vi.waitFor(() => expect(watchHandles()).toBe(handlesBefore), WAIT);
    expect(process.listenerCount("SIGINT") + process.listenerCount("SIGTERM")).toBe(
      signalListenersBefore,
    );
  });
});

describe("pull --watch on a server whose folder holds the output", () => {
  let project: TempProject;
  let run: WatchRun;
  const contract = (tools: string[]) => ({
    serverInfo: { name: "local", version: "1.0.0" },
    tools: tools.map((tool) => simpleTool(tool)),
  });

  beforeAll(async () => {
    project = await createTempProject("watch-pull-here");
    // The contract server copied into the project: its folder, watched, is the project itself,
    // where mcp/local (the default output) and node_modules/.cache (the generation cache) go.
    for (const file of ["contract-server.mjs", "json-text.mjs"]) {
      await cp(join(REPO_ROOT, "test/fixtures/cli", file), project.path(file));
    }
    await project.write("contract.json", contract(["ping"]));
    run = startWatch(
      ["pull", "--watch", "--cwd", ".", "--", "node", "contract-server.mjs", "contract.json"],
      project.dir,
    );
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(1), WAIT);
  });
  afterAll(async () => {
    await run.stop();
    await project.remove();
  });

  it("is not set off by its own writes, only by the server's files", async () => {
    await project.write("contract.json", contract(["ping", "pong"]));
    await vi.waitFor(() => expect(summaryCount(run.stdout())).toBe(2), WAIT);
    expect(linesOf(run.stdout())).toEqual([
      expect.stringMatching(/^node contract-server\.mjs contract\.json: 1 tool, .*mcp\/local /),
      "changed contract.json → pulling node contract-server.mjs contract.json",
      expect.stringMatching(/: 2 tools, .*mcp\/local \(\d+ written, \d+ unchanged\)$/),
    ]);
    expect(run.stderr()).toBe("");
    expect(await readFile(project.path("mcp/local/tools/pong.ts"), "utf8")).toContain("pong");
  });
});

describe("pull --watch with nothing it can watch", () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await createTempProject("watch-refused");
  });
  afterAll(() => project.remove());

  // [what, argv, the error line]
  const TABLE: ReadonlyArray<readonly [string, string[], RegExp]> = [
    [
      "an HTTP server without a config",
      ["pull", "--watch", "--url", "http://127.0.0.1:9/mcp"],
      /^error: pull --watch --url has nothing to watch: .* "watch" list of its files, or pull without --watch$/,
    ],
    [
      "a server from the registry without a config",
      ["pull", "--watch", "--registry", "io.github.example/weather"],
      /^error: pull --watch --registry has nothing to watch: .* "watch" list of its files, or pull without --watch$/,
    ],
    [
      "a server.json without a config",
      ["pull", "--watch", "--server-json", "server.json"],
      /^error: pull --watch --server-json has nothing to watch: .* "watch" list of its files, or pull without --watch$/,
    ],
    [
      "a command line naming no file",
      ["pull", "--watch", "--", "npx", "-y", "some-server"],
      /^error: pull --watch: no argument of "npx -y some-server" names a file to watch; .*"watch" list$/,
    ],
    [
      "no target and no config",
      ["pull", "--watch"],
      /^error: no config file in .*; run `mcp-codegen pull/,
    ],
    [
      "a dry run",
      ["pull", "--watch", "--dry-run", "--", "node", "server.js"],
      /^error: --watch writes on every change, --dry-run and --diff only show what would change: use one or the other$/,
    ],
    [
      "generate with a diff",
      ["generate", "--watch", "--diff"],
      /^error: --watch writes on every change, --dry-run and --diff only show what would change: use one or the other$/,
    ],
    [
      "config names and a command",
      ["pull", "local", "--watch", "--", "node", "server.js"],
      /^error: config server names and a --url or a command after -- both choose what to watch; give one$/,
    ],
  ];

  it.each(TABLE)("exits 2 at once for %s, pulling nothing", async (_what, argv, line) => {
    const signalListeners = process.listenerCount("SIGINT") + process.listenerCount("SIGTERM");
    const run = await runCliCaptured(argv, project.dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(linesOf(run.stderr)).toEqual([expect.stringMatching(line)]);
    expect(process.listenerCount("SIGINT") + process.listenerCount("SIGTERM")).toBe(
      signalListeners,
    );
  });
});
