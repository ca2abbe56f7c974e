/**
 * Edges of the tasks extension against scripted servers: the server's poll interval honoured,
 * malformed tasks refused as protocol errors, a terminal seed without its payload read with
 * `tasks/get`, `resultType: "task"` refused on methods that cannot make tasks, and per-call
 * handlers declared on the task call.
 */
import { describe, expect, it } from "vitest";
import { connect, TASKS_EXTENSION, type JsonRpcRequest } from "@mcp-codegen/runtime";
import { scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

const TASK = {
  taskId: "t-1",
  createdAt: "2025-11-25T10:30:00Z",
  lastUpdatedAt: "2025-11-25T10:30:00Z",
  ttlMs: null,
};
const DONE = { content: [{ type: "text", text: "done" }] };

function gets(requests: JsonRpcRequest[]): JsonRpcRequest[] {
  return requests.filter((r) => r.method === "tasks/get");
}

describe("tasks: edges", () => {
  it("waits the server's pollIntervalMs between polls, or the caller's when longer", async () => {
    const times: number[] = [];
    let polls = 0;
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "task", ...TASK, status: "working", pollIntervalMs: 40 }),
      "tasks/get": () => {
        times.push(Date.now());
        polls++;
        return polls < 3
          ? { resultType: "complete", ...TASK, status: "working", pollIntervalMs: 40 }
          : { resultType: "complete", ...TASK, status: "completed", result: DONE };
      },
    });
    const client = await connect({ server: server.handler });
    const started = Date.now();
    const result = await client.callTool("x", {}, { task: "await", pollIntervalMs: 1 });
    expect(result.content).toEqual(DONE.content);
    expect(times).toHaveLength(3);
    expect(times[0]! - started).toBeGreaterThanOrEqual(35);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(35);

    polls = 0;
    times.length = 0;
    await client.awaitTask("t-1", { pollIntervalMs: 80 });
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(75);
    await client.close();
  });

  it("reads a terminal seed without its payload with tasks/get", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "task", ...TASK, status: "completed" }),
      "tasks/get": () => ({ resultType: "task", ...TASK, status: "completed", result: DONE }),
    });
    const client = await connect({ server: server.handler });
    const result = await client.callTool("x", {}, { task: "await" });
    expect(result.content).toEqual(DONE.content);
    expect(gets(server.requests)).toHaveLength(1);
    await client.close();
  });

  it("refuses malformed tasks as protocol errors", async () => {
    let answer: Record<string, unknown> = {};
    const server = scriptedServer({
      "tools/call": () => answer,
      "tasks/get": () => ({ resultType: "complete", ...TASK, status: "completed" }),
    });
    const client = await connect({ server: server.handler });
    answer = { resultType: "task", ...TASK, taskId: 7, status: "working" };
    const badId = await rejection(client.callTool("x", {}, { task: "return" }));
    expect(badId.kind).toBe("protocol");
    expect(badId.message).toContain("taskId");
    answer = { resultType: "task", ...TASK, status: "sleeping" };
    const badStatus = await rejection(client.callTool("x", {}, { task: "await" }));
    expect(badStatus.kind).toBe("protocol");
    const noResult = await rejection(client.getTask("t-1"));
    expect(noResult.kind).toBe("protocol");
    expect(noResult.message).toContain("completed task has no result");
    await client.close();
  });

  it("refuses resultType task where no task can be made", async () => {
    const server = scriptedServer({
      "prompts/get": () => ({ resultType: "task", ...TASK, status: "working" }),
      "tasks/update": () => ({ resultType: "task", ...TASK, status: "working" }),
    });
    const client = await connect({ server: server.handler });
    expect((await rejection(client.getPrompt("p"))).kind).toBe("protocol");
    expect((await rejection(client.updateTask("t-1", {}))).kind).toBe("protocol");
    await client.close();
  });

  it("declares the call's own handlers with the extension, and keeps declared extensions", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "complete", ...DONE }),
      "tasks/cancel": () => ({ resultType: "complete" }),
    });
    const client = await connect(
      { server: server.handler },
      { capabilities: { extensions: { "com.example/x": { on: true } } } },
    );
    await client.callTool(
      "x",
      {},
      {
        task: "return",
        handlers: {
          sampling: () => ({ role: "assistant", content: { type: "text", text: "" }, model: "m" }),
        },
      },
    );
    await client.cancelTask("t-1");
    const [call, cancel] = server.requests.slice(1);
    const capabilities = (request: JsonRpcRequest | undefined) =>
      (request?.params?._meta as Record<string, unknown>)[
        "io.modelcontextprotocol/clientCapabilities"
      ];
    expect(capabilities(call)).toEqual({
      sampling: {},
      extensions: { "com.example/x": { on: true }, [TASKS_EXTENSION]: {} },
    });
    expect(capabilities(cancel)).toEqual({
      extensions: { "com.example/x": { on: true }, [TASKS_EXTENSION]: {} },
    });
    expect(cancel?.params).toMatchObject({ taskId: "t-1" });
    await client.close();
  });

  it("awaits tasks on plain calls when connect() declared the extension", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "task", ...TASK, status: "working", pollIntervalMs: 1 }),
      "tasks/get": () => ({ resultType: "complete", ...TASK, status: "completed", result: DONE }),
      "prompts/get": () => ({ resultType: "task", ...TASK, status: "working" }),
    });
    const client = await connect(
      { server: server.handler },
      { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    );
    const result = await client.callTool("x", {});
    expect(result.content).toEqual(DONE.content);
    // Only tools/call can make tasks: elsewhere the answer is invalid.
    expect((await rejection(client.getPrompt("p"))).kind).toBe("protocol");
    await client.close();
  });
});
