/**
 * Waiting for a connection to be ready: the promise that says so, and a wait on it bounded by a
 * request's deadline and signal.
 */
import { describeContext, McpError, type ErrorContext } from "../protocol/index.js";
import { timerDelay } from "../basics/index.js";

export interface Readiness {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** A new readiness, settled once: ready, or the reason it never will be. */
export function readiness(): Readiness {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may be waiting when the connection closes: that must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export interface ReadinessWait {
  /** Epoch milliseconds, or `Infinity` for no deadline. */
  deadline: number;
  signal: AbortSignal | undefined;
  context: ErrorContext;
  /** The endpoint and state, for the messages. */
  where: () => string;
}

/**
 * Resolves when `ready` does; rejects with what `ready` rejects with, with kind `timeout` at the
 * deadline, or with kind `cancelled` when the signal aborts.
 */
export function waitForReadiness(ready: Promise<void>, wait: ReadinessWait): Promise<void> {
  const { deadline, signal, context } = wait;
  signal?.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      done();
      reject(
        new McpError({
          ...context,
          kind: "cancelled",
          cause: signal?.reason,
          message: `${describeContext(context)}cancelled while waiting for the connection (${wait.where()})`,
        }),
      );
    };
    const expire = () => {
      done();
      reject(
        new McpError({
          ...context,
          kind: "timeout",
          message: `${describeContext(context)}the connection was not ready in time (${wait.where()})`,
        }),
      );
    };
    const timer =
      deadline === Infinity ? undefined : setTimeout(expire, timerDelay(deadline - Date.now()));
    signal?.addEventListener("abort", onAbort, { once: true });
    ready.then(
      () => {
        done();
        resolve();
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
