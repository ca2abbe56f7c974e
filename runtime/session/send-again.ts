/**
 * When a request that failed may go out again unchanged, and when it must not: a read is safe to
 * repeat, anything else could repeat an effect, so its error goes to the caller, who knows.
 */
import { isMcpError } from "../protocol/index.js";

/** Methods that only read: safe to send again when the stream carrying the answer broke. */
const REISSUABLE: ReadonlySet<string> = new Set([
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/get",
  "completion/complete",
]);

/** The server no longer knows the initialize-era HTTP session the request carried. */
export function isSessionExpired(error: unknown): boolean {
  return isMcpError(error) && error.kind === "transport" && error.data?.sessionExpired === true;
}

/**
 * A read (or a call its caller marked idempotent) whose response stream ended before the answer,
 * which the transport marks `retryable`.
 */
export function mayReissue(error: unknown, method: string, idempotent: boolean): boolean {
  return (
    (idempotent || REISSUABLE.has(method)) &&
    isMcpError(error) &&
    error.kind === "transport" &&
    error.data?.retryable === true
  );
}
