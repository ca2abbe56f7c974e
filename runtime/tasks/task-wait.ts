/**
 * Waiting on a task, shared by both eras' task clients: the stop condition (the caller's signal
 * or the total timeout, by default `DEFAULT_TASK_TIMEOUT_MS`), the delay between polls (never
 * under `MIN_TASK_POLL_INTERVAL_MS`, longer while nothing changes), and the cap on input rounds.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import type { Task, TaskStatus } from "../protocol/index.js";
import { timerDelay } from "../basics/index.js";

/** Wait between polls when neither the server nor the caller gives one. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;

/**
 * The shortest wait between polls, whatever the caller or the server asks (`pollIntervalMs: 0`
 * from either would otherwise poll as fast as the answers come, hundreds of times a second).
 */
export const MIN_TASK_POLL_INTERVAL_MS = 100;

/**
 * How long a wait on a task lasts when the caller gives no `timeout`: one hour. Long enough for
 * a build or a report, short enough that a task a server never ends does not hold the caller
 * forever. `timeout: 0` or `Infinity` waits without end.
 */
export const DEFAULT_TASK_TIMEOUT_MS = 3_600_000;

/** While a task's status stays the same, each wait is this much longer than the last… */
const BACKOFF_FACTOR = 1.5;
/** …up to this, or the interval asked for when that is longer. */
const BACKOFF_CAP_MS = 5000;

/**
 * The delays between polls of one task: the server's `pollIntervalMs`, the caller's when longer
 * (or when the server gives none; default `DEFAULT_TASK_POLL_INTERVAL_MS`), never under
 * `MIN_TASK_POLL_INTERVAL_MS`; then, while the status stays the same, half as long again each
 * poll up to `BACKOFF_CAP_MS` (a server's interval is a floor the spec asks clients to respect,
 * not a rate to keep). A change of status, or `reset()`, starts again from the interval.
 */
export class PollPacer {
  readonly #caller: number | undefined;
  #last: { status: TaskStatus; delay: number } | undefined;

  constructor(callerInterval: number | undefined) {
    // NaN, negative or infinite intervals mean nothing usable: as if none was given.
    this.#caller =
      callerInterval !== undefined && callerInterval >= 0 && Number.isFinite(callerInterval)
        ? callerInterval
        : undefined;
  }

  /** The wait before polling `task` again. */
  next(task: Task): number {
    const base = this.#base(task);
    const last = this.#last;
    const delay =
      last === undefined || last.status !== task.status
        ? base
        : Math.max(base, Math.min(last.delay * BACKOFF_FACTOR, Math.max(base, BACKOFF_CAP_MS)));
    this.#last = { status: task.status, delay };
    return delay;
  }

  /** Progress was made (an input round answered): the next wait is the interval again. */
  reset(): void {
    this.#last = undefined;
  }

  #base(task: Task): number {
    const suggested = task.pollIntervalMs;
    const asked =
      suggested === undefined
        ? (this.#caller ?? DEFAULT_TASK_POLL_INTERVAL_MS)
        : Math.max(suggested, this.#caller ?? 0);
    return Math.max(asked, MIN_TASK_POLL_INTERVAL_MS);
  }
}

/**
 * The error for a task that asked for more rounds of input than `maxRounds`: the same kind as a
 * request's rounds cap, with the task's last state (if known) as `data`. Its further input
 * requests are not answered by the handlers.
 */
export function tooManyTaskRounds(
  context: ErrorContext,
  taskId: string,
  rounds: number,
  data: unknown,
): McpError<"input_required"> {
  return new McpError({
    ...context,
    kind: "input_required",
    data: data as McpError<"input_required">["data"],
    message: `${describeContext(context)}task ${JSON.stringify(taskId)} still asks for input after ${rounds} rounds of answers; giving up and answering no more of its input requests (raise maxRounds if this server needs more, or cancel it with cancelTask())`,
  });
}

/** What a wait reads of `AwaitTaskOptions` (tasks.ts, which imports this file). */
export interface StopOptions {
  /** Total milliseconds to wait (see `AwaitTaskOptions.timeout`). */
  timeout?: number;
  /** Aborting it stops waiting (see `AwaitTaskOptions.signal`). */
  signal?: AbortSignal;
  /** `false` leaves the task running when the wait stops (see `AwaitTaskOptions.cancelOnStop`). */
  cancelOnStop?: boolean;
}

/** The wait's end: the caller's signal, the total timeout or `fail()`, whichever comes first. */
export class Stopper {
  readonly #controller = new AbortController();
  #reason: McpError | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: () => void;

  constructor(options: StopOptions, context: ErrorContext, taskId: string) {
    const id = JSON.stringify(taskId);
    this.#onAbort = () =>
      this.#stop(
        new McpError({
          ...context,
          kind: "cancelled",
          cause: this.#signal?.reason,
          message: `${describeContext(context)}the caller stopped waiting for task ${id}`,
        }),
      );
    const timeout = options.timeout ?? DEFAULT_TASK_TIMEOUT_MS;
    if (timeout > 0 && Number.isFinite(timeout)) {
      const left =
        options.cancelOnStop === false
          ? `it goes on on the server: resume with client.awaitTask(${id})`
          : "it was cancelled (cancelOnStop: false leaves it running, to resume with awaitTask)";
      this.#timer = setTimeout(
        () =>
          this.#stop(
            new McpError({
              ...context,
              kind: "timeout",
              data: { taskId },
              message: `${describeContext(context)}task ${id} did not end within ${timeout} ms; ${left}; pass a longer timeout to wait longer`,
            }),
          ),
        timerDelay(timeout),
      );
    }
    this.#signal = options.signal;
    if (this.#signal?.aborted === true) this.#onAbort();
    else this.#signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get reason(): McpError | undefined {
    return this.#reason;
  }

  /** Ends the wait with `reason`, as the timeout and the signal do (first reason wins). */
  fail(reason: McpError): void {
    this.#stop(reason);
  }

  #stop(reason: McpError): void {
    if (this.#reason !== undefined) return;
    this.#reason = reason;
    this.#controller.abort(reason);
  }

  /**
   * Waits `ms`, or less when `wake` is given and called first (a pushed status): then resolves
   * with what it was called with.
   */
  sleep<T>(ms: number, wake?: (early: (value: T) => void) => void): Promise<T | undefined> {
    const signal = this.#controller.signal;
    if (signal.aborted) return Promise.reject(this.#reason);
    return new Promise((resolve, reject) => {
      const settle = (value: T | undefined) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      };
      const onAbort = () => {
        clearTimeout(timer);
        reject(this.#reason);
      };
      const timer = setTimeout(() => settle(undefined), timerDelay(ms));
      signal.addEventListener("abort", onAbort, { once: true });
      wake?.(settle);
    });
  }

  release(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#signal?.removeEventListener("abort", this.#onAbort);
  }
}
