/**
 * Every way a run can fail ends in one line on stderr that says what went wrong and what to do,
 * and the documented exit code: 2 usage, 3 server, 4 contract. In-process, against real
 * processes and sockets.
 */
import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { startKitchenSinkHttp } from "../fixtures/servers/index.js";
import type { RunningHttpServer } from "../fixtures/servers/loopback.js";
import {
  createTempProject,
  runCliCaptured,
  type CliRun,
  type TempProject,
} from "../support/cli-run.js";
import {
  contractServerCommand,
  simpleTool,
  startPlainHttp,
  unusedLoopbackUrl,
} from "../support/cli-servers.js";

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject("errors");
});
afterAll(() => project.remove());

/** Asserts the failure shape every error shares, then what this one must say. */
function expectOneLineError(run: CliRun, code: number, ...mentions: RegExp[]): void {
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
  for (const mention of mentions) expect(run.stderr).toMatch(mention);
  expect(run.code).toBe(code);
}

const pull = (...argv: string[]) => runCliCaptured(["pull", ...argv], project.dir);

describe("usage errors (exit 2)", () => {
  it("an unknown flag, with a pointer to --help", async () => {
    expectOneLineError(await pull("--bogus", "x"), ExitCode.Usage, /'--bogus'/, /--help/);
  });

  it("a misspelt flag, with the suggestion on the same line", async () => {
    expectOneLineError(
      await pull("--ulr", "http://127.0.0.1:1/mcp"),
      ExitCode.Usage,
      /'--ulr'/,
      /--url/,
    );
  });

  it("both --url and a command", async () => {
    expectOneLineError(
      await pull("--url", "http://127.0.0.1:1/mcp", "--", process.execPath, "server.js"),
      ExitCode.Usage,
      /--url/,
      /not both/,
    );
  });

  it("no target and no config file", async () => {
    const empty = await createTempProject("errors-empty");
    try {
      expectOneLineError(
        await runCliCaptured(["pull"], empty.dir),
        ExitCode.Usage,
        /no config file/,
        /--url URL/,
        /mcp-codegen\.config\.json/,
      );
    } finally {
      await empty.remove();
    }
  });

  describe("a broken config file", () => {
    let folder: TempProject;
    beforeAll(async () => {
      folder = await createTempProject("errors-config");
    });
    afterAll(() => folder.remove());

    const pullWith = async (config: string) => {
      await folder.write("mcp-codegen.config.json", config);
      return runCliCaptured(["pull"], folder.dir);
    };

    it("that is not JSON", async () => {
      expectOneLineError(
        await pullWith('{ "servers": { "a": '),
        ExitCode.Usage,
        /mcp-codegen\.config\.json/,
        /not valid JSON/,
      );
    });

    it("with a value of the wrong type, naming where", async () => {
      expectOneLineError(
        await pullWith(JSON.stringify({ servers: { api: { url: 42 } } })),
        ExitCode.Usage,
        /servers\.api\.url/,
        /expected a string/,
      );
    });

    it("with a variable that is not set, saying how to set or escape it", async () => {
      expectOneLineError(
        await pullWith(
          JSON.stringify({
            servers: { api: { url: "http://127.0.0.1:1/${CLI_TEST_UNSET_VARIABLE}" } },
          }),
        ),
        ExitCode.Usage,
        /CLI_TEST_UNSET_VARIABLE is not set/,
        /\$\$\{/,
      );
    });

    it("named by --config but absent", async () => {
      expectOneLineError(
        await runCliCaptured(["pull", "--config", "nowhere.json"], folder.dir),
        ExitCode.Usage,
        /nowhere\.json/,
        /--config/,
      );
    });
  });

  it("a snapshot that is not JSON", async () => {
    await project.write("broken/mcp.snapshot.json", "{ this is not json");
    for (const command of ["generate", "check"]) {
      expectOneLineError(
        await runCliCaptured([command, "--out", "broken"], project.dir),
        ExitCode.Usage,
        /mcp\.snapshot\.json/,
        /not valid JSON/,
        /mcp-codegen pull/,
      );
    }
  });

  it("a snapshot that is JSON but not a snapshot", async () => {
    await project.write("wrong/mcp.snapshot.json", { tools: "none" });
    expectOneLineError(
      await runCliCaptured(["generate", "--out", "wrong"], project.dir),
      ExitCode.Usage,
      /mcp\.snapshot\.json/,
    );
  });

  it("a missing snapshot", async () => {
    expectOneLineError(
      await runCliCaptured(["generate", "--out", "nothing-here"], project.dir),
      ExitCode.Usage,
      /no snapshot/,
      /mcp-codegen pull/,
    );
  });
});

describe("server errors (exit 3)", () => {
  let attempts = 0;
  /** Pulls into a fresh folder name and asserts the failed pull left no folder behind. */
  async function failedPull(...target: string[]): Promise<CliRun> {
    const out = `out-${++attempts}`;
    const run = await pull("--out", out, ...target);
    await expect(access(project.path(out))).rejects.toThrow();
    return run;
  }

  it("a command that does not exist", async () => {
    expectOneLineError(
      await failedPull("--", "mcp-codegen-test-no-such-command", "--stdio"),
      ExitCode.Server,
      /mcp-codegen-test-no-such-command/,
      /not found/,
      /PATH/,
    );
  });

  it("a server that exits at once, quoting what it said on stderr", async () => {
    const script = "process.stderr.write('missing DATABASE_URL\\n'); process.exit(1)";
    expectOneLineError(
      await failedPull("--", process.execPath, "-e", script),
      ExitCode.Server,
      /exited with code 1/,
      /missing DATABASE_URL/,
      /check the command/,
    );
  });

  it("a URL with nothing listening", async () => {
    const run = await failedPull("--url", await unusedLoopbackUrl());
    expectOneLineError(run, ExitCode.Server, /connection refused/, /check that it is running/);
    // The runtime already says what to check: no second "check" clause from the CLI.
    expect(run.stderr.match(/check/g)).toHaveLength(1);
  });

  describe("an HTTP server that is not an MCP server", () => {
    let sink: RunningHttpServer;
    beforeAll(async () => {
      sink = await startKitchenSinkHttp();
    });
    afterAll(() => sink.close());

    it("answers 404 on the path", async () => {
      expectOneLineError(
        await failedPull("--url", sink.url.replace(/\/mcp$/, "/not-mcp")),
        ExitCode.Server,
        /HTTP 404/,
        /check the URL/,
      );
    });

    it("answers 200 with a web page", async () => {
      const web = await startPlainHttp((_request, response) => {
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<!doctype html><title>Welcome</title>");
      });
      try {
        expectOneLineError(
          await failedPull("--url", web.url),
          ExitCode.Server,
          /text\/html/,
          /not a JSON-RPC response/,
        );
      } finally {
        await web.close();
      }
    });
  });
});

describe("contract errors (exit 4)", () => {
  it("under --strict, a tool whose schema has a network $ref: nothing fetched, nothing written", async () => {
    // The $ref points at a live server, so a fetch would be seen.
    const schemaHost = await startPlainHttp((_request, response) => {
      response.writeHead(200, { "content-type": "application/schema+json" });
      response.end(JSON.stringify({ type: "string" }));
    });
    try {
      const remote = schemaHost.url.replace(/\/mcp$/, "/schemas/city.json");
      const contract = await project.write("ref-contract.json", {
        serverInfo: { name: "ref-server", version: "1.0.0" },
        tools: [
          simpleTool("plain"),
          simpleTool("lookup_city", { city: { $ref: remote } }, ["city"]),
        ],
      });
      const run = await pull(
        "--out",
        "ref-out",
        "--strict",
        "--",
        ...contractServerCommand(contract),
      );
      expectOneLineError(
        run,
        ExitCode.Contract,
        /lookup_city/,
        /\$ref/,
        /nothing is fetched/,
        /exclude the item/,
      );
      expect(schemaHost.requests).toEqual([]);
      await expect(access(project.path("ref-out"))).rejects.toThrow();
    } finally {
      await schemaHost.close();
    }
  });
});
