/**
 * Secrets are secrets, and only secrets: a server that echoes the credential part of a header,
 * a URL value decoded once, a key in its own URL path, or a marked value gets `***` written and
 * printed; an ordinary `--env` value is never touched, even where a server repeats it in names,
 * keys and enums; a secret in a name, key, enum or const value stops the pull with exit 4 and
 * one line, never silently rewritten. One test per reported case.
 */
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findLeaks, readTree } from "../support/cli-files.js";
import {
  createTempProject,
  runCliCaptured,
  type CliRun,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { startEchoHttp, type EchoAnswer, type EchoRequest } from "../support/echo-http-server.js";

const TOKEN = "T0k-5f1c2a9e";
const KEY_IN_PATH = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";

let project: TempProject;
beforeAll(async () => {
  project = await createTempProject("secrets-echo");
});
afterAll(() => project.remove());

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function echoServer(answer: (request: EchoRequest) => EchoAnswer, path?: string) {
  const server = await startEchoHttp(answer, path);
  servers.push(server);
  return server.url;
}

/** A tool that quotes `text` in its prose: description, title, a default and an example. */
function quotingTool(text: string) {
  return {
    ...simpleTool("lookup", {
      key: { type: "string", default: text, examples: [`x${text}y`], description: `k ${text}` },
    }),
    title: `Lookup (${text})`,
    description: `Authenticated as ${text}.`,
  };
}

async function expectNoLeaks(run: CliRun, secrets: readonly string[]): Promise<void> {
  const files = await readTree(project.dir, { caches: true });
  const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const [path, text] of Object.entries(files)) {
    // The inputs the test itself wrote hold secrets on purpose.
    if (!path.endsWith("contract.json") && !path.endsWith("mcp-codegen.config.json")) {
      texts[path] = text;
    }
  }
  expect(findLeaks(texts, secrets)).toEqual([]);
}

const query = (request: EchoRequest, name: string) =>
  new URL(request.url, "http://x").searchParams.get(name) ?? "";
const bearer = (request: EchoRequest) =>
  String(request.headers.authorization).replace(/^\S+\s+/, "");

describe("the credential part of an auth header", () => {
  const cases: ReadonlyArray<readonly [string, string, (r: EchoRequest) => string, string[]]> = [
    ["Bearer", `Bearer ${TOKEN}`, bearer, [TOKEN]],
    ["Token", `Token ${TOKEN}`, bearer, [TOKEN]],
    ["DPoP", `DPoP ${TOKEN}`, bearer, [TOKEN]],
    [
      "Basic, the decoded password",
      `Basic ${Buffer.from(`alice:${TOKEN}`).toString("base64")}`,
      (r) => Buffer.from(bearer(r), "base64").toString().split(":")[1] ?? "",
      [TOKEN, `alice:${TOKEN}`],
    ],
  ];
  it.each(cases)(
    "%s: echoed in prose, written and printed as ***",
    async (_, value, echo, secrets) => {
      const url = await echoServer((request) => ({ tools: [quotingTool(echo(request))] }));
      const out = `auth-${secrets.length}-${value.slice(0, 5)}`;
      const run = await runCliCaptured(
        ["pull", "--out", out, "--header", `Authorization: ${value}`, "--url", url],
        project.dir,
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/^warning: .*repeats the secret from header Authorization/);
      const snapshot = await readFile(project.path(out, "mcp.snapshot.json"), "utf8");
      expect(snapshot).toContain("Authenticated as ***.");
      await expectNoLeaks(run, secrets);
    },
  );

  it("quoted in a JSON-RPC error: the error line is masked", async () => {
    const url = await echoServer((request) => ({ fail: `token ${bearer(request)} is revoked` }));
    const run = await runCliCaptured(
      ["pull", "--out", "auth-fail", "--header", `Authorization: Bearer ${TOKEN}`, "--url", url],
      project.dir,
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: .*token \*\*\* is revoked.*\n$/);
    await expectNoLeaks(run, [TOKEN]);
  });

  it("--secret-header marks a header whose name says nothing", async () => {
    const url = await echoServer((request) => ({
      tools: [quotingTool(String(request.headers["x-tenant"]))],
    }));
    const run = await runCliCaptured(
      ["pull", "--out", "tenant", "--secret-header", "X-Tenant: acme-corp-7", "--url", url],
      project.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/repeats the secret from header X-Tenant/);
    await expectNoLeaks(run, ["acme-corp-7"]);
  });
});

describe("URL values, decoded exactly once", () => {
  it("?token=100%25sure pulls (it was an internal error) and the decoded value is masked", async () => {
    const url = await echoServer((request) => ({ tools: [quotingTool(query(request, "token"))] }));
    const run = await runCliCaptured(
      ["pull", "--out", "pct", "--url", `${url}?token=100%25sure`],
      project.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("token=***");
    await expectNoLeaks(run, ["100%sure", "100%25sure"]);
  });

  it("?api_key=%2541… is masked as the server reads it (%41…), not decoded twice", async () => {
    const url = await echoServer((request) => ({
      tools: [quotingTool(query(request, "api_key"))],
    }));
    const run = await runCliCaptured(
      ["pull", "--out", "pct2", "--url", `${url}?api_key=%2541bcdefgh`],
      project.dir,
    );
    expect(run.code).toBe(0);
    await expectNoLeaks(run, ["%41bcdefgh", "%2541bcdefgh"]);
  });

  it("a key in the URL path is printed as *** and masked when echoed", async () => {
    const url = await echoServer(
      (request) => ({ tools: [quotingTool(request.url.split("/")[2] ?? "")] }),
      `/s/${KEY_IN_PATH}/mcp`,
    );
    const run = await runCliCaptured(["pull", "--out", "path", "--url", url], project.dir, {
      interactive: true,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("/s/***/mcp");
    await expectNoLeaks(run, [KEY_IN_PATH]);
  });
});

describe("ordinary --env values are left alone", () => {
  it('--env LOG_LEVEL=info keeps get_info, the enum "info" and the key "info"', async () => {
    const tool = {
      ...simpleTool("get_info", {
        level: { type: "string", enum: ["info", "debug"], default: "info" },
        info: { type: "boolean" },
      }),
      description: "Logs at {{LOG_LEVEL}} level.",
    };
    const contract = await project.write("info/contract.json", { echoEnv: true, tools: [tool] });
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "info/out",
        "--env",
        "LOG_LEVEL=info",
        "--",
        ...contractServerCommand(contract),
      ],
      project.dir,
    );
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const snapshot = JSON.parse(
      await readFile(project.path("info/out/mcp.snapshot.json"), "utf8"),
    ) as {
      tools: Array<{ name: string; description: string; inputSchema: unknown }>;
    };
    expect(snapshot.tools[0]?.name).toBe("get_info");
    expect(snapshot.tools[0]?.description).toBe("Logs at info level.");
    expect(snapshot.tools[0]?.inputSchema).toEqual(tool.inputSchema);
  });
});

describe("a secret where it cannot be masked stops the pull", () => {
  const placed: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
    ["a tool name", simpleTool("get_{{SECRET_VAR}}"), 'tool "get_\\*\\*\\*" at /name'],
    [
      "a property key",
      simpleTool("lookup", { "{{SECRET_VAR}}": { type: "string" } }),
      'a key of tool "lookup" at /inputSchema/properties/\\*\\*\\*',
    ],
    [
      "an enum value",
      simpleTool("lookup", { region: { enum: ["{{SECRET_VAR}}"] } }),
      "at /inputSchema/properties/region/enum/0",
    ],
  ];
  const flags: ReadonlyArray<readonly [string, string, string]> = [
    ["a credential-named --env", "--env", "API_TOKEN"],
    ["--secret-env", "--secret-env", "REGION"],
  ];
  for (const [flagName, flag, variable] of flags) {
    it.each(placed)(
      `${flagName} in %s: exit 4, one line, nothing written`,
      async (_, tool, place) => {
        const folder = `stop-${variable}-${String(tool.name).length}-${Object.keys(tool).length}`;
        const served = JSON.parse(
          JSON.stringify(tool).replaceAll("SECRET_VAR", variable),
        ) as unknown;
        const contract = await project.write(`${folder}/contract.json`, {
          echoEnv: true,
          tools: [served],
        });
        const run = await runCliCaptured(
          [
            "pull",
            "--out",
            `${folder}/out`,
            flag,
            `${variable}=eu-west-7x`,
            "--",
            ...contractServerCommand(contract),
          ],
          project.dir,
        );
        expect(run.code).toBe(4);
        expect(run.stdout).toBe("");
        expect(run.stderr).toMatch(
          new RegExp(
            `^error: .*secret from env ${variable} in .*${place}.*never rewritten[^\\n]*\\n$`,
          ),
        );
        expect(existsSync(project.path(folder, "out"))).toBe(false);
        await expectNoLeaks(run, ["eu-west-7x"]);
      },
    );
  }
});

describe("a way out of a secret in a name", () => {
  it("excluding the tool that echoes it lets the pull go on", async () => {
    const tools = [simpleTool("get_{{API_TOKEN}}"), simpleTool("ping")];
    const contract = await project.write("way-out/contract.json", { echoEnv: true, tools });
    const [command, ...args] = contractServerCommand(contract);
    const server = { command, args, env: { API_TOKEN: "eu-west-7x" }, out: "out" };
    await project.write("way-out/mcp-codegen.config.json", { servers: { local: server } });
    const failed = await runCliCaptured(["pull"], project.path("way-out"));
    expect(failed.code).toBe(4);
    await project.write("way-out/mcp-codegen.config.json", {
      servers: { local: { ...server, exclude: ["get_*"] } },
    });
    const run = await runCliCaptured(["pull"], project.path("way-out"));
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const snapshot = await readFile(project.path("way-out/out/mcp.snapshot.json"), "utf8");
    expect(snapshot).toContain('"ping"');
    await expectNoLeaks(failed, ["eu-west-7x"]);
  });
});

describe("secret: true in the config", () => {
  it("marks an env value whose name says nothing: masked in prose, with a warning", async () => {
    const tool = { ...simpleTool("lookup"), description: "Region {{REGION}}." };
    const contract = await project.write("marked/contract.json", { echoEnv: true, tools: [tool] });
    const [command, ...args] = contractServerCommand(contract);
    await project.write("marked/mcp-codegen.config.json", {
      servers: {
        local: {
          command,
          args,
          out: "out",
          env: { REGION: { value: "eu-west-7x", secret: true } },
        },
      },
    });
    const run = await runCliCaptured(["pull"], project.path("marked"));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning: local: .*repeats the secret from env REGION 1 time/);
    const snapshot = await readFile(project.path("marked/out/mcp.snapshot.json"), "utf8");
    expect(snapshot).toContain("Region ***.");
    await expectNoLeaks(run, ["eu-west-7x"]);
  });
});

describe("stderr tails of a crashing stdio server", () => {
  const cases: ReadonlyArray<readonly [string, string, string, string]> = [
    ["a --secret-env value", "--secret-env", "REGION=eu-west-7x", "eu-west-7x"],
    ["the token after a scheme in an env value", "--env", `UPSTREAM_AUTH=Bearer ${TOKEN}`, TOKEN],
  ];
  it.each(cases)("%s is masked in the error line", async (_, flag, pair, secret) => {
    const variable = pair.slice(0, pair.indexOf("="));
    const script = `process.stderr.write('bad ' + process.env.${variable} + '\\n'); process.exit(1)`;
    const run = await runCliCaptured(
      ["pull", "--out", "crash", flag, pair, "--", process.execPath, "-e", script],
      project.dir,
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: [^\n]*\*\*\*[^\n]*\n$/);
    await expectNoLeaks(run, [secret]);
  });
});

describe("usage errors never quote a value", () => {
  const cases: ReadonlyArray<readonly [string, string[]]> = [
    [
      "a header without a name",
      ["--header", `Bearer ${KEY_IN_PATH}`, "--url", "http://127.0.0.1:9/mcp"],
    ],
    ["an env entry without =", ["--env", KEY_IN_PATH, "--", "node"]],
    ["a --secret-env without =", ["--secret-env", KEY_IN_PATH, "--", "node"]],
    ["a URL that does not parse", ["--url", `http://[${KEY_IN_PATH}/mcp`]],
    ["a rejected option value", ["--runtime", KEY_IN_PATH]],
    ["an unknown option with a value", [`--api-token=${KEY_IN_PATH}`]],
  ];
  it.each(cases)("%s", async (_, argv) => {
    const run = await runCliCaptured(["pull", "--out", "usage", ...argv], project.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(run.stderr).not.toContain(KEY_IN_PATH);
  });
});
