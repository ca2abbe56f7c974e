/**
 * `mcp-codegen pull`, in-process, against real servers: the kitchen sink over stdio and over
 * Streamable HTTP on a loopback port, and a config file with two servers pulled in parallel.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenSinkStdio, startKitchenSinkHttp } from "../fixtures/servers/index.js";
import type { RunningHttpServer } from "../fixtures/servers/loopback.js";
import { listTree, modificationTimes, readTree } from "../support/cli-files.js";
import { startRendezvous, type Rendezvous } from "../support/cli-rendezvous.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type CliRun,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";

const sink = kitchenSinkStdio();
const SINK_COMMAND = [sink.command, ...sink.args];

/** What the kitchen sink generates: the snapshot, the index, one module per entity. */
const KITCHEN_SINK_FILES = [
  "all-tools.ts",
  "index.ts",
  "mcp.snapshot.json",
  "mock.ts",
  "prompts/greet.ts",
  "resources/greeting.ts",
  "resources/logo.ts",
  "resources/readme.ts",
  "resources/user-posts.ts",
  "tools/add.ts",
  "tools/cancelled-requests.ts",
  "tools/echo.ts",
  "tools/fail.ts",
  "tools/slow.ts",
  "tools/sum-list.ts",
  "tools/wait-for-cancel.ts",
];

const sorted = (values: readonly string[]) =>
  [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Objects whose keys the snapshot must have sorted: everything but the schemas themselves. */
function expectSortedKeys(value: unknown, where: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => expectSortedKeys(item, `${where}[${index}]`));
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const keys = Object.keys(value);
  expect(keys, `keys of ${where}`).toEqual(sorted(keys));
  for (const key of keys) {
    if (key === "inputSchema" || key === "outputSchema") continue;
    expectSortedKeys((value as Record<string, unknown>)[key], `${where}.${key}`);
  }
}

describe("pull over stdio (kitchen sink)", () => {
  let project: TempProject;
  let first: CliRun;

  beforeAll(async () => {
    project = await createTempProject("pull-stdio");
    first = await runCliCaptured(["pull", "--out", "out/sink", "--", ...SINK_COMMAND], project.dir);
  });
  afterAll(() => project.remove());

  it("exits 0 with one summary line on stdout and nothing on stderr", () => {
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const lines = linesOf(first.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /: 7 tools, 1 prompt, 2 resources, 2 resource templates → .*out\/sink \(16 written, 0 unchanged\)$/,
    );
  });

  it("writes the snapshot and one module per tool, prompt and resource", async () => {
    expect(await listTree(project.path("out/sink"))).toEqual(KITCHEN_SINK_FILES);
  });

  it("writes a sorted, normalised snapshot with the server's contract", async () => {
    const text = await readFile(project.path("out/sink/mcp.snapshot.json"), "utf8");
    const snapshot = JSON.parse(text) as {
      name: string;
      server: unknown;
      tools: Array<{ name: string; outputSchema?: unknown }>;
      prompts: Array<{ name: string }>;
      resources: Array<{ uri: string }>;
      resourceTemplates: Array<{ uriTemplate: string }>;
    };
    // Stable formatting: two-space JSON with a final newline, so diffs stay readable.
    expect(text).toBe(`${JSON.stringify(snapshot, null, 2)}\n`);
    expectSortedKeys(snapshot, "snapshot");
    expect(snapshot.name).toBe("kitchen-sink");
    expect(snapshot.server).toEqual({ name: "kitchen-sink", version: "1.2.3" });
    const toolNames = snapshot.tools.map((tool) => tool.name);
    expect(toolNames).toEqual(sorted(toolNames));
    expect(toolNames).toEqual(
      sorted(["add", "cancelledRequests", "echo", "fail", "slow", "sum_list", "waitForCancel"]),
    );
    expect(snapshot.prompts.map((prompt) => prompt.name)).toEqual(["greet"]);
    expect(snapshot.resources.map((resource) => resource.uri)).toEqual([
      "file:///logo.png",
      "file:///readme.txt",
    ]);
    expect(snapshot.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "greeting://{name}",
      "users://{id}/posts{?limit}",
    ]);
    expect(snapshot.tools.find((tool) => tool.name === "echo")?.outputSchema).toMatchObject({
      properties: { text: { type: "string" } },
    });
    // How the server was started is not part of its contract.
    expect(text).not.toContain(sink.command);
    expect(text).not.toContain("kitchen-sink-stdio");
  });

  it("writes nothing on a second pull of the same server", async () => {
    const before = await modificationTimes(project.path("out/sink"));
    const again = await runCliCaptured(
      ["pull", "--out", "out/sink", "--", ...SINK_COMMAND],
      project.dir,
    );
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(0 written, 16 unchanged\)\n$/);
    expect(await modificationTimes(project.path("out/sink"))).toEqual(before);
  });

  it("puts the output in mcp/<server name> when --out is not given", async () => {
    const run = await runCliCaptured(["pull", "--", ...SINK_COMMAND], project.dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await listTree(project.path("mcp/kitchen-sink"))).toEqual(KITCHEN_SINK_FILES);
    expect(await readTree(project.path("mcp/kitchen-sink"))).toEqual(
      await readTree(project.path("out/sink")),
    );
  });

  it("shows progress on a terminal, on stderr, before the summary", async () => {
    const run = await runCliCaptured(
      ["pull", "--out", "out/progress", "--", ...SINK_COMMAND],
      project.dir,
      { interactive: true },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/connected to kitchen-sink 1\.2\.3 \(MCP 2026-07-28\)/);
    expect(linesOf(run.stdout)).toHaveLength(1);
  });
});

describe("pull over Streamable HTTP (kitchen sink on 127.0.0.1:0)", () => {
  let project: TempProject;
  let server: RunningHttpServer;

  beforeAll(async () => {
    project = await createTempProject("pull-http");
    server = await startKitchenSinkHttp();
  });
  afterAll(async () => {
    await server.close();
    await project.remove();
  });

  it("writes the same bytes as a pull of the same server over stdio", async () => {
    const [overHttp, overStdio] = await Promise.all([
      runCliCaptured(["pull", "--out", "http", "--url", server.url], project.dir),
      runCliCaptured(["pull", "--out", "stdio", "--", ...SINK_COMMAND], project.dir),
    ]);
    expect(overHttp.stderr).toBe("");
    expect(overHttp.code).toBe(0);
    expect(overStdio.code).toBe(0);
    // The label is the URL; the counts' wording is the summary's, so only the numbers are pinned.
    expect(overHttp.stdout.startsWith(`${server.url}: 7 tools, 1 prompt`)).toBe(true);
    expect(overHttp.stdout).toMatch(
      /, 2 resources, 2 resource templates → .*\/http \(16 written, 0 unchanged\)\n$/,
    );
    expect(await listTree(project.path("http"))).toEqual(KITCHEN_SINK_FILES);
    expect(await readTree(project.path("http"))).toEqual(await readTree(project.path("stdio")));
  });

  it("names the client after --name and puts it in mcp/<name>", async () => {
    const run = await runCliCaptured(
      ["pull", "--name", "shop-api", "--url", server.url],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await listTree(project.path("mcp/shop-api"))).toEqual(KITCHEN_SINK_FILES);
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/shop-api/mcp.snapshot.json"), "utf8"),
    ) as { name: string; server: { name: string } };
    expect(snapshot.name).toBe("shop-api");
    expect(snapshot.server.name).toBe("kitchen-sink");
    const index = await readFile(project.path("mcp/shop-api/index.ts"), "utf8");
    expect(index).toContain("export async function createShopApiClient(");
    expect(index).toContain("export interface ShopApiClient");
  });
});

describe("pull with a config file", () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject("pull-config");
  });
  afterAll(() => project.remove());

  it("removes the files of tools that are gone, and never touches hand-written files", async () => {
    const server = { command: sink.command, args: sink.args };
    await project.write("mcp-codegen.config.json", { servers: { sink: server } });
    const first = await runCliCaptured(["pull"], project.dir);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(await listTree(project.path("mcp/sink"))).toEqual(KITCHEN_SINK_FILES);
    await project.write("mcp/sink/NOTES.md", "hand-written notes\n");
    await project.write("mcp/sink/tools/helpers.ts", "export const helper = 1;\n");

    // The server "lost" a tool, a prompt and a template: exclude them, as a changed server would.
    const exclude = ["add", "greet", "user-*"];
    await project.write("mcp-codegen.config.json", { servers: { sink: { ...server, exclude } } });
    const second = await runCliCaptured(["pull"], project.dir);
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^sink: 6 tools \(1 excluded\), 0 prompts \(1 excluded\), 2 resources, 1 resource template \(1 excluded\) → .*removed 3 stale\)\n$/,
    );
    const remaining = KITCHEN_SINK_FILES.filter(
      (file) => !["tools/add.ts", "prompts/greet.ts", "resources/user-posts.ts"].includes(file),
    );
    expect(await listTree(project.path("mcp/sink"))).toEqual(
      sorted([...remaining, "NOTES.md", "tools/helpers.ts"]),
    );
    const index = await readFile(project.path("mcp/sink/index.ts"), "utf8");
    expect(index).not.toContain("./tools/add.js");
    expect(index).not.toContain("./prompts/greet.js");
  });
});

describe("pull with a config of two servers (stdio and HTTP)", () => {
  const KEY = "stdio-env-secret-4471";
  const TOKEN = "http-header-secret-9082";
  let project: TempProject;
  let rendezvous: Rendezvous;
  let run: CliRun;

  beforeAll(async () => {
    project = await createTempProject("pull-two");
    rendezvous = await startRendezvous();
    const contract = await project.write("contract.json", {
      serverInfo: { name: "local-tools", version: "ignored" },
      versionFromEnv: "FIXTURE_KEY",
      rendezvous: rendezvous.arrivalUrl,
      tools: [simpleTool("lookup", { query: { type: "string" } }, ["query"])],
    });
    const [command, ...args] = contractServerCommand(contract);
    await project.write("mcp-codegen.config.json", {
      servers: {
        local: { command, args, env: { FIXTURE_KEY: "${CLI_TEST_KEY}" }, timeout: 10_000 },
        remote: {
          url: rendezvous.mcpUrl,
          headers: { Authorization: "Bearer ${CLI_TEST_TOKEN}" },
          include: ["echo", "add", "sum_list", "greet", "readme"],
          exclude: ["add"],
          rename: { sum_list: "total" },
          timeout: 10_000,
        },
      },
    });
    // The config reads ${VAR} from the process environment; this test file has its own process.
    process.env.CLI_TEST_KEY = KEY;
    process.env.CLI_TEST_TOKEN = TOKEN;
    try {
      run = await runCliCaptured(["pull"], project.dir);
    } finally {
      delete process.env.CLI_TEST_KEY;
      delete process.env.CLI_TEST_TOKEN;
    }
  });
  afterAll(async () => {
    await rendezvous.close();
    await project.remove();
  });

  it("pulls both servers at once and prints a summary line for each", () => {
    // Each server waits in discovery until the other has arrived: only a parallel pull finishes.
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = sorted(linesOf(run.stdout));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^local: 1 tool, 0 prompts, 0 resources, 0 resource templates → .*mcp\/local \(5 written/,
    );
    // What the config's include/exclude left out is counted beside what was kept.
    expect(lines[1]).toMatch(
      /^remote: 2 tools \(5 excluded\), 1 prompt, 1 resource \(1 excluded\), 0 resource templates \(2 excluded\) → .*mcp\/remote \(8 written/,
    );
  });

  it("applies include, exclude and rename", async () => {
    expect(await listTree(project.path("mcp/remote"))).toEqual([
      "all-tools.ts",
      "index.ts",
      "mcp.snapshot.json",
      "mock.ts",
      "prompts/greet.ts",
      "resources/readme.ts",
      "tools/echo.ts",
      "tools/total.ts",
    ]);
    const index = await readFile(project.path("mcp/remote/index.ts"), "utf8");
    expect(index).toContain("total: totalTool.bindTo(client)");
    expect(index).toContain("export async function createRemoteClient(");
    const tool = await readFile(project.path("mcp/remote/tools/total.ts"), "utf8");
    // Renamed in code, still calling the server's tool by its own name.
    expect(tool).toMatch(/"?name"?:\s?"sum_list"/);
    expect(await listTree(project.path("mcp/local"))).toEqual([
      "all-tools.ts",
      "index.ts",
      "mcp.snapshot.json",
      "mock.ts",
      "tools/lookup.ts",
    ]);
  });

  it("passes ${VAR} values to the servers as headers and environment", async () => {
    expect(rendezvous.mcpHeaders.length).toBeGreaterThan(0);
    for (const headers of rendezvous.mcpHeaders) {
      expect(headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    }
    const snapshot = JSON.parse(
      await readFile(project.path("mcp/local/mcp.snapshot.json"), "utf8"),
    ) as { server: { version: string } };
    const digest = createHash("sha256").update(KEY).digest("hex").slice(0, 12);
    expect(snapshot.server.version).toBe(`env-${digest}`);
  });

  it("writes neither value anywhere", async () => {
    const written = Object.values(await readTree(project.path("mcp"))).join("\n");
    for (const secret of [KEY, TOKEN]) {
      expect(written).not.toContain(secret);
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
  });
});

describe("pull from a server that advertises a list it does not implement", () => {
  it("takes the list as empty, with a warning, and still writes the client", async () => {
    const project = await createTempProject("pull-partial");
    try {
      const contract = await project.write("contract.json", {
        tools: [simpleTool("ping")],
        // `resources` is advertised, but resources/templates/list answers MethodNotFound.
        resources: [{ uri: "file:///a.txt", name: "a" }],
      });
      const run = await runCliCaptured(
        ["pull", "--out", "out", "--", ...contractServerCommand(contract)],
        project.dir,
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /^warning: .*advertises resources\/templates\/list but does not implement it; taken as empty\n$/,
      );
      const snapshot = JSON.parse(await readFile(project.path("out/mcp.snapshot.json"), "utf8"));
      expect(snapshot.resources.map((r: { uri: string }) => r.uri)).toEqual(["file:///a.txt"]);
      expect(snapshot.resourceTemplates).toEqual([]);
    } finally {
      await project.remove();
    }
  });
});
