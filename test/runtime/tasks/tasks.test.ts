/**
 * The tasks extension against a server written from its spec (test/support/task-server.ts), in
 * process and over HTTP: the extension declared only by calls that ask for it, tasks polled to
 * completion (`task: "await"`, and by hand with `getTask`/`awaitTask`), cancelled, needing input
 * mid-way (answered through a handler and `tasks/update`), a total timeout that cancels, failed
 * tasks, and `resultType: "task"` refused where it was not declared.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  isCreateTaskResult,
  TASKS_EXTENSION,
  type DetailedTask,
  type InputHandlers,
  type McpClient,
  type Result,
} from "@mcp-codegen/runtime";
import { rejection } from "../client-helpers.js";
import { startTaskHttpServer, taskServer, type TaskServerLog } from "../../support/task-server.js";
import type { TestServer } from "../http-test-server.js";

let elicitations = 0;
const handlers: InputHandlers = {
  elicitation: (params, context) => {
    elicitations++;
    return { action: "accept", content: { name: `Luca (${params.message} ${context.key})` } };
  },
};

interface Setup {
  client: McpClient;
  log: TaskServerLog;
  /** `Mcp-Name` of each `tasks/*` request (HTTP only). */
  names(): Array<[string, string | undefined]> | undefined;
  /** The `_meta` capabilities of every request the server received, by method. */
  capabilities(): Array<[string, unknown]>;
  close(): Promise<void>;
}

function metaCapabilities(params: Record<string, unknown> | undefined): unknown {
  const meta = params?._meta as Record<string, unknown> | undefined;
  return meta?.["io.modelcontextprotocol/clientCapabilities"];
}

async function inProcess(): Promise<Setup> {
  const server = taskServer();
  const client = await connect({ server: server.handler }, { handlers });
  return {
    client,
    log: server.log,
    names: () => undefined,
    capabilities: () => server.requests.map((r) => [r.method, metaCapabilities(r.params)]),
    close: () => client.close(),
  };
}

async function overHttp(): Promise<Setup> {
  const server: TestServer & { log: TaskServerLog } = await startTaskHttpServer();
  const client = await connect({ url: server.url }, { handlers });
  const seen = () => server.received.filter((r) => r.message?.method !== undefined);
  return {
    client,
    log: server.log,
    names: () =>
      seen()
        .filter((r) => r.message?.method?.startsWith("tasks/") === true)
        .map((r) => [r.message?.method ?? "", r.headers["mcp-name"] as string | undefined]),
    capabilities: () =>
      seen().map((r) => [r.message?.method ?? "", metaCapabilities(r.message?.params)]),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const WITH_TASKS = { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } };
const WITHOUT_TASKS = { elicitation: { form: {} } };

describe.each([
  ["in process", inProcess],
  ["HTTP", overHttp],
])("tasks %s", (_name, open) => {
  let setup: Setup;
  let client: McpClient;
  beforeAll(async () => {
    setup = await open();
    client = setup.client;
  });
  afterAll(async () => {
    await setup?.close();
  });

  it("declares the extension only on calls that ask for it, and on tasks/* requests", async () => {
    const before = setup.capabilities().length;
    await client.callTool("plain", {});
    const done = await client.callTool("slow", {}, { task: "await" });
    expect(done.content).toEqual([{ type: "text", text: "slow work done" }]);
    const sent = setup.capabilities().slice(before);
    expect(sent[0]).toEqual(["tools/call", WITHOUT_TASKS]);
    expect(sent[1]).toEqual(["tools/call", WITH_TASKS]);
    expect(sent.slice(2).map(([method]) => method)).toEqual([
      "tasks/get",
      "tasks/get",
      "tasks/get",
    ]);
    for (const [, capabilities] of sent.slice(2)) expect(capabilities).toEqual(WITH_TASKS);
  });

  it("returns the task handle with task: return, then polls it by hand", async () => {
    const handle = await client.callTool("slow", {}, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    expect(handle).toMatchObject({ resultType: "task", status: "working", pollIntervalMs: 5 });
    expect(typeof handle.createdAt).toBe("string");
    const first = await client.getTask(handle.taskId);
    expect(first).toMatchObject({ taskId: handle.taskId, status: "working" });
    const statuses: string[] = [];
    const result = await client.awaitTask(handle.taskId, {
      onStatus: (task: DetailedTask<Result>) => statuses.push(task.status),
    });
    expect(statuses).toEqual(["working", "completed"]);
    expect(result).toEqual({ content: [{ type: "text", text: "slow work done" }], isError: false });
    const final = await client.getTask(handle.taskId);
    expect(final.status).toBe("completed");
    if (final.status === "completed") expect(final.result.isError).toBe(false);
    const names = setup.names();
    if (names !== undefined) {
      expect(names.length).toBeGreaterThan(0);
      for (const [, name] of names.filter(([m]) => m === "tasks/get")) {
        expect(typeof name).toBe("string");
      }
      expect(names.at(-1)).toEqual(["tasks/get", handle.taskId]);
    }
  });

  it("returns a direct answer from task: return when the server makes no task", async () => {
    const result = await client.callTool("plain", {}, { task: "return" });
    expect(isCreateTaskResult(result)).toBe(false);
    expect(result).toMatchObject({ content: [{ type: "text", text: "plain answered directly" }] });
  });

  it("uses a seed state that is already complete without polling", async () => {
    const polls = setup.log.taskRequests.length;
    const result = await client.callTool("seeded", {}, { task: "await" });
    expect(result.content).toEqual([{ type: "text", text: "seeded result" }]);
    expect(setup.log.taskRequests.length).toBe(polls);
  });

  it("answers input requested mid-task through the handler, with tasks/update, once per key", async () => {
    const asked = elicitations;
    const statuses: string[] = [];
    const result = await client.callTool(
      "ask",
      {},
      { task: "await", onTaskStatus: (task) => statuses.push(task.status) },
    );
    // The poll after the update still lists the answered request: it is not answered again.
    expect(statuses).toEqual(["working", "input_required", "input_required", "completed"]);
    expect(elicitations - asked).toBe(1);
    expect(result.content).toEqual([
      { type: "text", text: "Hello, Luca (Please enter your name. name-1)!" },
    ]);
    const updates = setup.log.taskRequests.filter((r) => r.method === "tasks/update");
    expect(updates).toHaveLength(1);
    expect(updates[0]?.params.inputResponses).toEqual({
      "name-1": {
        action: "accept",
        content: { name: "Luca (Please enter your name. name-1)" },
      },
    });
    const names = setup.names();
    if (names !== undefined) {
      const update = names.find(([method]) => method === "tasks/update");
      expect(update?.[1]).toBe(updates[0]?.params.taskId);
    }
  });

  it("fails with input_required when no handler can answer the task's input", async () => {
    const handle = await client.callTool("ask", {}, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    const error = await rejection(
      client.awaitTask(handle.taskId, { handlers: { elicitation: "manual" } }),
    );
    expect(error.kind).toBe("input_required");
    expect(error.data).toMatchObject({ taskId: handle.taskId, status: "input_required" });
    // Answered by hand instead; the lagging poll that still lists it does not ask again.
    await client.updateTask(handle.taskId, {
      "name-1": { action: "accept", content: { name: "Ada" } },
    });
    const asked = elicitations;
    const result = await client.awaitTask(handle.taskId, { handlers: { elicitation: "manual" } });
    expect(elicitations).toBe(asked);
    expect(result.content).toEqual([{ type: "text", text: "Hello, Ada!" }]);
  });

  it("cancels a task: the next poll reports it cancelled", async () => {
    const handle = await client.callTool("forever", {}, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    await client.cancelTask(handle.taskId);
    const task = await client.getTask(handle.taskId);
    expect(task).toMatchObject({ status: "cancelled", statusMessage: "Cancelled by the client" });
    const error = await rejection(client.awaitTask(handle.taskId));
    expect(error.kind).toBe("cancelled");
    expect(error.data).toMatchObject({ status: "cancelled" });
    const names = setup.names();
    if (names !== undefined) {
      expect(names.find(([method]) => method === "tasks/cancel")).toEqual([
        "tasks/cancel",
        handle.taskId,
      ]);
    }
  });

  it("cancels the task when the total timeout runs out", async () => {
    const started = Date.now();
    const error = await rejection(
      client.callTool("forever", {}, { task: "await", taskTimeout: 60, pollIntervalMs: 10 }),
    );
    expect(error.kind).toBe("timeout");
    expect(error.method).toBe("tools/call");
    expect(Date.now() - started).toBeLessThan(2000);
    const cancel = setup.log.taskRequests.filter((r) => r.method === "tasks/cancel").at(-1);
    const taskId = String(cancel?.params.taskId);
    expect(setup.log.tasks.get(taskId)?.tool).toBe("forever");
    expect((await client.getTask(taskId)).status).toBe("cancelled");
  });

  it("cancels the task when the caller's signal aborts", async () => {
    const handle = await client.callTool("forever", {}, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    const controller = new AbortController();
    const waiting = client.awaitTask(handle.taskId, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(waiting);
    expect(error.kind).toBe("cancelled");
    expect((await client.getTask(handle.taskId)).status).toBe("cancelled");
  });

  it("leaves the task running when the wait stops with cancelOnStop: false", async () => {
    const handle = await client.callTool("forever", {}, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    const error = await rejection(
      client.awaitTask(handle.taskId, { timeout: 30, cancelOnStop: false }),
    );
    expect(error.kind).toBe("timeout");
    expect((await client.getTask(handle.taskId)).status).toBe("working");
    await client.cancelTask(handle.taskId);
  });

  it("throws the JSON-RPC error of a failed task", async () => {
    const error = await rejection(client.callTool("fails", {}, { task: "await" }));
    expect(error.code).toBe(-32603);
    expect(error.kind).toBe("execution");
    expect(error.serverMessage).toBe("backend exploded");
  });

  it("refuses resultType task on a call that did not declare the extension", async () => {
    const error = await rejection(client.callTool("rogue", {}));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain('resultType "task"');
    const raw = await rejection(client.request("tools/call", { name: "rogue" }));
    expect(raw.kind).toBe("protocol");
  });

  it("passes on the server's -32021 for a tool that only runs as a task", async () => {
    const error = await rejection(client.callTool("only-task", {}));
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    const done = await client.callTool("only-task", {}, { task: "await" });
    expect(done.content).toEqual([{ type: "text", text: "slow work done" }]);
  });

  it("passes on -32602 for an unknown task id", async () => {
    const error = await rejection(client.getTask("no-such-task"));
    expect(error.code).toBe(-32602);
    expect(error.target).toBe("no-such-task");
  });
});
