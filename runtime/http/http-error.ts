/**
 * The one constructor the HTTP transport uses for its own errors, so every message starts with
 * the method (`tools/call: …`) and carries structured `data` the client can act on.
 */
import { McpError, describeContext } from "../errors.js";
import type { McpErrorKind } from "../errors.js";

/** An `McpError` of `kind` for a request to `method`, with `data` and `cause` when given. */
export function httpError(
  kind: McpErrorKind,
  message: string,
  method: string,
  data?: unknown,
  cause?: unknown,
): McpError {
  return new McpError({
    kind,
    method,
    message: `${describeContext({ method })}${message}`,
    data,
    cause,
  });
}
