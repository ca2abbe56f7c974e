/**
 * The 2026 tasks extension's client side: the `tasks/*` requests bound to a session, and the
 * input request keys already answered per task. `McpClient` delegates its task methods here
 * (or, on an initialize-era server, to `LegacyTaskClient`).
 */
import type { ErrorContext } from "../protocol/index.js";
import { mergeHandlers, type InputHandlers } from "../input/index.js";
import type { InputResponses } from "../input/index.js";
import type { RequestOptions } from "../protocol/index.js";
import {
  checkTask,
  pollTask,
  type AwaitTaskOptions,
  type CallToolOptions,
  type DetailedTask,
  type GetTaskResult,
  type TaskRequests,
  type TaskStatus,
} from "./tasks.js";
import type { Result } from "../protocol/index.js";

/**
 * The input request keys answered per task, so a key is never answered twice: the server may
 * list an answered request again until its state catches up (`tasks/update` is eventually
 * consistent). A task's keys are dropped once it is seen in a terminal state or cancelled.
 */
export class AnsweredKeys {
  readonly #byTask = new Map<string, Set<string>>();

  get(taskId: string): ReadonlySet<string> {
    return this.#byTask.get(taskId) ?? NO_KEYS;
  }

  add(taskId: string, keys: Iterable<string>): void {
    let set = this.#byTask.get(taskId);
    if (set === undefined) this.#byTask.set(taskId, (set = new Set()));
    for (const key of keys) set.add(key);
  }

  /** Forgets a task, when its status is terminal. */
  settle(taskId: string, status: TaskStatus): void {
    if (status === "completed" || status === "failed" || status === "cancelled") {
      this.#byTask.delete(taskId);
    }
  }
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** Sends one `tasks/*` request through the session (with the extension declared). */
export type TaskSender = (
  method: string,
  params: { taskId: string } & Record<string, unknown>,
  options: RequestOptions | undefined,
  allowTask: boolean,
) => Promise<Result>;

/** The client's task methods: `McpClient` delegates `getTask`, `updateTask`, `cancelTask`, `awaitTask`. */
export class TaskClient {
  readonly #send: TaskSender;
  readonly #handlers: InputHandlers;
  /** Task input requests already answered, so none is answered twice. */
  readonly #answered = new AnsweredKeys();

  constructor(send: TaskSender, handlers: InputHandlers) {
    this.#send = send;
    this.#handlers = handlers;
  }

  async get<R extends Result>(taskId: string, options?: RequestOptions): Promise<GetTaskResult<R>> {
    const context = { method: "tasks/get", target: taskId };
    // The spec's own examples show `resultType: "task"` on some `tasks/get` answers: accept it.
    const result = await this.#send("tasks/get", { taskId }, options, true);
    const task = checkTask(result, context) as GetTaskResult<R>;
    this.#answered.settle(taskId, task.status);
    return task;
  }

  async update(
    taskId: string,
    inputResponses: InputResponses,
    options?: RequestOptions,
  ): Promise<void> {
    await this.#send("tasks/update", { taskId, inputResponses }, options, false);
    this.#answered.add(taskId, Object.keys(inputResponses));
  }

  async cancel(taskId: string, options?: RequestOptions): Promise<void> {
    await this.#send("tasks/cancel", { taskId }, options, false);
    this.#answered.settle(taskId, "cancelled");
  }

  /** Polls `taskId` to its end (see `pollTask`); `first` is its `CreateTaskResult`, if known. */
  wait(
    taskId: string,
    options: AwaitTaskOptions,
    origin: ErrorContext & { method: string; target: string },
    first?: DetailedTask<Result>,
  ): Promise<Result> {
    const own = options.handlers;
    const requests: TaskRequests = {
      get: (id, signal) => this.get<Result>(id, { signal }),
      update: (id, responses, signal) => this.update(id, responses, { signal }),
      cancel: (id) => this.cancel(id),
      answered: (id) => this.#answered.get(id),
      handlers: own === undefined ? this.#handlers : mergeHandlers(this.#handlers, own),
    };
    return pollTask(taskId, requests, options, origin, first);
  }

  /** `callTool`'s task options as `AwaitTaskOptions`. */
  static awaitOptions(options: CallToolOptions | undefined): AwaitTaskOptions {
    const out: AwaitTaskOptions = {};
    if (options === undefined) return out;
    if (options.signal !== undefined) out.signal = options.signal;
    if (options.taskTimeout !== undefined) out.timeout = options.taskTimeout;
    if (options.pollIntervalMs !== undefined) out.pollIntervalMs = options.pollIntervalMs;
    if (options.onTaskStatus !== undefined) out.onStatus = options.onTaskStatus;
    if (options.handlers !== undefined) out.handlers = options.handlers;
    if (options.maxRounds !== undefined) out.maxRounds = options.maxRounds;
    return out;
  }
}
