/**
 * When a server that exited is started again: exponential back-off with jitter, and a cap on
 * restarts within a sliding window, so a server that crashes at start does not spin.
 */
import { localError } from "../protocol/index.js";

/** `ConnectOptions.restart`: how a stdio server that exited is started again. */
export interface RestartOptions {
  /** Restarts allowed within `windowMs` before the client gives up and closes (default 5). */
  maxRestarts?: number | undefined;
  /** The sliding window the cap counts over, in milliseconds (default 60 s). */
  windowMs?: number | undefined;
  /** Delay before the first restart, in milliseconds (default 200 ms); doubles each time. */
  initialDelayMs?: number | undefined;
  /** The longest delay between restarts, in milliseconds (default 10 s). */
  maxDelayMs?: number | undefined;
}

export type ResolvedRestartPolicy = { [K in keyof RestartOptions]-?: number };

export const DEFAULT_RESTART_POLICY: ResolvedRestartPolicy = Object.freeze({
  maxRestarts: 5,
  windowMs: 60_000,
  initialDelayMs: 200,
  maxDelayMs: 10_000,
});

/** The policy with defaults filled in; a bad value is an `input` error before anything opens. */
export function resolveRestartPolicy(options: RestartOptions | undefined): ResolvedRestartPolicy {
  const policy = { ...DEFAULT_RESTART_POLICY, ...stripUndefined(options ?? {}) } as {
    -readonly [K in keyof ResolvedRestartPolicy]: number;
  };
  for (const [key, value] of Object.entries(policy)) {
    const positive = key === "maxRestarts" ? value >= 0 : value > 0;
    if (typeof value !== "number" || !Number.isFinite(value) || !positive) {
      throw localError(
        "input",
        `restart.${key} must be a ${key === "maxRestarts" ? "non-negative" : "positive"} finite number, got ${String(value)}`,
        { method: "connect" },
      );
    }
  }
  if (policy.maxDelayMs < policy.initialDelayMs) policy.maxDelayMs = policy.initialDelayMs;
  return policy;
}

function stripUndefined(options: RestartOptions): RestartOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * The delay before restart number `attempt` (0 for the first): the doubled base, capped, then
 * "equal jitter" (between half and all of it), so clients restarted by one event spread out
 * while the delay still grows. `random` is in [0, 1).
 */
export function restartDelay(
  policy: ResolvedRestartPolicy,
  attempt: number,
  random: number,
): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.min(attempt, 30));
  return base / 2 + (base / 2) * random;
}

/** Counts restarts in the sliding window: `allow(now)` records one, or says the cap is reached. */
export class RestartBudget {
  readonly #policy: ResolvedRestartPolicy;
  #times: number[] = [];

  constructor(policy: ResolvedRestartPolicy) {
    this.#policy = policy;
  }

  /** Restarts recorded in the window ending at `now`: the back-off exponent. */
  recent(now: number): number {
    this.#times = this.#times.filter((time) => now - time < this.#policy.windowMs);
    return this.#times.length;
  }

  /** Records a restart at `now` if the window has room; false when the cap is reached. */
  allow(now: number): boolean {
    if (this.recent(now) >= this.#policy.maxRestarts) return false;
    this.#times.push(now);
    return true;
  }

  /** Forgets every restart (`client.reconnect()` resets the counters). */
  reset(): void {
    this.#times = [];
  }
}
