/**
 * A wait that ends early when a signal aborts: the pause before reconnecting an SSE stream must
 * not hold up a cancelled request or a closing transport.
 */
import { timerDelay } from "../basics/index.js";

/**
 * Resolves after `ms` with true, or as soon as one of `signals` aborts (at once if one already
 * has) with false. Leaves no timer or listener behind either way.
 */
export function abortableDelay(ms: number, signals: readonly AbortSignal[]): Promise<boolean> {
  if (signals.some((signal) => signal.aborted)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (elapsed: boolean): void => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener("abort", onAbort);
      resolve(elapsed);
    };
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(true), timerDelay(ms));
    for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
  });
}
