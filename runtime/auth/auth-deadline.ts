/**
 * The deadline of the OAuth flow: the timeout of the request whose 401 started it (connect's
 * `timeout` for the handshake). Each network step passes the request's signal; when that signal
 * aborts for the timeout, the step's error says which step did not answer, so "the server never
 * answered" is not blamed on an MCP server that answered at once with a 401. Only the user's
 * time in the browser is not counted (see authorization-code.ts).
 */
import { McpError, describeContext, isMcpError } from "../protocol/index.js";
import type { TimeoutErrorData } from "../protocol/index.js";
import type { AuthTrigger } from "./auth-failure.js";

/**
 * What to throw when `signal` aborted during the step `what` (e.g. `the token endpoint <url>`,
 * URL masked): for the request's timeout, a `timeout` error naming the step, with `what` as
 * `data.authorization` and the deadline as `data.timeout`; for a cancellation, the reason as it
 * is.
 */
export function stepAborted(trigger: AuthTrigger, signal: AbortSignal, what: string): unknown {
  const reason: unknown = signal.reason;
  if (!isMcpError(reason) || reason.kind !== "timeout") return reason;
  const data: TimeoutErrorData = { authorization: what };
  const { timeout } = trigger;
  if (timeout !== undefined && timeout > 0 && Number.isFinite(timeout)) data.timeout = timeout;
  const limit = data.timeout === undefined ? "in time" : `within ${data.timeout} ms`;
  return new McpError({
    kind: "timeout",
    method: trigger.method,
    data,
    cause: reason,
    message: `${describeContext({ method: trigger.method })}authorizing ${trigger.endpoint}: ${what} did not answer ${limit}; pass a larger timeout if it is only slow`,
  });
}
