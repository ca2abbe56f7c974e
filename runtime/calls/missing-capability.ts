/**
 * A -32021 answer (MissingRequiredClientCapability) to a tool call, made actionable: the
 * server's `data.requiredCapabilities` names capabilities; the message names the handler (or the
 * tasks extension) to give the client for each, so the fix is one line away.
 */
import {
  ErrorCode,
  isMcpError,
  McpError,
  describeContext,
  type ErrorContext,
} from "../protocol/index.js";
import { needAdvice, needsNamedBy } from "../input/index.js";

/**
 * `error` with the handlers to pass named, when it is a server's -32021; anything else as is.
 * Kind, code, `data` and the server's own message are kept untouched.
 */
export function withCapabilityAdvice(error: unknown): unknown {
  if (!isMcpError(error) || error.code !== ErrorCode.MissingRequiredClientCapability) return error;
  if (error.kind !== "protocol" && error.kind !== "jsonrpc" && error.kind !== "execution") {
    return error;
  }
  const data = error.data as { requiredCapabilities?: unknown } | undefined;
  const needs = needsNamedBy(data?.requiredCapabilities);
  const advice =
    needs.length === 0
      ? "the server did not say which in data.requiredCapabilities; pass the handlers (elicitation, elicitationUrl, sampling, roots) it may need"
      : `it needs ${needs.map(needAdvice).join("; and ")} to connect or createClient (or in this call's options)`;
  const context: ErrorContext = {
    ...(error.method === undefined ? {} : { method: error.method }),
    ...(error.target === undefined ? {} : { target: error.target }),
  };
  const explained = new McpError({
    ...context,
    kind: error.kind,
    code: error.code,
    data: error.data,
    cause: error,
    message: `${describeContext(context)}the server requires client capabilities this client did not declare (MissingRequiredClientCapability, -32021: ${error.serverMessage ?? error.message}); ${advice}`,
  });
  (explained as { serverMessage: string | undefined }).serverMessage = error.serverMessage;
  return explained;
}
