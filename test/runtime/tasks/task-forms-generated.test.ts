/**
 * A generated client for a server that declares the tasks extension (the `task-forms` golden
 * case) against the spec-faithful task server (test/support/task-server.ts), in process and over
 * HTTP: `task: "await"` polls the task and returns the typed result, validated against the output
 * schema only once the task completed; `task: "return"` returns the `CreateTaskResult` handle that
 * `awaitTask` and `getTask` complete; a tool whose definition requires tasks awaits one by default.
 */
import { afterAll, describe, expect, it } from "vitest";
import { isCreateTaskResult, type ConnectTarget } from "@mcp-codegen/runtime";
import {
  createTaskFixtureClient,
  type TaskFixtureClient,
} from "../../golden/task-forms/expected/index.js";
import { startTaskHttpServer, taskServer, type TaskServerLog } from "../../support/task-server.js";
import { rejection } from "../client-helpers.js";

interface Setup {
  client: TaskFixtureClient;
  log: TaskServerLog;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

async function open(target: ConnectTarget, log: TaskServerLog): Promise<Setup> {
  const client = await createTaskFixtureClient(target);
  cleanups.push(() => client.close());
  return { client, log };
}

const setups: Array<[string, () => Promise<Setup>]> = [
  [
    "in process",
    () => {
      const server = taskServer();
      return open({ server: server.handler }, server.log);
    },
  ],
  [
    "over HTTP",
    async () => {
      const server = await startTaskHttpServer();
      cleanups.push(() => server.close());
      return open({ url: server.url }, server.log);
    },
  ],
];

const gets = (log: TaskServerLog) =>
  log.taskRequests.filter((request) => request.method === "tasks/get").length;

describe.each(setups)("generated task forms %s", (_name, setup) => {
  it('task: "await" polls the task and returns the validated, typed result', async () => {
    const { client, log } = await setup();
    const result = await client.tools.report({ topic: "q3" }, { task: "await" });
    if (result.isError === true) throw new Error("expected a successful report");
    expect(result.structuredContent).toEqual({ status: "ready", polls: 2 });
    expect(gets(log)).toBe(2);
  });

  it("without task the extension is not declared and the server answers at once", async () => {
    const { client, log } = await setup();
    const result = await client.tools.report({ topic: "q3" });
    if (result.isError === true) throw new Error("expected a successful report");
    expect(result.structuredContent).toEqual({ status: "ready", polls: 0 });
    expect(log.tasks.size).toBe(0);
  });

  it('task: "return" gives the handle, which awaitTask and getTask complete', async () => {
    const { client, log } = await setup();
    const handle = await client.tools.report({ topic: "q3" }, { task: "return" });
    if (!isCreateTaskResult(handle)) throw new Error("expected a task handle");
    expect(handle.status).toBe("working");
    expect(gets(log)).toBe(0);
    const final = await client.raw.awaitTask(handle.taskId, { pollIntervalMs: 0 });
    expect(final.structuredContent).toEqual({ status: "ready", polls: 2 });
    const task = await client.raw.getTask(handle.taskId);
    expect(task.status).toBe("completed");
  });

  it('task: "return" validates a result the server gave at once', async () => {
    const { client, log } = await setup();
    const now = await client.tools.report({ topic: "now" }, { task: "return" });
    if (isCreateTaskResult(now) || now.isError === true) throw new Error("expected a result");
    expect(now.structuredContent).toEqual({ status: "ready", polls: 0 });
    const error = await rejection(client.tools.badReport({ topic: "now" }, { task: "return" }));
    expect(error.kind).toBe("validation");
    expect(log.tasks.size).toBe(0);
  });

  it('task: "return" in manual mode returns the handle too', async () => {
    const { client } = await setup();
    const handle = await client.tools.report({ topic: "q3" }, { task: "return", manual: true });
    expect(isCreateTaskResult(handle)).toBe(true);
  });

  it("validates the output once the task completed, unless told not to", async () => {
    const { client, log } = await setup();
    const error = await rejection(client.tools.badReport({}, { task: "await" }));
    expect(error.kind).toBe("validation");
    expect(error.message).toContain("structuredContent does not match the tool's output schema");
    expect([...log.tasks.values()].map((task) => task.status)).toEqual(["completed"]);
    const accepted = await client.tools.badReport({}, { task: "await", validateOutput: false });
    expect(accepted.structuredContent).toEqual({ status: 7, polls: 2 });
  });

  it("a tool that requires tasks is awaited as one when the call says nothing", async () => {
    const { client, log } = await setup();
    // The server refuses the call without the extension (-32021), as the raw client shows.
    const refused = await rejection(client.raw.callTool("only-task", {}));
    expect(refused.code).toBe(-32021);
    const result = await client.tools.onlyTask();
    expect(result.content).toEqual([{ type: "text", text: "slow work done" }]);
    expect(gets(log)).toBeGreaterThan(0);
  });
});
