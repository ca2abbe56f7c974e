// Era detection over stdio against initialize-era servers with each habit real ones show before
// `initialize` (test/fixtures/stdio-misbehaving/legacy-server.mjs), and the same API afterwards:
// calls, server-to-client requests answered by the handlers, logLevel as logging/setLevel.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { McpClient } from "../../runtime/client/client.js";
import { connect, type ConnectOptions } from "../../runtime/client/connect.js";
import "../../runtime/node/index.js";
import { rejection } from "./client-helpers.js";

const SERVER = fileURLToPath(
  new URL("../fixtures/stdio-misbehaving/legacy-server.mjs", import.meta.url),
);

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function open(args: string[], options: ConnectOptions = {}): Promise<McpClient> {
  const client = await connect(
    { command: process.execPath, args: [SERVER, ...args], stderr: "ignore" },
    // Long enough for a loaded machine to start node; the silent server waits it out.
    { probeTimeout: args[0] === "silent" ? 500 : 20_000, ...options },
  );
  clients.push(client);
  return client;
}

interface Seen {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
}

/** What the server read, in order (its `messages` tool). */
async function seen(client: McpClient): Promise<Seen[]> {
  const result = await client.callTool("messages", {});
  return (result.structuredContent as { seen: Seen[] }).seen;
}

/** The methods, without the cancellation a timed-out probe sends. */
const methods = (messages: Seen[]) =>
  messages.map((m) => m.method ?? "(response)").filter((m) => m !== "notifications/cancelled");

describe("era detection over stdio", () => {
  it.each([
    ["polite", "answers the probe with -32601"],
    ["empty", "answers the probe with {}"],
    ["silent", "never answers the probe"],
    ["junk", "writes junk around every answer"],
  ])("falls back to initialize on a server that %s (%s), on the same process", async (mode) => {
    const client = await open([mode]);
    expect(client.era).toBe("legacy");
    expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(client.server.info).toEqual({ name: "legacy-fixture", version: "1.0.0" });
    expect(client.server.instructions).toBe("A legacy fixture.");
    const messages = await seen(client);
    expect(methods(messages).slice(0, 3)).toEqual([
      "server/discover",
      "initialize",
      "notifications/initialized",
    ]);
    const echoed = await client.callTool("echo", { text: "hi" });
    expect(echoed.content).toEqual([{ type: "text", text: "hi" }]);
  });

  it.each([
    ["exits", "exits on a first request that is not initialize"],
    ["sticky", "fixes its era on the first request it sees"],
  ])("restarts a server that %s (%s) and initializes it first", async (mode) => {
    const client = await open([mode]);
    expect(client.era).toBe("legacy");
    // The fresh process saw initialize first, and no probe.
    expect(methods(await seen(client)).slice(0, 2)).toEqual([
      "initialize",
      "notifications/initialized",
    ]);
  });

  it("sends initialize without the modern _meta keys, and legacy requests without _meta", async () => {
    const client = await open(["polite"]);
    const messages = await seen(client);
    const initialize = messages.find((m) => m.method === "initialize");
    expect(initialize?.params).toEqual({
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "mcp-codegen", version: expect.any(String) as string },
    });
    const list = messages.find((m) => m.method === "tools/call");
    expect(list?.params).toEqual({ name: "messages", arguments: {} });
  });

  it("accepts an older version the server picks, and refuses one it does not speak", async () => {
    const older = await open(["polite", "2025-03-26"]);
    expect(older.verdict).toEqual({ era: "legacy", protocolVersion: "2025-03-26" });
    expect(older.protocolVersion).toBe("2025-03-26");
    const error = await rejection(open(["polite", "2023-01-01"]));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain('"2023-01-01", which this runtime does not speak');
  });

  it("goes straight to initialize with a legacy prior verdict, and pins a legacy version", async () => {
    const prior = await open(["exits"], {
      prior: { era: "legacy", protocolVersion: "2025-06-18" },
    });
    expect(methods(await seen(prior)).slice(0, 1)).toEqual(["initialize"]);
    expect(prior.protocolVersion).toBe("2025-06-18");
    const pinned = await open(["polite"], { protocol: "2025-06-18" });
    const messages = await seen(pinned);
    expect(methods(messages).slice(0, 1)).toEqual(["initialize"]);
    expect(messages[0]?.params?.protocolVersion).toBe("2025-06-18");
  });

  it("does not fall back when a 2026-07-28 version is pinned", async () => {
    const error = await rejection(open(["polite"], { protocol: "2026-07-28" }));
    expect(error.message).toMatch(/does not answer as an MCP 2026-07-28 server/);
  });

  it("refuses a protocol it does not know before starting anything", async () => {
    const error = await rejection(open(["polite"], { protocol: "2099-01-01" }));
    expect(error.kind).toBe("input");
    expect(error.message).toContain('protocol must be "auto" or a version');
  });
});

describe("the same API in the initialize era", () => {
  it("answers the server's requests with the handlers, and -32601 without one", async () => {
    const client = await open(["polite"], {
      handlers: {
        roots: () => ({ roots: [{ uri: "file:///work", name: "work" }] }),
        elicitation: (params) => ({ action: "accept", content: { name: params.message } }),
      },
    });
    const ask = async (method: string, params?: Record<string, unknown>) =>
      (await client.callTool("ask", { method, params })).structuredContent as {
        answer: { result?: unknown; error?: { code: number; message: string } };
      };
    expect((await ask("ping")).answer.result).toEqual({});
    expect((await ask("roots/list")).answer.result).toEqual({
      roots: [{ uri: "file:///work", name: "work" }],
    });
    const schema = {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer", default: 7 } },
    };
    // Form answers are checked against the schema, with its defaults filled in.
    expect(
      (await ask("elicitation/create", { message: "Ada", requestedSchema: schema })).answer.result,
    ).toEqual({ action: "accept", content: { name: "Ada", age: 7 } });
    expect((await ask("sampling/createMessage", { messages: [] })).answer.error).toEqual({
      code: -32601,
      message: "the client has no handler for sampling/createMessage",
    });
    expect((await ask("no/such")).answer.error?.code).toBe(-32601);
  });

  it("answers a handler's failure with an error response and keeps the connection", async () => {
    const client = await open(["polite"], {
      handlers: {
        roots: () => {
          throw new Error("disk on fire");
        },
      },
    });
    const answer = (await client.callTool("ask", { method: "roots/list" })).structuredContent as {
      answer: { error?: { code: number; message: string } };
    };
    expect(answer.answer.error?.code).toBe(-32603);
    expect(answer.answer.error?.message).toContain("disk on fire");
    expect((await client.callTool("echo", { text: "still here" })).content).toEqual([
      { type: "text", text: "still here" },
    ]);
  });

  it("turns a request's logLevel into logging/setLevel, once per change", async () => {
    const client = await open(["polite"]);
    await client.callTool("echo", { text: "a" }, { logLevel: "debug" });
    await client.callTool("echo", { text: "b" }, { logLevel: "debug" });
    await client.callTool("echo", { text: "c" }, { logLevel: "error" });
    const levels = (await seen(client))
      .filter((m) => m.method === "logging/setLevel")
      .map((m) => m.params?.level);
    expect(levels).toEqual(["debug", "error"]);
  });
});
