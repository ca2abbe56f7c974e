/**
 * One deadline for connecting: the `server/discover` probe, the `initialize` handshake and a
 * process restarted between them share connect's `timeout`, so a command that never answers
 * fails within the time the caller gave, not after each step waited it in full (a silent
 * command under a 3 s timeout took 14 s, and over 2 minutes under the default 60 s).
 */
import { isAuthorizationTimeout } from "../auth/index.js";
import { isMcpError, McpError } from "../protocol/index.js";

/** The probe's share of the deadline at most: the handshake after it gets the rest. */
const PROBE_SHARE = 0.5;

export interface ConnectDeadline {
  /**
   * What is left for the next request, in milliseconds (at least 1), or undefined when there is
   * no deadline (`timeout` 0 or Infinity).
   */
  left(): number | undefined;
  /** The probe's timeout: its own bound, and at most half of what is left. */
  probe(probeTimeout: number): number;
  /** True once the deadline has passed: nothing more is started (no restart, no retry). */
  passed(): boolean;
  /** Records that `method` went unanswered within its share of the deadline. */
  unanswered(method: string): void;
  /**
   * `error` as the caller should see it: a request timeout becomes one `timeout` error naming
   * connect's deadline, the time really spent and every request left unanswered
   * (`ConnectTimeoutData`); any other error passes through.
   */
  explain(error: unknown, endpoint: string): unknown;
}

/** Starts the clock of a connection attempt with `timeout` ms (0 or Infinity: no deadline). */
export function startDeadline(timeout: number, now: () => number = Date.now): ConnectDeadline {
  const start = now();
  const bounded = timeout > 0 && Number.isFinite(timeout);
  const end = bounded ? start + timeout : Infinity;
  const missed: string[] = [];
  const left = () => (bounded ? Math.max(1, end - now()) : undefined);
  return {
    left,
    probe(probeTimeout) {
      const rest = left();
      return rest === undefined ? probeTimeout : Math.min(probeTimeout, rest * PROBE_SHARE);
    },
    passed: () => bounded && now() >= end,
    unanswered(method) {
      missed.push(method);
    },
    explain(error, endpoint) {
      if (!bounded || !isRequestTimeout(error) || missed.length === 0) return error;
      const elapsed = now() - start;
      return new McpError({
        kind: "timeout",
        method: missed.at(-1)!,
        target: endpoint,
        data: { connectTimeout: timeout, elapsed, unanswered: [...missed] },
        cause: error,
        message: `connect ${JSON.stringify(endpoint)}: the server never answered ${missed.join(", then ")} within ${timeout} ms (gave up after ${(elapsed / 1000).toFixed(1)} s); pass a larger \`timeout\` if the server is only slow to start`,
      });
    },
  };
}

/** A request's own timeout (no data), not an OAuth step's nor the caller's cancellation. */
export function isRequestTimeout(error: unknown): boolean {
  return (
    isMcpError(error) &&
    error.kind === "timeout" &&
    error.data === undefined &&
    !isAuthorizationTimeout(error)
  );
}
