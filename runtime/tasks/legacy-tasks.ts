/**
 * Tasks on an initialize-era server (2025-11-25 `capabilities.tasks`) behind the same methods as
 * the 2026 extension: `tasks/get` polled at the server's `pollInterval`, the outcome read from
 * `tasks/result` (which blocks until the task ends, and while it blocks carries the server's own
 * elicitation and sampling requests, answered by the connection's handlers), `tasks/cancel`.
 * 2026 vocabulary throughout: a legacy `failed` task whose `tasks/result` is a tool result
 * (`isError: true`) is `completed` with that result, as 2026 reports it.
 */
import { McpError, describeContext, isMcpError, type ErrorContext } from "../protocol/index.js";
import type { JsonRpcErrorObject } from "../protocol/index.js";
import {
  cancelsTasks,
  isLegacyCreateTask,
  readLegacyCreateTask,
  readLegacyTask,
  unexpectedTask,
  type LegacyCallPlan,
} from "./legacy-task-shape.js";
import type { RequestOptions } from "../protocol/index.js";
import { DEFAULT_MAX_ROUNDS } from "../input/index.js";
import type { TaskInputBudgets } from "../input/index.js";
import { PollPacer, Stopper, tooManyTaskRounds } from "./task-wait.js";
import type {
  AwaitTaskOptions,
  CallToolOptions,
  DetailedTask,
  GetTaskResult,
  Task,
} from "./tasks.js";
import { TaskClient } from "./task-client.js";
import type { Result, ServerCapabilities } from "../protocol/index.js";

/** Sends one request through the session (legacy: no modern `_meta`). */
export type LegacySender = (
  method: string,
  params: Record<string, unknown>,
  options: RequestOptions | undefined,
  context: ErrorContext,
) => Promise<Result>;

/** How a task ended, from `tasks/result`: the request's result, or its JSON-RPC error. */
type Outcome = { result: Result } | { error: JsonRpcErrorObject };

type Origin = ErrorContext & { method: string; target: string };

export class LegacyTaskClient {
  readonly #send: LegacySender;
  readonly #capabilities: () => ServerCapabilities | undefined;
  readonly #budgets: TaskInputBudgets;
  /** Waits asleep between polls, by task id: a pushed status wakes them. */
  readonly #sleepers = new Map<string, Set<(task: Task) => void>>();

  /** `budgets` counts the server's input requests of each awaited task (`maxRounds`). */
  constructor(
    send: LegacySender,
    capabilities: () => ServerCapabilities | undefined,
    budgets: TaskInputBudgets,
  ) {
    this.#send = send;
    this.#capabilities = capabilities;
    this.#budgets = budgets;
  }

  /**
   * The answer to a legacy `tools/call`: a task handle when it was sent as a task and the mode
   * is `"return"`, the task's final result when the mode is `"await"`, the result itself when
   * the server answered at once. A task the call did not ask for is a protocol error.
   */
  async settle(
    result: Result,
    plan: LegacyCallPlan,
    options: CallToolOptions | undefined,
    context: Origin,
  ): Promise<Result> {
    if (!isLegacyCreateTask(result)) return result;
    if (!plan.augment) throw unexpectedTask(result, context);
    const created = readLegacyCreateTask(result, context);
    if (plan.mode === "return") return created;
    return this.wait(created.taskId, TaskClient.awaitOptions(options), context, created);
  }

  /** `tasks/get`, with the outcome of a task that ended read from `tasks/result`. */
  async get<R extends Result>(taskId: string, options?: RequestOptions): Promise<GetTaskResult<R>> {
    const task = await this.#status(taskId, options);
    if (task.status !== "completed" && task.status !== "failed") {
      return detail(task, undefined) as GetTaskResult<R>;
    }
    return detail(task, await this.#outcome(taskId, options)) as GetTaskResult<R>;
  }

  update(taskId: string): Promise<void> {
    return Promise.reject(
      new McpError({
        kind: "input",
        method: "tasks/update",
        target: taskId,
        message: `tasks/update ${JSON.stringify(taskId)}: a 2025-11-25 server has no tasks/update; it asks for input with its own elicitation and sampling requests, which the connection's handlers answer while awaitTask() waits on tasks/result`,
      }),
    );
  }

  async cancel(taskId: string, options?: RequestOptions): Promise<void> {
    const context = { method: "tasks/cancel", target: taskId };
    if (!cancelsTasks(this.#capabilities())) {
      throw new McpError({
        ...context,
        kind: "input",
        message: `${describeContext(context)}the server did not declare tasks.cancel, so it cannot cancel tasks; stop waiting with a signal or taskTimeout and cancelOnStop: false`,
      });
    }
    const answer = await this.#send("tasks/cancel", { taskId }, options, context);
    readLegacyTask(answer, context);
  }

  /**
   * A `notifications/tasks/status` (optional for servers, so never waited for): the full task,
   * which wakes the waits on it asleep between polls and stands in for their next `tasks/get`.
   * A malformed one is dropped: polling still finds the status.
   */
  pushed(params: unknown): void {
    let task: Task;
    try {
      task = readLegacyTask(params, { method: "notifications/tasks/status" });
    } catch {
      return;
    }
    for (const wake of this.#sleepers.get(task.taskId) ?? []) wake(task);
  }

  /**
   * Polls `tasks/get` until the task ends or needs input, then reads its outcome from
   * `tasks/result` (blocking, with no timeout of its own: `options.timeout` bounds the whole
   * wait). While it blocks, the server's requests for input reach the connection's handlers.
   */
  async wait(
    taskId: string,
    options: AwaitTaskOptions,
    origin: Origin,
    first?: Task,
  ): Promise<Result> {
    const stop = new Stopper(options, origin, taskId);
    const pacer = new PollPacer(options.pollIntervalMs);
    let task = first;
    // Past the cap the wait stops as a timeout does (the task is cancelled unless cancelOnStop
    // is false): the server's later requests for it are refused, so it could not go on anyway.
    const close = this.#budgets.open(taskId, options.maxRounds ?? DEFAULT_MAX_ROUNDS, (rounds) => {
      const last = task ?? { taskId, status: "input_required" };
      stop.fail(tooManyTaskRounds(origin, taskId, rounds, { ...last, inputRequests: {} }));
    });
    try {
      for (;;) {
        task ??= await this.#status(taskId, { signal: stop.signal });
        if (task.status === "working") {
          options.onStatus?.(detail(task, undefined));
          task = await this.#sleep(stop, task, pacer);
          continue;
        }
        if (task.status === "cancelled") throw cancelled(task, origin);
        if (task.status === "input_required") options.onStatus?.(detail(task, undefined));
        const outcome = await this.#outcome(taskId, { signal: stop.signal, timeout: 0 });
        // Read after input: the state it ended in (its statusMessage, or a cancellation that
        // came meanwhile); a server that dropped the task by now leaves the last state known.
        if (task.status === "input_required") task = await this.#final(task, stop.signal);
        if (task.status === "cancelled") throw cancelled(task, origin);
        options.onStatus?.(detail(task, outcome));
        if ("error" in outcome) throw McpError.fromResponse(outcome.error, origin);
        return outcome.result;
      }
    } catch (error) {
      const reason = stop.reason;
      if (reason === undefined) throw error;
      if (options.cancelOnStop !== false) await this.cancel(taskId).catch(() => undefined);
      throw reason;
    } finally {
      close();
      stop.release();
    }
  }

  /** Sleeps until the next poll or a pushed status, which it returns. */
  async #sleep(stop: Stopper, task: Task, pacer: PollPacer): Promise<Task | undefined> {
    const taskId = task.taskId;
    let sleepers = this.#sleepers.get(taskId);
    if (sleepers === undefined) this.#sleepers.set(taskId, (sleepers = new Set()));
    let wake: ((task: Task) => void) | undefined;
    try {
      return await stop.sleep<Task>(pacer.next(task), (early) => {
        wake = early;
        sleepers.add(early);
      });
    } finally {
      if (wake !== undefined) sleepers.delete(wake);
      if (sleepers.size === 0) this.#sleepers.delete(taskId);
    }
  }

  /** The task's state once `tasks/result` answered: `known` if `tasks/get` no longer finds it. */
  async #final(known: Task, signal: AbortSignal): Promise<Task> {
    try {
      return await this.#status(known.taskId, { signal });
    } catch (error) {
      if (isMcpError(error) && error.code !== undefined) return known;
      throw error;
    }
  }

  async #status(taskId: string, options: RequestOptions | undefined): Promise<Task> {
    const context = { method: "tasks/get", target: taskId };
    return readLegacyTask(await this.#send("tasks/get", { taskId }, options, context), context);
  }

  /** `tasks/result`: the server's JSON-RPC error is an outcome, any local failure is thrown. */
  async #outcome(taskId: string, options: RequestOptions | undefined): Promise<Outcome> {
    const context = { method: "tasks/result", target: taskId };
    try {
      return { result: await this.#send("tasks/result", { taskId }, options, context) };
    } catch (error) {
      if (!isMcpError(error) || error.code === undefined) throw error;
      const message = error.serverMessage ?? error.message;
      const object: JsonRpcErrorObject = { code: error.code, message };
      if (error.data !== undefined) object.data = error.data;
      return { error: object };
    }
  }
}

/** The task with the payload of its state, in 2026 terms. */
function detail(task: Task, outcome: Outcome | undefined): DetailedTask<Result> {
  if (outcome !== undefined) {
    return "result" in outcome
      ? { ...task, status: "completed", result: outcome.result }
      : { ...task, status: "failed", error: outcome.error };
  }
  // The server asks with its own requests, answered by the handlers: there is nothing to list.
  if (task.status === "input_required")
    return { ...task, status: "input_required", inputRequests: {} };
  return task as DetailedTask<Result>;
}

function cancelled(task: Task, origin: Origin): McpError {
  return new McpError({
    ...origin,
    kind: "cancelled",
    data: { ...task, status: "cancelled" },
    message: `${describeContext(origin)}the server cancelled task ${JSON.stringify(task.taskId)}${task.statusMessage === undefined ? "" : `: ${task.statusMessage}`}`,
  });
}
