/**
 * Waiting on a task, shared by both eras' task clients: the stop condition (the caller's signal
 * or the total timeout) and the delay between polls.
 */
import { McpError, describeContext, type ErrorContext } from "./errors.js";
import type { AwaitTaskOptions, Task } from "./tasks.js";
import { timerDelay } from "./timer-delay.js";

/** Wait between polls when neither the server nor the caller gives one. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;

/** How long to wait before the next poll: the server's interval, at least the caller's floor. */
export function pollDelay(task: Task, floor: number | undefined): number {
  const suggested = task.pollIntervalMs;
  if (suggested === undefined) return floor ?? DEFAULT_TASK_POLL_INTERVAL_MS;
  return Math.max(suggested, floor ?? 0);
}

/** The wait's end: the caller's signal or the total timeout, whichever comes first. */
export class Stopper {
  readonly #controller = new AbortController();
  #reason: McpError | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: () => void;

  constructor(options: AwaitTaskOptions, context: ErrorContext, taskId: string) {
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
    const timeout = options.timeout;
    if (timeout !== undefined && timeout > 0 && Number.isFinite(timeout)) {
      this.#timer = setTimeout(
        () =>
          this.#stop(
            new McpError({
              ...context,
              kind: "timeout",
              message: `${describeContext(context)}task ${id} did not end within ${timeout} ms`,
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
