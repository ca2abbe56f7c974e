// 2025-11-25 tasks against a stdio server written from that version's tasks utility
// (test/fixtures/legacy-task-server.mjs): the wire the client sends (params.task only where the
// server and tool allow it, no modern _meta), a task-required tool called without a task option
// (generated code and callTool), input asked for by the server during tasks/result, status pushed
// by notifications/tasks/status, failed and cancelled tasks, and a server without tasks.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  connect,
  defineTool,
  isCreateTaskResult,
  type CallToolResult,
  type ConnectOptions,
  type DetailedTask,
  type McpClient,
  type Result,
} from "@mcp-codegen/runtime";
import "../../../runtime/node/index.js";
import { rejection } from "../client-helpers.js";

const SERVER = fileURLToPath(new URL("../../fixtures/legacy-task-server.mjs", import.meta.url));

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function open(args: string[] = [], options: ConnectOptions = {}): Promise<McpClient> {
  const client = await connect(
    { command: process.execPath, args: [SERVER, ...args], stderr: "ignore" },
    { probeTimeout: 20_000, ...options },
  );
  clients.push(client);
  return client;
}

interface Seen {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
}

async function seen(client: McpClient): Promise<Seen[]> {
  const result = await client.callTool("messages", {});
  return (result.structuredContent as { seen: Seen[] }).seen;
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** `tools/call` params the server received for `name`. */
async function callsOf(client: McpClient, name: string): Promise<Array<Record<string, unknown>>> {
  return (await seen(client))
    .filter((m) => m.method === "tools/call" && m.params?.name === name)
    .map((m) => m.params ?? {});
}

const requiredTool = defineTool<Record<string, never>, CallToolResult>({
  definitionJson: JSON.stringify({
    name: "required",
    inputSchema: { type: "object" },
    execution: { taskSupport: "required" },
  }),
  validators: (z) => ({ input: z.looseObject({}) }),
});

describe("2025-11-25 tasks: the wire", () => {
  it("asks for a task with params.task and sends no modern _meta on any request", async () => {
    const client = await open();
    expect(client.era).toBe("legacy");
    const result = await client.callTool("slow", { n: 1 }, { task: "await" });
    expect(text(result)).toBe("slow done");
    const messages = await seen(client);
    const call = messages.find((m) => m.method === "tools/call" && m.params?.name === "slow");
    expect(call?.params).toEqual({ name: "slow", arguments: { n: 1 }, task: {} });
    const methods = messages.map((m) => m.method);
    expect(methods).toEqual(expect.arrayContaining(["tools/list", "tasks/get", "tasks/result"]));
    // Everything after the era probe (server/discover, which is modern by design).
    const after = messages.slice(messages.findIndex((m) => m.method === "initialize"));
    expect(after.length).toBeGreaterThan(5);
    const modern = JSON.stringify(after).match(/io\.modelcontextprotocol\/[a-zA-Z]+/g) ?? [];
    expect(modern).toEqual([]);
  });

  it("calls an optional tool without a task when no task is asked for", async () => {
    const client = await open();
    const result = await client.callTool("slow", {});
    expect(text(result)).toBe("slow answered directly");
    expect(await callsOf(client, "slow")).toEqual([{ name: "slow", arguments: {} }]);
  });

  it("never sends a task to a tool whose taskSupport forbids it, even when asked", async () => {
    const client = await open();
    const result = await client.callTool("plain", {}, { task: "return" });
    expect(isCreateTaskResult(result)).toBe(false);
    expect(text(result as CallToolResult)).toBe("plain answered directly");
    expect(await callsOf(client, "plain")).toEqual([{ name: "plain", arguments: {} }]);
  });
});

describe("2025-11-25 tasks: a task-required tool without a task option", () => {
  it("is awaited as a task by generated code", async () => {
    const client = await open();
    const result = await requiredTool.call(client, {});
    expect(text(result)).toBe("required done");
    expect(await callsOf(client, "required")).toEqual([
      { name: "required", arguments: {}, task: {} },
    ]);
  });

  it("is awaited by callTool once the tools are listed", async () => {
    const client = await open();
    await client.listTools();
    expect(text(await client.callTool("required", {}))).toBe("required done");
  });

  it('still returns the handle with task: "return"', async () => {
    const client = await open();
    const created = await requiredTool.call(client, {}, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    expect(created).toMatchObject({ resultType: "task", status: "working", ttlMs: 60_000 });
    expect(created.pollIntervalMs).toBe(5);
    expect(text(await client.awaitTask(created.taskId))).toBe("required done");
  });
});

describe("2025-11-25 tasks: outcomes", () => {
  it("answers the server's elicitation during tasks/result with the connection's handlers", async () => {
    const statuses: string[] = [];
    const client = await open([], {
      handlers: { elicitation: () => ({ action: "accept", content: { name: "Ada" } }) },
    });
    const result = await client.callTool(
      "ask",
      {},
      { task: "await", onTaskStatus: (task) => statuses.push(task.status) },
    );
    expect(text(result)).toBe("Hello, Ada!");
    expect(statuses).toEqual(["working", "input_required", "completed"]);
    const answer = (await seen(client)).find((m) => m.method === undefined && m.id === "srv-1");
    expect(answer).toMatchObject({ result: { action: "accept", content: { name: "Ada" } } });
  });

  it("lists no input requests for an input_required task: updateTask has nothing to answer", async () => {
    const client = await open();
    const created = await client.callTool("ask", {}, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    const task = await client.getTask(created.taskId);
    expect(task).toMatchObject({ status: "input_required", inputRequests: {} });
    const error = await rejection(client.updateTask(created.taskId, {}));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("a 2025-11-25 server has no tasks/update");
  });

  it("wakes on a pushed notifications/tasks/status instead of sleeping out the poll interval", async () => {
    const client = await open();
    const seenStatus: Array<DetailedTask<Result>> = [];
    // The server asks for one poll an hour: only its push can end this wait in time.
    const result = await client.callTool(
      "pushed",
      {},
      { task: "await", onTaskStatus: (task) => seenStatus.push(task) },
    );
    expect(text(result)).toBe("pushed done");
    expect(seenStatus.map((task) => task.status)).toEqual(["working", "completed"]);
    expect(seenStatus[1]).toMatchObject({ statusMessage: "pushed", pollIntervalMs: 3_600_000 });
    const polls = (await seen(client)).filter((m) => m.method === "tasks/get");
    expect(polls).toEqual([]);
  });

  it("throws the JSON-RPC error of a failed task, and getTask reports it", async () => {
    const client = await open();
    const error = await rejection(client.callTool("fails", {}, { task: "await" }));
    expect(error).toMatchObject({ kind: "execution", code: -32603, method: "tools/call" });
    expect(error.message).toContain("backend exploded");
    const created = await client.callTool("fails", {}, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    expect(await client.getTask(created.taskId)).toMatchObject({
      status: "failed",
      statusMessage: "exploded",
      error: { code: -32603, message: "backend exploded" },
    });
  });

  it("returns an isError tool result of a legacy failed task as completed, as 2026 does", async () => {
    const client = await open();
    const seenStatus: Array<DetailedTask<Result>> = [];
    const result = await client.callTool(
      "tool-error",
      {},
      { task: "await", onTaskStatus: (task) => seenStatus.push(task) },
    );
    expect(result).toMatchObject({ isError: true, content: [{ text: "no such city" }] });
    expect(seenStatus.at(-1)).toMatchObject({ status: "completed", result: { isError: true } });
  });

  it("cancels a task: cancelTask, then awaitTask fails as cancelled; a terminal task refuses", async () => {
    const client = await open();
    const created = await client.callTool("forever", {}, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    await client.cancelTask(created.taskId);
    const error = await rejection(client.awaitTask(created.taskId));
    expect(error.kind).toBe("cancelled");
    expect(error.message).toContain("Cancelled by request");
    const again = await rejection(client.cancelTask(created.taskId));
    expect(again).toMatchObject({ kind: "protocol", code: -32602 });
  });

  it("cancels the task when the caller's signal stops the wait", async () => {
    const client = await open();
    const controller = new AbortController();
    let taskId = "";
    const error = await rejection(
      client.callTool(
        "forever",
        {},
        {
          task: "await",
          signal: controller.signal,
          onTaskStatus: (task) => {
            taskId = task.taskId;
            controller.abort();
          },
        },
      ),
    );
    expect(error.kind).toBe("cancelled");
    expect((await client.getTask(taskId)).status).toBe("cancelled");
  });
});

describe("2025-11-25 tasks: a server that did not declare tasks.cancel", () => {
  it("refuses cancelTask locally, and a stopped wait sends no tasks/cancel", async () => {
    const client = await open(["no-cancel"]);
    const created = await client.callTool("forever", {}, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    const error = await rejection(client.cancelTask(created.taskId));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("the server did not declare tasks.cancel");
    const controller = new AbortController();
    const stopped = await rejection(
      client.awaitTask(created.taskId, {
        signal: controller.signal,
        onStatus: () => controller.abort(),
      }),
    );
    expect(stopped.kind).toBe("cancelled");
    const methods = (await seen(client)).map((m) => m.method);
    expect(methods).toContain("tasks/get");
    expect(methods).not.toContain("tasks/cancel");
    expect((await client.getTask(created.taskId)).status).toBe("working");
  });
});

describe("2025-11-25 tasks: a server that did not declare tasks", () => {
  it("sends the call without params.task, and returns the direct answer", async () => {
    const client = await open(["no-tasks"]);
    const result = await client.callTool("slow", {}, { task: "await" });
    expect(text(result)).toBe("slow answered directly");
    expect(await callsOf(client, "slow")).toEqual([{ name: "slow", arguments: {} }]);
  });

  it("refuses a CreateTaskResult it did not ask for as a protocol error", async () => {
    const client = await open(["no-tasks"]);
    const error = await rejection(client.callTool("rogue", {}, { task: "await" }));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain("answered with a task (CreateTaskResult)");
  });

  it("refuses it on a server with tasks too, for a call not sent as a task", async () => {
    const client = await open();
    const error = await rejection(client.callTool("rogue", {}));
    expect(error.kind).toBe("protocol");
  });
});
