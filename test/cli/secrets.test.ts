/**
 * Secrets (header values, env values, tokens in URL queries) never reach the snapshot, the
 * generated files, the cache or the printed output: not on success, and not when a server quotes
 * them back in an error. Each test searches every file the run could have written and everything
 * it printed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startKitchenSinkHttp } from "../fixtures/servers/index.js";
import { findLeaks, readTree } from "../support/cli-files.js";
import {
  createTempProject,
  runCliCaptured,
  type CliRun,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool, startPlainHttp } from "../support/cli-servers.js";

const HEADER_SECRET = "hdr-5f1c2a9e-secret";
const QUERY_SECRET = "qry-83b7d0c4-secret";
const ENV_SECRET = "env-2d6e91f3-secret";
const SECRETS = [HEADER_SECRET, QUERY_SECRET, ENV_SECRET];

let project: TempProject;

beforeAll(async () => {
  project = await createTempProject("secrets");
});
afterAll(() => project.remove());

/** Every file under the project (caches included) and both streams, searched for every secret. */
async function expectNoLeaks(run: CliRun): Promise<void> {
  const files = await readTree(project.dir, { caches: true });
  const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const [path, text] of Object.entries(files)) {
    // The inputs the test itself wrote hold secrets on purpose.
    if (path.endsWith("contract.json") || path.endsWith("mcp-codegen.config.json")) continue;
    texts[path] = text;
  }
  expect(findLeaks(texts, SECRETS)).toEqual([]);
}

/** A failure line that still shows the server's message, with the secret masked. */
function expectMaskedError(run: CliRun): void {
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/^(error: [^\n]+\n)+$/);
  expect(run.stderr).toContain("***");
  expect(run.code).toBe(3);
}

const AUTH = ["--header", `Authorization: Bearer ${HEADER_SECRET}`];
const withToken = (url: string) => `${url}?api_key=${QUERY_SECRET}`;

describe("a successful pull", () => {
  it("over HTTP with a header and a URL token, progress shown", async () => {
    const server = await startKitchenSinkHttp();
    try {
      const run = await runCliCaptured(
        ["pull", "--out", "http-ok", ...AUTH, "--url", withToken(server.url)],
        project.dir,
        { interactive: true },
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("connected to kitchen-sink");
      expect(run.stdout).toContain("api_key=***");
      await expectNoLeaks(run);
    } finally {
      await server.close();
    }
  });

  it("over stdio with an env value the server used", async () => {
    const contract = await project.write("env-ok/contract.json", {
      versionFromEnv: "FIXTURE_KEY",
      tools: [simpleTool("ping")],
    });
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "env-ok/out",
        "--env",
        `FIXTURE_KEY=${ENV_SECRET}`,
        "--",
        ...contractServerCommand(contract),
      ],
      project.dir,
      { interactive: true },
    );
    expect(run.code).toBe(0);
    // The server saw the value: it reports a digest of it as its version.
    const snapshot = JSON.parse(
      await readFile(project.path("env-ok/out/mcp.snapshot.json"), "utf8"),
    ) as { server: { version: string } };
    const digest = createHash("sha256").update(ENV_SECRET).digest("hex").slice(0, 12);
    expect(snapshot.server.version).toBe(`env-${digest}`);
    await expectNoLeaks(run);
  });
});

describe("a server that echoes a secret in its contract", () => {
  it("gets *** in the snapshot and the generated code, and a warning", async () => {
    const tool = {
      ...simpleTool("echoer", { key: { type: "string", default: ENV_SECRET } }),
      description: `Uses the key ${ENV_SECRET} for every call`,
    };
    const contract = await project.write("echo-contract/contract.json", { tools: [tool] });
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "echo-contract/out",
        "--env",
        `FIXTURE_KEY=${ENV_SECRET}`,
        "--",
        ...contractServerCommand(contract),
      ],
      project.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^warning: .*repeats the secret from env FIXTURE_KEY 2 time\(s\); it is written as \*\*\* instead\n$/,
    );
    const snapshot = await readFile(project.path("echo-contract/out/mcp.snapshot.json"), "utf8");
    expect(snapshot).toContain("Uses the key *** for every call");
    await expectNoLeaks(run);
  });
});

describe("a server that quotes the secrets back in an error", () => {
  /** What a careless server says: the credential and the URL it was called with. */
  const quote = (request: IncomingMessage) =>
    `rejected ${String(request.headers.authorization)} at ${String(request.url)}`;

  const answers: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
    "HTTP 401 with WWW-Authenticate": (request, response) => {
      response.writeHead(401, {
        "content-type": "text/plain",
        "www-authenticate": `Bearer error="invalid_token", error_description="${quote(request)}"`,
      });
      response.end(quote(request));
    },
    "HTTP 500 with a text body": (request, response) => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(quote(request));
    },
    "a JSON-RPC error": (request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const error = { code: -32001, message: quote(request), data: { echo: quote(request) } };
      response.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error }));
    },
  };

  const servers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  for (const [name, answer] of Object.entries(answers)) {
    it(`over HTTP: ${name}`, async () => {
      const server = await startPlainHttp(answer);
      servers.push(server);
      const run = await runCliCaptured(
        ["pull", "--out", "http-fail", ...AUTH, "--url", withToken(server.url)],
        project.dir,
      );
      // The server really got both secrets, so it really could quote them.
      expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${HEADER_SECRET}`);
      expect(server.requests[0]?.url).toContain(QUERY_SECRET);
      await expectNoLeaks(run);
      expectMaskedError(run);
    });
  }

  it("over stdio: a JSON-RPC error quoting an env value", async () => {
    const contract = await project.write("env-fail/contract.json", {
      failListWithEnv: "FIXTURE_KEY",
      tools: [simpleTool("ping")],
    });
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "env-fail/out",
        "--env",
        `FIXTURE_KEY=${ENV_SECRET}`,
        "--",
        ...contractServerCommand(contract),
      ],
      project.dir,
    );
    await expectNoLeaks(run);
    expectMaskedError(run);
  });

  it("over stdio: a crash whose last stderr line quotes an env value", async () => {
    const script =
      "process.stderr.write('bad key ' + process.env.FIXTURE_KEY + '\\n'); process.exit(1)";
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "crash",
        "--env",
        `FIXTURE_KEY=${ENV_SECRET}`,
        "--",
        process.execPath,
        "-e",
        script,
      ],
      project.dir,
    );
    await expectNoLeaks(run);
    expectMaskedError(run);
  });

  it("from a config with ${VAR} secrets, every failing server reported", async () => {
    const httpServer = await startPlainHttp(answers["HTTP 500 with a text body"]!);
    servers.push(httpServer);
    const contract = await project.write("config-fail/contract.json", {
      failListWithEnv: "FIXTURE_KEY",
      exitAfterFailure: true,
      tools: [simpleTool("ping")],
    });
    const [command, ...args] = contractServerCommand(contract);
    await project.write("config-fail/mcp-codegen.config.json", {
      servers: {
        local: { command, args, env: { FIXTURE_KEY: "${CLI_SECRET_ENV}" } },
        remote: {
          url: `${httpServer.url}?api_key=\${CLI_SECRET_QUERY}`,
          headers: { Authorization: "Bearer ${CLI_SECRET_HEADER}" },
        },
      },
    });
    process.env.CLI_SECRET_ENV = ENV_SECRET;
    process.env.CLI_SECRET_QUERY = QUERY_SECRET;
    process.env.CLI_SECRET_HEADER = HEADER_SECRET;
    let run: CliRun;
    try {
      run = await runCliCaptured(["pull"], project.path("config-fail"));
    } finally {
      delete process.env.CLI_SECRET_ENV;
      delete process.env.CLI_SECRET_QUERY;
      delete process.env.CLI_SECRET_HEADER;
    }
    await expectNoLeaks(run);
    expectMaskedError(run);
    expect(run.stderr).toMatch(/^error: local: /m);
    expect(run.stderr).toMatch(/^error: remote: /m);
  });
});
