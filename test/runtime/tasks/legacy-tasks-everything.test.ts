// 2025-11-25 tasks against the real reference server (@modelcontextprotocol/server-everything over
// stdio, built on the official SDK 1.x): its `simulate-research-query` tool declares
// `execution.taskSupport: "required"` and takes about four seconds in four stages. The same task
// API as the 2026 extension: `task: "await"`, `task: "return"` with getTask/awaitTask, cancelTask.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  isCreateTaskResult,
  type CallToolResult,
  type DetailedTask,
  type McpClient,
  type Result,
} from "@mcp-codegen/runtime";
import "../../../runtime/node/index.js";
import { rejection } from "../client-helpers.js";

const SERVER = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const TOOL = "simulate-research-query";
const RELATED_TASK = "io.modelcontextprotocol/related-task";

let client: McpClient;
const asked: string[] = [];
beforeAll(async () => {
  client = await connect(
    { command: process.execPath, args: [SERVER, "stdio"], stderr: "ignore" },
    {
      probeTimeout: 20_000,
      handlers: {
        elicitation: (params) => {
          asked.push(params.message);
          return { action: "accept", content: { interpretation: "snake" } };
        },
      },
    },
  );
});
afterAll(() => client.close());

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

describe("2025-11-25 tasks on server-everything", () => {
  it("speaks the initialize era and the server declares task-augmented tools/call", () => {
    expect(client.era).toBe("legacy");
    expect(client.server.capabilities.tasks).toMatchObject({ requests: { tools: { call: {} } } });
  });

  it('awaits a task-required tool with task: "await", reporting each polled status', async () => {
    const seen: DetailedTask<Result>[] = [];
    const result = await client.callTool(
      TOOL,
      { topic: "tides" },
      { task: "await", pollIntervalMs: 200, onTaskStatus: (task) => seen.push(task) },
    );
    expect(text(result)).toContain("# Research Report: tides");
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).toMatchObject({ status: "working", ttlMs: 300_000, pollIntervalMs: 1000 });
    expect(seen.at(-1)).toMatchObject({ status: "completed", result });
    expect(new Set(seen.map((task) => task.taskId)).size).toBe(1);
  });

  it("awaits a task-required tool called without a task option, given its definition", async () => {
    const tool = (await client.listTools()).find((t) => t.name === TOOL);
    expect(tool?.execution).toEqual({ taskSupport: "required" });
    const result = await client.callTool(TOOL, { topic: "moss" }, {}, tool);
    expect(text(result)).toContain("# Research Report: moss");
  });

  it('returns the flat CreateTaskResult with task: "return", then getTask and awaitTask', async () => {
    const created = await client.callTool(TOOL, { topic: "eels" }, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    expect(created).toMatchObject({
      resultType: "task",
      status: "working",
      ttlMs: 300_000,
      pollIntervalMs: 1000,
      statusMessage: "Gathering sources...",
    });
    expect(created).not.toHaveProperty("task");
    const now = await client.getTask(created.taskId);
    expect(now).toMatchObject({ taskId: created.taskId, status: "working" });
    const result = await client.awaitTask(created.taskId, { pollIntervalMs: 200 });
    expect(text(result)).toContain("# Research Report: eels");
    // The outcome came from tasks/result, which ties it to the task.
    expect(result._meta?.[RELATED_TASK]).toEqual({ taskId: created.taskId });
    const done = await client.getTask(created.taskId);
    expect(done).toMatchObject({ status: "completed", result: { content: result.content } });
  });

  it("answers the elicitation an ambiguous query sends during tasks/result", async () => {
    const seen: DetailedTask<Result>[] = [];
    const result = await client.callTool(
      TOOL,
      { topic: "python", ambiguous: true },
      { task: "await", pollIntervalMs: 200, onTaskStatus: (task) => seen.push(task) },
    );
    expect(asked).toEqual([expect.stringContaining('The research query "python"')]);
    expect(text(result)).toContain("# Research Report: python (snake)");
    const statuses = seen.map((task) => task.status);
    expect(statuses).toContain("input_required");
    expect(statuses.at(-1)).toBe("completed");
    // The final state is read again after the input: not the input_required one.
    expect(seen.at(-1)?.statusMessage).toBe("Generating report...");
  });

  it("cancels a task: getTask reports it cancelled and awaitTask fails as cancelled", async () => {
    const created = await client.callTool(TOOL, { topic: "fog" }, { task: "return" });
    if (!isCreateTaskResult(created)) throw new Error("expected a task");
    await client.cancelTask(created.taskId);
    expect(await client.getTask(created.taskId)).toMatchObject({
      status: "cancelled",
      statusMessage: "Client cancelled task execution.",
    });
    const error = await rejection(client.awaitTask(created.taskId));
    expect(error.kind).toBe("cancelled");
    expect(error.message).toContain(`the server cancelled task "${created.taskId}"`);
  });

  it("cancels the task when the total wait runs out", async () => {
    let taskId = "";
    const error = await rejection(
      client.callTool(
        TOOL,
        { topic: "ice" },
        { task: "await", taskTimeout: 300, onTaskStatus: (task) => (taskId = task.taskId) },
      ),
    );
    expect(error.kind).toBe("timeout");
    expect((await client.getTask(taskId)).status).toBe("cancelled");
  });
});
