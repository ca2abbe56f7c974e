/**
 * The tasks extension (`io.modelcontextprotocol/tasks`): a server may answer a `tools/call` with a
 * task handle (`resultType: "task"`) instead of the result; the client polls `tasks/get` until the
 * task ends, answers the task's input requests with `tasks/update`, and may `tasks/cancel` it.
 * The client declares the extension only on requests that ask for it (`callTool(…, { task })` and
 * the `tasks/*` requests), so no other request can be answered with a task.
 */
import type { GovernedCallOptions } from "../protocol/index.js";
import { planAnswers, runAnswers } from "../input/index.js";
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import type { InputHandlers } from "../input/index.js";
import type { InputResponses } from "../input/index.js";
import type { JsonRpcErrorObject } from "../protocol/index.js";
import { DEFAULT_MAX_ROUNDS, type CallOptions } from "../input/index.js";
import { PollPacer, Stopper, tooManyTaskRounds } from "./task-wait.js";
import type {
  CallToolResult,
  ClientCapabilities,
  InputRequest,
  InputRequiredResult,
  Result,
} from "../protocol/index.js";
import { isJsonObject } from "../basics/index.js";
import { TASKS_EXTENSION, type CancelledTask, type Task } from "../protocol/index.js";

export {
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  MIN_TASK_POLL_INTERVAL_MS,
} from "./task-wait.js";
export { TASKS_EXTENSION } from "../protocol/index.js";
export type { CancelledTask, Task, TaskStatus } from "../protocol/index.js";

/** `resultType: "task"`: the server made a task for the request instead of answering it now. */
export interface CreateTaskResult extends Result, Task {
  resultType: "task";
}

export interface WorkingTask extends Task {
  status: "working";
}
export interface InputRequiredTask extends Task {
  status: "input_required";
  /** What the server needs before the task can go on, keyed for the answers in `tasks/update`. */
  inputRequests: { [key: string]: InputRequest };
}
export interface CompletedTask<R extends Result = CallToolResult> extends Task {
  status: "completed";
  /** What the request would have returned, e.g. a `CallToolResult` (also with `isError: true`). */
  result: R;
}
export interface FailedTask extends Task {
  status: "failed";
  /** The JSON-RPC error the request ended with. */
  error: JsonRpcErrorObject;
}
/** A task with the payload of its status (`tasks/get`). */
export type DetailedTask<R extends Result = CallToolResult> =
  WorkingTask | InputRequiredTask | CompletedTask<R> | FailedTask | CancelledTask;

/** What `tasks/get` answers: the task in its current state. */
export type GetTaskResult<R extends Result = CallToolResult> = Result & DetailedTask<R>;

/**
 * How `callTool` treats tasks. `"return"`: declare the extension and return a task handle
 * (`CreateTaskResult`) if the server makes one. `"await"`: declare it, and if the server makes a
 * task, poll it to its end and return the final result. Absent: the extension is not declared,
 * so the server must answer directly (or refuse with -32021 if it can only make a task), unless
 * the connection declared it at `connect()` (`capabilities.extensions`), when it means `"await"`.
 */
export type TaskMode = "return" | "await";

/** Options of `awaitTask` (and of `callTool` with `task: "await"`, minus `timeout`). */
export interface AwaitTaskOptions {
  /**
   * Milliseconds between polls: the server's `pollIntervalMs` is honoured, and this is used when
   * it is longer or when the server gives none (default 1000). Never under
   * `MIN_TASK_POLL_INTERVAL_MS` (100) whatever either says; while the status stays the same the
   * wait grows by half each poll, up to 5 s (or the interval asked for, when longer).
   */
  pollIntervalMs?: number;
  /**
   * Total milliseconds to wait for the task to end (default `DEFAULT_TASK_TIMEOUT_MS`, one hour;
   * `0` or `Infinity` waits without end). When it runs out the task is cancelled (`tasks/cancel`,
   * unless `cancelOnStop: false`) and the call fails with an `McpError` of kind `timeout` whose
   * `data.taskId` names the task.
   */
  timeout?: number;
  /**
   * Most rounds of input the handlers answer for this task (default 10, as `maxRounds` of a
   * request): 2026-07-28, each `tasks/update`; 2025-11-25, each request the server sends for the
   * task. One more fails the wait with kind `input_required`, and no handler answers the task's
   * later input requests.
   */
  maxRounds?: number;
  /** Aborting it stops waiting and cancels the task; the call fails with kind `cancelled`. */
  signal?: AbortSignal;
  /**
   * `false` leaves the task running on the server when the wait stops (timeout or `signal`),
   * e.g. to resume it later from its id. Default `true`.
   */
  cancelOnStop?: boolean;
  /** Handlers for the task's input requests; they replace the connection's, kind by kind. */
  handlers?: InputHandlers;
  /** Called with each state the server reports, the first one included. */
  onStatus?: (task: DetailedTask<Result>) => void;
}

/** `task` options of `callTool`. */
export interface TaskCallOptions {
  task?: TaskMode;
  /** With `task: "await"`: the total wait for the task (see `AwaitTaskOptions.timeout`). */
  taskTimeout?: number;
  /** With `task: "await"`: see `AwaitTaskOptions.pollIntervalMs`. */
  pollIntervalMs?: number;
  /** With `task: "await"`: see `AwaitTaskOptions.onStatus`. */
  onTaskStatus?: (task: DetailedTask<Result>) => void;
}

/** True when a `callTool(…, { task: "return" })` answer is a task handle. */
export function isCreateTaskResult(result: Result): result is CreateTaskResult {
  return result.resultType === "task";
}

/** The capabilities with the tasks extension added (the caller's own settings kept). */
export function withTasksExtension(capabilities: ClientCapabilities): ClientCapabilities {
  const extensions = capabilities.extensions ?? {};
  return {
    ...capabilities,
    extensions: { ...extensions, [TASKS_EXTENSION]: extensions[TASKS_EXTENSION] ?? {} },
  };
}

/** True when the capabilities declare the tasks extension. */
export function declaresTasks(capabilities: ClientCapabilities): boolean {
  return capabilities.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** Every task status either era defines. */
export const TASK_STATUSES: ReadonlySet<string> = new Set([
  "working",
  "input_required",
  "completed",
  "cancelled",
  "failed",
]);

function invalidTask(context: ErrorContext, problem: string, result: unknown): McpError {
  return new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}invalid task from the server: ${problem}`,
  });
}

/**
 * Checks a task the server sent (a `CreateTaskResult` or a `tasks/get` answer): a string id, a
 * known status, and the payload that status requires. A `CreateTaskResult` may carry no payload
 * even when it is already terminal (`seed` true): the result is then read with `tasks/get`.
 */
export function checkTask(
  result: Result,
  context: ErrorContext,
  seed = false,
): DetailedTask<Result> {
  if (typeof result.taskId !== "string" || result.taskId === "") {
    throw invalidTask(context, "taskId is not a non-empty string", result);
  }
  const status = result.status;
  if (typeof status !== "string" || !TASK_STATUSES.has(status)) {
    throw invalidTask(context, `status ${JSON.stringify(status)} is not a task status`, result);
  }
  const interval = result.pollIntervalMs;
  if (interval !== undefined && (typeof interval !== "number" || !(interval >= 0))) {
    throw invalidTask(context, "pollIntervalMs is not a non-negative number", result);
  }
  if (seed) return result as unknown as DetailedTask<Result>;
  if (status === "completed" && !isJsonObject(result.result)) {
    throw invalidTask(context, "a completed task has no result object", result);
  }
  if (status === "failed" && !isErrorObject(result.error)) {
    throw invalidTask(context, "a failed task has no JSON-RPC error object", result);
  }
  if (status === "input_required" && !isJsonObject(result.inputRequests)) {
    throw invalidTask(context, "an input_required task has no inputRequests object", result);
  }
  return result as unknown as DetailedTask<Result>;
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isJsonObject(value) && typeof value.code === "number" && typeof value.message === "string";
}

/** The `tasks/*` requests `awaitTask` needs, bound to a client. */
export interface TaskRequests {
  get(taskId: string, signal: AbortSignal): Promise<DetailedTask<Result>>;
  /** Sends `tasks/update`; the keys it answered are then in `answered(taskId)`. */
  update(taskId: string, responses: InputResponses, signal: AbortSignal): Promise<void>;
  /** The input request keys of the task already answered through this client. */
  answered(taskId: string): ReadonlySet<string>;
  cancel(taskId: string): Promise<void>;
  /** The connection's handlers merged with the call's. */
  handlers: InputHandlers;
}

/**
 * Polls a task until it ends: resolves with its result when it completes, throws the server's
 * error when it fails and an `McpError` of kind `cancelled` when it was cancelled. Input requests
 * are answered through the handlers, each key once, and sent with `tasks/update`. `first` is a
 * state already known (the `CreateTaskResult`), used instead of a first `tasks/get`.
 *
 * `origin` names the request the task stands for (`tools/call` and the tool), for messages and
 * for the handlers' `InputContext`.
 */
export async function pollTask(
  taskId: string,
  requests: TaskRequests,
  options: AwaitTaskOptions,
  origin: ErrorContext & { method: string; target: string },
  first?: DetailedTask<Result>,
): Promise<Result> {
  const stop = new Stopper(options, origin, taskId);
  const pacer = new PollPacer(options.pollIntervalMs);
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  let rounds = 0;
  let task = first;
  try {
    for (;;) {
      if (task === undefined || isBareTerminal(task))
        task = await requests.get(taskId, stop.signal);
      options.onStatus?.(task);
      switch (task.status) {
        case "completed":
          return task.result;
        case "failed":
          throw McpError.fromResponse(task.error, origin);
        case "cancelled":
          throw new McpError({
            ...origin,
            kind: "cancelled",
            data: task,
            message: `${describeContext(origin)}the server cancelled task ${JSON.stringify(taskId)}${task.statusMessage === undefined ? "" : `: ${task.statusMessage}`}`,
          });
        case "input_required":
          if (await answerInput(task, requests, stop.signal, origin, rounds, maxRounds)) {
            rounds++;
            pacer.reset();
          }
          break;
        default:
          break;
      }
      await stop.sleep(pacer.next(task));
      task = undefined;
    }
  } catch (error) {
    const reason = stop.reason;
    if (reason === undefined) throw error;
    if (options.cancelOnStop !== false) await requests.cancel(taskId).catch(() => undefined);
    throw reason;
  } finally {
    stop.release();
  }
}

/** A terminal seed state without its payload (the server left it to `tasks/get`). */
function isBareTerminal(task: DetailedTask<Result>): boolean {
  const record = task as unknown as Record<string, unknown>;
  if (task.status === "completed") return !isJsonObject(record.result);
  if (task.status === "failed") return !isErrorObject(record.error);
  if (task.status === "input_required") return !isJsonObject(record.inputRequests);
  return false;
}

/**
 * Answers the input requests not answered yet (the server repeats outstanding ones on every
 * poll until its state reflects the answers), then sends them with `tasks/update`. Resolves true
 * when it answered a round; once `rounds` reached `maxRounds`, a fresh request fails instead.
 */
async function answerInput(
  task: InputRequiredTask,
  requests: TaskRequests,
  signal: AbortSignal,
  origin: { method: string; target: string },
  rounds: number,
  maxRounds: number,
): Promise<boolean> {
  const answered = requests.answered(task.taskId);
  const fresh: { [key: string]: InputRequest } = {};
  for (const [key, request] of Object.entries(task.inputRequests)) {
    if (!answered.has(key)) fresh[key] = request;
  }
  if (Object.keys(fresh).length === 0) return false;
  if (rounds >= maxRounds) throw tooManyTaskRounds(origin, task.taskId, rounds, task);
  const asked = task as unknown as InputRequiredResult;
  const plan = planAnswers(fresh, requests.handlers);
  if (plan.unanswerable.length > 0) {
    throw new McpError({
      ...origin,
      kind: "input_required",
      data: asked,
      message: `${describeContext(origin)}task ${JSON.stringify(task.taskId)} needs input no handler can give: ${plan.unanswerable.join(", ")}; pass handlers, or answer it with updateTask()`,
    });
  }
  const responses = await runAnswers(plan.answerers, { ...origin, signal }, asked);
  await requests.update(task.taskId, responses, signal);
  return true;
}

/** Options of `callTool`: those of every input-taking call, plus how to treat tasks. */
export interface CallToolOptions extends CallOptions, TaskCallOptions, GovernedCallOptions {}
