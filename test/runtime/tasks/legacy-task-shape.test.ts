// The 2025-11-25 task shapes and call plan (runtime/tasks/legacy-task-shape.ts) over any JSON a server
// could send: a task is read into the 2026 fields or refused with one protocol McpError, and a
// call asks for a task exactly when the server's capability and the tool's taskSupport allow it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError, type ServerCapabilities, type Tool } from "@mcp-codegen/runtime";
import {
  planLegacyCall,
  readLegacyCreateTask,
  readLegacyTask,
} from "../../../runtime/tasks/legacy-task-shape.js";

const CONTEXT = { method: "tools/call", target: "t" };
const STATUSES = ["working", "input_required", "completed", "cancelled", "failed"] as const;

const validTask = fc.record(
  {
    taskId: fc.string({ minLength: 1 }),
    status: fc.constantFrom(...STATUSES),
    createdAt: fc.string(),
    lastUpdatedAt: fc.string(),
    ttl: fc.oneof(fc.constant(null), fc.nat()),
    pollInterval: fc.nat(),
    statusMessage: fc.string(),
  },
  { requiredKeys: ["taskId", "status", "createdAt", "lastUpdatedAt", "ttl"] },
);

describe("legacy task shapes", () => {
  it("reads any valid legacy task into the 2026 fields, and the nested CreateTaskResult flat", () => {
    fc.assert(
      fc.property(validTask, (wire) => {
        const task = readLegacyTask(wire, CONTEXT);
        expect(task.taskId).toBe(wire.taskId);
        expect(task.status).toBe(wire.status);
        expect(task.ttlMs).toBe(wire.ttl);
        expect(task.pollIntervalMs).toBe(wire.pollInterval);
        expect(task.statusMessage).toBe(wire.statusMessage);
        expect(task).not.toHaveProperty("ttl");
        expect(task).not.toHaveProperty("pollInterval");
        const created = readLegacyCreateTask({ task: wire }, CONTEXT);
        expect(created).toEqual({ resultType: "task", ...task });
      }),
    );
  });

  it("refuses anything else with a protocol McpError, never another exception", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        try {
          readLegacyTask(value, CONTEXT);
        } catch (error) {
          expect(isMcpError(error) && error.kind === "protocol").toBe(true);
          expect((error as Error).message).toContain("invalid task from the server");
        }
      }),
    );
    expect(() => readLegacyTask({ taskId: "a", status: "done" }, CONTEXT)).toThrow(
      'status "done" is not a task status',
    );
    expect(() => readLegacyTask({ taskId: "a", status: "working", ttl: -1 }, CONTEXT)).toThrow(
      "ttl is not a non-negative number or null",
    );
  });
});

describe("legacy call plan", () => {
  const support = fc.oneof(
    fc.constantFrom("optional", "required", "forbidden"),
    fc.jsonValue({ maxDepth: 1 }),
  );
  const declared = { tasks: { requests: { tools: { call: {} } } } };

  it("sends params.task only for a declaring server and a tool that allows tasks", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(declared), fc.jsonValue({ maxDepth: 4 })),
        support,
        fc.constantFrom("return", "await", undefined),
        (capabilities, taskSupport, requested) => {
          const tool: Tool = {
            name: "t",
            inputSchema: { type: "object" },
            execution: { taskSupport } as Tool["execution"],
          };
          const caps = capabilities as ServerCapabilities;
          const plan = planLegacyCall(caps, tool, requested);
          const allows = taskSupport === "optional" || taskSupport === "required";
          const accepts = caps === declared;
          expect(plan.mode).toBe(requested ?? (taskSupport === "required" ? "await" : undefined));
          if (plan.augment) expect(allows && plan.mode !== undefined).toBe(true);
          if (accepts) expect(plan.augment).toBe(allows && plan.mode !== undefined);
        },
      ),
    );
    expect(planLegacyCall(declared, undefined, "await")).toEqual({ mode: "await", augment: false });
    const required: Tool = {
      name: "t",
      inputSchema: { type: "object" },
      execution: { taskSupport: "required" },
    };
    expect(planLegacyCall({ tools: {} }, required, undefined)).toEqual({
      mode: "await",
      augment: false,
    });
    expect(planLegacyCall(declared, required, undefined)).toEqual({ mode: "await", augment: true });
  });
});
