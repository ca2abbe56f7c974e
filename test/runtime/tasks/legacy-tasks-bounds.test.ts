// 2025-11-25 tasks ask for input with the server's own requests while the client waits on
// `tasks/result`, tied to the task by `_meta["io.modelcontextprotocol/related-task"]`. Against the
// stdio fixture written from that version (test/fixtures/legacy-task-server.mjs), whose `flood`
// tool sends one sampling request after another for as long as they are answered: the handlers
// answer at most `maxRounds` of them, the wait then fails with kind `input_required` (as a
// request's rounds cap does), and the task's later requests get an error, not a handler call.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_ROUNDS, connect, type McpClient } from "@mcp-codegen/runtime";
import "../../../runtime/node/index.js";
import { rejection } from "../client-helpers.js";

const SERVER = fileURLToPath(new URL("../../fixtures/legacy-task-server.mjs", import.meta.url));

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

interface Seen {
  id?: unknown;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string };
}

async function open(calls: { count: number }): Promise<McpClient> {
  const client = await connect(
    { command: process.execPath, args: [SERVER], stderr: "ignore" },
    {
      probeTimeout: 20_000,
      handlers: {
        sampling: () => {
          calls.count++;
          return { role: "assistant", content: { type: "text", text: "ok" }, model: "test" };
        },
      },
    },
  );
  clients.push(client);
  return client;
}

/** The client's answers to the server's requests (ids `srv-…`), in order. */
async function answers(client: McpClient): Promise<Seen[]> {
  const result = await client.callTool("messages", {});
  const seen = (result.structuredContent as { seen: Seen[] }).seen;
  return seen.filter((m) => m.method === undefined && String(m.id).startsWith("srv-"));
}

describe("2025-11-25 tasks: input rounds are capped", () => {
  it("answers at most maxRounds requests of a task, then fails and refuses the rest", async () => {
    const calls = { count: 0 };
    const client = await open(calls);
    expect(client.era).toBe("legacy");
    const error = await rejection(
      client.callTool("flood", {}, { task: "await", taskTimeout: 5_000 }),
    );
    expect(error.kind).toBe("input_required");
    expect(error.message).toContain("maxRounds");
    expect(calls.count).toBe(DEFAULT_MAX_ROUNDS);
    const answered = await answers(client);
    expect(answered.filter((m) => m.result !== undefined)).toHaveLength(DEFAULT_MAX_ROUNDS);
    expect(answered.at(-1)?.error?.message).toContain("maxRounds");
  });

  it("takes maxRounds from the call", async () => {
    const calls = { count: 0 };
    const client = await open(calls);
    const error = await rejection(
      client.callTool("flood", {}, { task: "await", maxRounds: 3, taskTimeout: 5_000 }),
    );
    expect(error.kind).toBe("input_required");
    expect(calls.count).toBe(3);
  });
});
