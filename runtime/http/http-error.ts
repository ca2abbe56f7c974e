/**
 * The one constructor the HTTP transport uses for its own errors, so every message starts with
 * the method (`tools/call: …`) and carries structured `data` the client can act on.
 */
import { McpError, describeContext } from "../protocol/index.js";
import type { McpErrorDataByKind, McpErrorKind, McpErrorOptions } from "../protocol/index.js";

/** `data` then `cause`; `data` may be left out only for kinds whose data may be undefined. */
type DataAndCause<K extends McpErrorKind> = undefined extends McpErrorDataByKind[K]
  ? [data?: McpErrorDataByKind[K], cause?: unknown]
  : [data: McpErrorDataByKind[K], cause?: unknown];

/** An `McpError` of `kind` for a request to `method`, with `data` and `cause` when given. */
export function httpError<K extends McpErrorKind>(
  kind: K,
  message: string,
  method: string,
  ...[data, cause]: DataAndCause<K>
): McpError<K> {
  // `data` is typed by kind; TypeScript cannot resolve `McpErrorOptions<K>` for a generic `K`.
  const options = {
    kind,
    method,
    message: `${describeContext({ method })}${message}`,
    data,
    cause,
  } as McpErrorOptions<K>;
  return new McpError<K>(options);
}
