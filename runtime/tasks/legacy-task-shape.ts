/**
 * The initialize era's tasks (2025-11-25, `capabilities.tasks`) read into the runtime's one task
 * vocabulary: which calls may be sent as tasks, and the legacy wire shapes (`{ task: {…} }`,
 * `ttl`, `pollInterval`) mapped onto the 2026 types (`CreateTaskResult`, `Task` with `ttlMs` and
 * `pollIntervalMs`), so callers and generated code see the same API in both eras.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import {
  TASK_STATUSES,
  type CreateTaskResult,
  type Task,
  type TaskMode,
  type TaskStatus,
} from "./tasks.js";
import type { Result, ServerCapabilities, Tool } from "../protocol/index.js";
import { isJsonObject } from "../basics/index.js";

/** `execution.taskSupport` of a tool; absent means `forbidden`. */
export type TaskSupport = "forbidden" | "optional" | "required";

/** Whether the server declared task-augmented `tools/call` (`tasks.requests.tools.call`). */
export function acceptsTaskCalls(capabilities: ServerCapabilities | undefined): boolean {
  const tasks = capabilities?.tasks;
  if (!isJsonObject(tasks) || !isJsonObject(tasks.requests)) return false;
  const tools = tasks.requests.tools;
  return isJsonObject(tools) && isJsonObject(tools.call);
}

/** Whether the server declared `tasks/cancel` (`tasks.cancel`). */
export function cancelsTasks(capabilities: ServerCapabilities | undefined): boolean {
  const tasks = capabilities?.tasks;
  return isJsonObject(tasks) && isJsonObject(tasks.cancel);
}

/** The tool's `execution.taskSupport`; anything but `optional` or `required` is `forbidden`. */
export function taskSupportOf(tool: Tool): TaskSupport {
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  const support = execution?.taskSupport;
  return support === "optional" || support === "required" ? support : "forbidden";
}

/** How a legacy `tools/call` goes: with `params.task` or not, and what to do with a task. */
export interface LegacyCallPlan {
  /** The task mode in effect: the caller's, or `"await"` for a task-required tool. */
  mode: TaskMode | undefined;
  /** Whether `params.task` is sent: only to a server and tool that allow it. */
  augment: boolean;
}

/**
 * The plan of a legacy tool call. The spec's rules: no task unless the server declared
 * `tasks.requests.tools.call` and the tool's `taskSupport` is `optional` or `required`; a
 * `required` tool must be called as a task, so without a mode it is awaited (as generated tools
 * do in 2026). `tool` is undefined when the definition is unknown: no task is sent then.
 */
export function planLegacyCall(
  capabilities: ServerCapabilities | undefined,
  tool: Tool | undefined,
  requested: TaskMode | undefined,
): LegacyCallPlan {
  const support = tool === undefined ? "forbidden" : taskSupportOf(tool);
  const mode = requested ?? (support === "required" ? "await" : undefined);
  return {
    mode,
    augment: mode !== undefined && support !== "forbidden" && acceptsTaskCalls(capabilities),
  };
}

/** True when a legacy result is a `CreateTaskResult` (`{ task: {…} }`, no tool content). */
export function isLegacyCreateTask(result: Result): boolean {
  return isJsonObject(result.task) && !Array.isArray(result.content);
}

function invalidTask(context: ErrorContext, problem: string, value: unknown): McpError {
  return new McpError({
    ...context,
    kind: "protocol",
    data: value,
    message: `${describeContext(context)}invalid task from the server: ${problem}`,
  });
}

/**
 * Reads a legacy `Task` (a `tasks/get` or `tasks/cancel` answer, a status notification, or the
 * `task` of a `CreateTaskResult`) as the runtime's `Task`: `ttl` becomes `ttlMs` (`null`, or
 * absent, is unlimited) and `pollInterval` becomes `pollIntervalMs`.
 */
export function readLegacyTask(value: unknown, context: ErrorContext): Task {
  if (!isJsonObject(value)) throw invalidTask(context, "the task is not an object", value);
  const { taskId, status, ttl, pollInterval, statusMessage } = value;
  if (typeof taskId !== "string" || taskId === "") {
    throw invalidTask(context, "taskId is not a non-empty string", value);
  }
  if (typeof status !== "string" || !TASK_STATUSES.has(status)) {
    throw invalidTask(context, `status ${JSON.stringify(status)} is not a task status`, value);
  }
  if (ttl !== undefined && ttl !== null && (typeof ttl !== "number" || !(ttl >= 0))) {
    throw invalidTask(context, "ttl is not a non-negative number or null", value);
  }
  if (pollInterval !== undefined && (typeof pollInterval !== "number" || !(pollInterval >= 0))) {
    throw invalidTask(context, "pollInterval is not a non-negative number", value);
  }
  const task: Task = {
    taskId,
    status: status as TaskStatus,
    createdAt: typeof value.createdAt === "string" ? value.createdAt : "",
    lastUpdatedAt: typeof value.lastUpdatedAt === "string" ? value.lastUpdatedAt : "",
    ttlMs: ttl ?? null,
  };
  if (typeof statusMessage === "string") task.statusMessage = statusMessage;
  if (pollInterval !== undefined) task.pollIntervalMs = pollInterval;
  return task;
}

/** A legacy `CreateTaskResult` as the flat 2026 one (`resultType: "task"`), `_meta` kept. */
export function readLegacyCreateTask(result: Result, context: ErrorContext): CreateTaskResult {
  const task = readLegacyTask(result.task, context);
  const created: CreateTaskResult = { resultType: "task", ...task };
  if (result._meta !== undefined) created._meta = result._meta;
  return created;
}

/** The error for a `CreateTaskResult` answering a call that did not ask for a task. */
export function unexpectedTask(result: Result, context: ErrorContext): McpError {
  return new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}the server answered with a task (CreateTaskResult) although the call was not sent as a task; the server breaks the 2025-11-25 task rules (no tasks.requests.tools.call declared, or a tool whose execution.taskSupport forbids tasks)`,
  });
}
