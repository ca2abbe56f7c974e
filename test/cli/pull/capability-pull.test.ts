/**
 * `pull` declares every client capability the runtime can answer, so a server that offers some
 * tools only to clients able to answer elicitation, sampling or roots shows them all, and the
 * snapshot records which capability each such tool was listed with. Against
 * `@modelcontextprotocol/server-everything` (initialize era: a second listing costs a handshake)
 * and the scripted 2026-07-28 contract server (gated tools, -32021 on a call without them). The
 * generated client says which handler a tool needs, and refuses to call it without that handler
 * before anything is sent.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../../support/cli-child.js";
import { compileStrict } from "../../support/cli-compile.js";
import {
  createTempProject,
  linesOf,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../../support/cli-run.js";
import { referenceServer, type ReferenceServer } from "../../support/reference-servers.js";

let project: TempProject;
let everything: ReferenceServer;
let pullOutput: string;

const targetOf = ({ command, args, env, cwd }: ReferenceServer) => ({ command, args, env, cwd });
const CONTRACT_SERVER = `${REPO_ROOT}test/fixtures/cli/contract-server.mjs`;

/** A program using the generated client: the four gated tools, typed, with handlers; then one without. */
const USAGE = `import type { ConnectTarget } from "@mcp-codegen/runtime";
import { createEverythingClient } from "./mcp/everything/index.js";

const target = JSON.parse(process.argv[2] ?? "null") as ConnectTarget;
const texts = (content: readonly { type: string }[]) =>
  content.flatMap((block) => ("text" in block && typeof block.text === "string" ? [block.text] : []));
const results: Record<string, unknown> = {};
const client = await createEverythingClient(target, {
  handlers: {
    roots: () => ({ roots: [{ uri: "file:///projects/atlas", name: "atlas" }] }),
    elicitation: () => ({ action: "accept", content: { name: "Ada", check: true, email: "ada@example.com" } }),
    elicitationUrl: () => ({ action: "accept" }),
    sampling: (params) => ({
      role: "assistant",
      content: { type: "text", text: \`sampled \${params.maxTokens}\` },
      model: "fixture-model",
    }),
  },
});
try {
  results.roots = texts((await client.tools.getRootsList()).content).join("\\n").includes("file:///projects/atlas");
  results.elicitation = texts((await client.tools.triggerElicitationRequest()).content)[0];
  results.url = texts((await client.tools.triggerUrlElicitation({ url: "https://example.com/consent" })).content).length > 0;
  results.sampling = texts((await client.tools.triggerSamplingRequest({ prompt: "hi", maxTokens: 7 })).content).join("\\n").includes("sampled 7");
} finally {
  await client.raw.close();
}
const bare = await createEverythingClient(target);
try {
  await bare.tools.triggerSamplingRequest({ prompt: "hi" });
  results.bare = "sent";
} catch (error) {
  const { kind, message } = error as { kind: string; message: string };
  results.bare = { kind, message };
} finally {
  await bare.raw.close();
}
process.stdout.write(JSON.stringify(results));
`;

beforeAll(async () => {
  project = await createTempProject("capability-pull");
  everything = await referenceServer("everything");
  await project.write("mcp-codegen.config.json", {
    servers: { everything: targetOf(everything) },
  });
  const pulled = await runCliCaptured(["pull"], project.dir);
  expect(pulled.stderr).toBe("");
  expect(pulled.code).toBe(0);
  pullOutput = pulled.stdout;
  await project.write("usage.ts", USAGE);
}, 120_000);

afterAll(async () => {
  await project?.remove();
  await everything?.remove();
});

async function snapshotOf(folder: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(project.path(folder, "mcp.snapshot.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

describe("server-everything", () => {
  it("gets all 17 tools: those offered only to clients with elicitation, sampling or roots too", () => {
    expect(linesOf(pullOutput).map((line) => line.replace(/ → .*/, ""))).toEqual([
      "everything: 17 tools, 4 prompts, 7 resources, 2 resource templates",
    ]);
  });

  it("records what pull declared, and which tools need which client capability", async () => {
    const snapshot = await snapshotOf("mcp/everything");
    // The initialize era has no extensions: the tasks extension is declared, and dropped there.
    expect(snapshot["clientCapabilities"]).toEqual({
      elicitation: { form: {}, url: {} },
      extensions: { "io.modelcontextprotocol/tasks": {} },
      roots: {},
      sampling: {},
    });
    expect(snapshot["toolCapabilities"]).toEqual({
      "get-roots-list": ["roots"],
      "trigger-elicitation-request": ["elicitation"],
      "trigger-sampling-request": ["sampling"],
      "trigger-url-elicitation": ["elicitation.url"],
    });
  });

  it("says in the tool's doc which handler it needs", async () => {
    const tool = await readFile(
      project.path("mcp/everything/tools/trigger-url-elicitation.ts"),
      "utf8",
    );
    expect(tool).toContain(
      "Needs the `elicitationUrl` handler: pass `handlers.elicitationUrl` to createClient/connect",
    );
    const echo = await readFile(project.path("mcp/everything/tools/echo.ts"), "utf8");
    expect(echo).not.toContain("handler");
  });

  it("compiles with the usage program under strict settings", () => {
    expect(
      compileStrict(
        [project.path("usage.ts"), project.path("mcp/everything/index.ts")],
        "nodenext",
      ),
    ).toEqual([]);
  });

  it("calls the four gated tools typed with handlers; without the handler, fails before sending", async () => {
    const run = await runNode(
      [
        "--import",
        TSX_LOADER,
        project.path("usage.ts"),
        JSON.stringify({ ...targetOf(everything), stderr: "ignore" }),
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      roots: true,
      elicitation: "✅ User provided the requested information!",
      url: true,
      sampling: true,
      bare: {
        kind: "input",
        message: expect.stringContaining(
          "needs the sampling handler: pass handlers.sampling to createClient/connect",
        ) as string,
      },
    });
  }, 60_000);

  it("--capabilities none declares nothing and gets the 13 ungated tools", async () => {
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "mcp/bare",
        "--capabilities",
        "none",
        "--",
        everything.command,
        ...everything.args,
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: 13 tools,/);
    const snapshot = await snapshotOf("mcp/bare");
    expect(snapshot["clientCapabilities"]).toEqual({});
    expect(snapshot["toolCapabilities"]).toBeUndefined();
  }, 60_000);
});

describe("a 2026-07-28 server gating tools per request", () => {
  it("records each gated tool's capabilities, found by listing without them", async () => {
    await project.write("gated.json", {
      serverInfo: { name: "gated", version: "1.0.0" },
      tools: [
        { name: "plain", inputSchema: { type: "object" } },
        { name: "ask", inputSchema: { type: "object" } },
        { name: "sample", inputSchema: { type: "object" } },
        { name: "long", inputSchema: { type: "object" } },
      ],
      gatedTools: { ask: ["elicitation.url"], sample: ["sampling", "roots"], long: ["tasks"] },
    });
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "mcp/gated",
        "--",
        process.execPath,
        CONTRACT_SERVER,
        project.path("gated.json"),
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: 4 tools,/);
    expect((await snapshotOf("mcp/gated"))["toolCapabilities"]).toEqual({
      ask: ["elicitation.url"],
      long: ["tasks"],
      sample: ["roots", "sampling"],
    });
  }, 60_000);

  it("--capabilities sampling,roots declares only those", async () => {
    const run = await runCliCaptured(
      [
        "pull",
        "--out",
        "mcp/some",
        "--capabilities",
        "sampling,roots",
        "--",
        process.execPath,
        CONTRACT_SERVER,
        project.path("gated.json"),
      ],
      project.dir,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = await snapshotOf("mcp/some");
    expect(snapshot["clientCapabilities"]).toEqual({ roots: {}, sampling: {} });
    expect(snapshot["toolCapabilities"]).toEqual({ sample: ["roots", "sampling"] });
  }, 60_000);

  it("a config server's capabilities declare only those", async () => {
    await project.write("config-some/mcp-codegen.config.json", {
      servers: {
        gated: {
          command: process.execPath,
          args: [CONTRACT_SERVER, project.path("gated.json")],
          capabilities: ["elicitation.url"],
        },
      },
    });
    const run = await runCliCaptured(["pull"], project.path("config-some"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const snapshot = await snapshotOf("config-some/mcp/gated");
    expect(snapshot["clientCapabilities"]).toEqual({ elicitation: { url: {} } });
    expect(snapshot["toolCapabilities"]).toEqual({ ask: ["elicitation.url"] });
  }, 60_000);

  it("refuses an unknown capability name in one line (exit 2)", async () => {
    const run = await runCliCaptured(
      ["pull", "--capabilities", "sampling,telepathy", "--", process.execPath, CONTRACT_SERVER],
      project.dir,
    );
    expect(run.code).toBe(2);
    expect(linesOf(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain('"telepathy"');
  });
});
