/**
 * What a response means for the caller: a JSON-RPC error response becomes an `McpError`, and a
 * result passes only with a `resultType` valid for the request.
 */
import { McpError, describeContext, type ErrorContext } from "./errors.js";
import type { JsonRpcErrorObject } from "./jsonrpc.js";
import type { RequestExtras } from "./session.js";
import type { Result } from "./types.js";

/**
 * The error for a JSON-RPC error response. The wire transports only pass well-formed error
 * objects; an in-process server or a custom transport can hand over anything, and one without
 * an integer `code` is a protocol error of its own rather than a `TypeError` in `fromResponse`.
 */
export function errorFromResponse(error: JsonRpcErrorObject, context: ErrorContext): McpError {
  const value: unknown = error;
  const code = (value as { code?: unknown } | null | undefined)?.code;
  if (typeof code === "number" && Number.isInteger(code)) {
    return McpError.fromResponse(error, context);
  }
  return new McpError({
    ...context,
    kind: "protocol",
    data: value,
    message: `${describeContext(context)}invalid error response from the server: the error has no integer code`,
  });
}

/**
 * Applies the `resultType` rules: absent → complete; unknown values are protocol errors. A
 * result that is not a JSON object (an in-process server can hand over `null`, a string or an
 * array; the wire transports already refuse them) is a protocol error too, not a `TypeError`.
 */
export function checkResultType(
  result: Result,
  context: ErrorContext,
  extras: RequestExtras,
): Result {
  const value: unknown = result;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    let what: string;
    if (value === undefined) what = "missing";
    else if (value === null) what = "null";
    else what = Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw new McpError({
      ...context,
      kind: "protocol",
      data: value,
      message: `${describeContext(context)}invalid result from the server: the result is ${what}, not an object`,
    });
  }
  const type = result.resultType;
  if (type === undefined || type === "complete") return result;
  if (type === "input_required" && extras.allowInputRequired === true) return result;
  if (type === "task" && extras.allowTask === true) return result;
  throw new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}server answered with resultType ${JSON.stringify(type)}, which is not valid for this request`,
  });
}
