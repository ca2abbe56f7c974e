/**
 * `pull()` from the package entry against real servers: the demo over stdio (the snapshot the
 * command wrote for examples/trip-planner), the kitchen sink over HTTP with include, exclude and
 * rename, and a contract server with a malformed entry. Nothing is printed; warnings reach
 * `onWarning`; failures are `CliError`s with the command's own messages.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CliError, ExitCode, generate, pull, type Snapshot } from "../../cli/index.js";
import { TSX_LOADER } from "../support/cli-child.js";
import { readTree } from "../support/cli-files.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { startKitchenSinkHttp, type RunningHttpServer } from "../fixtures/servers/index.js";

const DEMO_STDIO = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
const demoTarget = { command: process.execPath, args: ["--import", TSX_LOADER, DEMO_STDIO] };

/** How pull() fails: the error it rejects with. */
async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

afterEach(() => vi.restoreAllMocks());

describe("pull() from the demo server over stdio", () => {
  it("returns the snapshot the command wrote, silently, and generate() makes the example of it", async () => {
    const stdout = vi.spyOn(process.stdout, "write");
    const stderr = vi.spyOn(process.stderr, "write");
    const warnings: string[] = [];
    const snapshot = await pull(demoTarget, { onWarning: (warning) => warnings.push(warning) });
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    expect(warnings).toEqual([]);

    const written = await readFile(`${REPO_ROOT}examples/trip-planner/mcp.snapshot.json`, "utf8");
    // The file adds the list of files generated with it; the rest is the snapshot as pulled.
    const { files: _files, ...committed } = JSON.parse(written) as Snapshot;
    expect(snapshot).toEqual(committed);
    const { files } = await generate(snapshot);
    expect(Object.fromEntries(files.map((file) => [file.path, file.content]))).toEqual(
      await readTree(`${REPO_ROOT}examples/trip-planner`),
    );
  });
});

describe("pull() with capabilities", () => {
  it("declares only those given, as --capabilities does, and records them", async () => {
    const none = await pull(demoTarget, { capabilities: [] });
    expect(none.clientCapabilities).toEqual({});
    const roots = await pull(demoTarget, { capabilities: ["roots"] });
    expect(Object.keys(roots.clientCapabilities)).toEqual(["roots"]);
  });
});

describe("pull() over HTTP", () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startKitchenSinkHttp();
  });
  afterAll(() => server.close());

  it("applies include, exclude and rename, and says which patterns matched nothing", async () => {
    const warnings: string[] = [];
    const snapshot = await pull(
      { url: server.url, headers: { "X-Trace": "api-test" } },
      {
        name: "sink",
        include: ["e*", "add", "greet", "nothing-*"],
        exclude: ["echo_*"],
        rename: { add: "plus" },
        onWarning: (warning) => warnings.push(warning),
      },
    );
    expect(snapshot.name).toBe("sink");
    expect(snapshot.tools.map((tool) => tool.name).sort()).toEqual(["add", "echo"]);
    expect(snapshot.prompts.map((prompt) => prompt.name)).toEqual(["greet"]);
    expect(snapshot.resources).toEqual([]);
    expect(snapshot.codegen).toEqual({ rename: { add: "plus" } });
    expect(warnings).toEqual([
      `${server.url}: "nothing-*" matches no tool, prompt or resource of this server`,
      `${server.url}: "echo_*" matches no tool, prompt or resource of this server`,
    ]);
  });

  it("fails with the command's message when nothing listens, and exit code 3", async () => {
    const url = "http://127.0.0.1:9/mcp";
    const project = await createTempProject("api-refused");
    try {
      const run = await runCliCaptured(["pull", "--out", "x", "--url", url], project.dir);
      const error = await failure(pull({ url }));
      expect(error.exitCode).toBe(ExitCode.Server);
      expect(run.code).toBe(ExitCode.Server);
      expect(run.stderr).toBe(`error: ${error.message}\n`);
    } finally {
      await project.remove();
    }
  });
});

describe("pull() from a server with a malformed entry", () => {
  let project: TempProject;
  let command: [string, ...string[]];
  beforeAll(async () => {
    project = await createTempProject("api-malformed");
    const contract = project.path("contract.json");
    await project.write("contract.json", { tools: [simpleTool("fine"), { name: 5 }] });
    command = contractServerCommand(contract);
  });
  afterAll(() => project.remove());

  const target = () => ({ command: command[0], args: command.slice(1) });

  it("leaves it out with a warning through onWarning", async () => {
    const warnings: string[] = [];
    const snapshot = await pull(target(), { onWarning: (warning) => warnings.push(warning) });
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(["fine"]);
    expect(warnings).toEqual([
      `${command.join(" ")}: tool at index 1 left out: not an object with a string name`,
    ]);
  });

  it("under strict throws the command's exit-4 error", async () => {
    const run = await runCliCaptured(
      ["pull", "--strict", "--out", "x", "--", ...command],
      project.dir,
    );
    const error = await failure(pull(target(), { strict: true }));
    expect(error.exitCode).toBe(ExitCode.Contract);
    expect(run.code).toBe(ExitCode.Contract);
    expect(run.stderr).toBe(`error: ${error.message}\n`);
  });
});

describe("pull() with a bad target or option", () => {
  it.each([
    [{}, "pull: the target has neither url nor command; give { command, args? } or { url }"],
    [
      { url: "http://x/mcp", command: "x" },
      "pull: give the target either url or command, not both",
    ],
    [
      { url: "not a url sk_live_1234567890abcdef" },
      "pull: target.url is not a valid URL; expected e.g. http://localhost:3000/mcp",
    ],
    [{ url: "ftp://x/mcp" }, "pull: target.url must be http: or https:, got ftp:"],
    [
      { url: "http://x/mcp", headers: { "Bad Name": "v" } },
      "pull: target.headers has a name that is not a valid HTTP header name",
    ],
    [{ command: "" }, "pull: target.command must be a non-empty string (the program to start)"],
    [{ command: "x", env: { "A=B": "v" } }, "pull: target.env has an invalid variable name"],
  ])("%j is refused with exit code 2: %s", async (target, message) => {
    const error = await failure(pull(target as never));
    expect(error.exitCode).toBe(ExitCode.Usage);
    expect(error.message).toBe(message);
  });

  it.each([
    [
      { timeout: 0 },
      "options.timeout must be a positive whole number of milliseconds, at most 2147483647",
    ],
    [
      { timeout: 1.5 },
      "options.timeout must be a positive whole number of milliseconds, at most 2147483647",
    ],
    [
      { protocol: "2099-01-01" },
      "options.protocol must be one of auto, 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05",
    ],
    [{ runtime: "copied" }, 'options.runtime must be "package" or "vendored"'],
    [
      { capabilities: ["elicitation", "telepathy"] },
      "options.capabilities has telepathy, which is not a client capability pull can declare: elicitation, elicitation.url, roots, sampling, tasks",
    ],
    [{ capabilities: "roots" }, "options.capabilities must be a list, [] for none"],
    [{ capabilities: ["roots", "roots"] }, "options.capabilities lists roots twice"],

    [{ include: [] }, "options.include must list name patterns; an empty list matches nothing"],
    [{ exclude: ["a", ""] }, "options.exclude has a pattern that is not a non-empty string"],
    [
      { rename: { get_x: "1x" } },
      "options.rename.get_x must be a JavaScript identifier (letters, digits, _ and $, not starting with a digit)",
    ],
  ])("option %j is refused before connecting, with exit code 2", async (options, message) => {
    const error = await failure(pull(demoTarget, options as never));
    expect(error.exitCode).toBe(ExitCode.Usage);
    expect(error.message).toBe(`pull: ${message}`);
  });

  it("refuses auth options for a stdio server", async () => {
    const error = await failure(pull(demoTarget, { auth: { bearerToken: "tok_1234567890" } }));
    expect(error.exitCode).toBe(ExitCode.Usage);
    expect(error.message).toBe(
      `${demoTarget.command} --import ${TSX_LOADER} ${DEMO_STDIO}: auth options apply to url targets only`,
    );
  });

  it("names the command that could not start, as the command does", async () => {
    const project = await createTempProject("api-no-command");
    try {
      const missing = project.path("no-such-server");
      const run = await runCliCaptured(
        ["pull", "--out", "x", "--", missing, "--flag"],
        project.dir,
      );
      const error = await failure(pull({ command: missing, args: ["--flag"] }));
      expect(error.exitCode).toBe(ExitCode.Server);
      expect(error.message.startsWith(`${missing} --flag: could not connect`)).toBe(true);
      expect(run.stderr).toBe(`error: ${error.message}\n`);
    } finally {
      await project.remove();
    }
  });
});
