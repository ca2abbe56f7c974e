/**
 * The errors the stdio transport rejects with. Each names the server by its command line (never
 * its environment, which may hold secrets) and says what happened.
 */
import { isMcpError, localError, McpError } from "../protocol/index.js";
import { quoteStderr } from "./stderr-tail.js";

/**
 * The server is gone: `reason` is "exited with code 3", "was killed by SIGKILL", "closed its
 * stdout"…; the last lines of its stderr (see `quoteStderr`), led by the line that named the
 * cause when they do not hold it, follow on the next lines, and the whole kept tail is
 * `data.stderr`.
 */
export function serverGoneError(
  endpoint: string,
  reason: string,
  stderr: string,
  cause?: string,
): McpError {
  const quoted = quoteStderr(stderr, cause);
  const said = quoted === "" ? "" : `; its stderr ended with:\n${quoted}`;
  const message = `the MCP server ${JSON.stringify(endpoint)} ${reason}${said}`;
  const data = stderr === "" ? undefined : { stderr };
  return new McpError({ kind: "transport", target: endpoint, message, data });
}

/** The server sent a line longer than the cap. */
export function lineTooLongError(endpoint: string, maxLineBytes: number, bytes: number): McpError {
  const message = `the MCP server ${JSON.stringify(endpoint)} sent a line of more than ${maxLineBytes} bytes (maxLineBytes; ${bytes} bytes so far); connection closed`;
  return new McpError({ kind: "transport", target: endpoint, message });
}

/** Writing to the server's stdin failed. */
export function writeFailedError(endpoint: string, error: Error): McpError {
  const message = `could not write to the MCP server ${JSON.stringify(endpoint)}: ${error.message}`;
  return new McpError({ kind: "transport", target: endpoint, message, cause: error });
}

/** `close()` was called. */
export function connectionClosedError(endpoint: string): McpError {
  return localError("transport", "connection closed", { target: endpoint });
}

/**
 * What an aborted request rejects with: the signal's reason when it is an `McpError` (the client
 * always aborts with one), otherwise a `cancelled` error wrapping it.
 */
export function abortReason(signal: AbortSignal, endpoint: string): McpError {
  const reason: unknown = signal.reason;
  if (isMcpError(reason)) return reason;
  const text = reason instanceof Error ? reason.message : "request cancelled";
  return localError("cancelled", text, { target: endpoint }, reason);
}

/** A message that `JSON.stringify` refused (a BigInt, a cycle). */
export function unserialisableError(error: unknown, method: string): McpError {
  const text = `cannot serialise the message: ${error instanceof Error ? error.message : String(error)}`;
  return localError("input", text, { method }, error);
}
