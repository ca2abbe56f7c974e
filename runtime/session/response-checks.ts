/**
 * What a response means for the caller: a JSON-RPC error response becomes an `McpError`, and a
 * result passes only with a `resultType` valid for the request. Both are refused when nested past
 * `MAX_JSON_DEPTH`, here, before the cache, a validator or the caller walks them.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import { nestingProblem } from "../basics/index.js";
import type { JsonRpcErrorObject } from "../protocol/index.js";
import type { RequestExtras } from "../protocol/index.js";
import type { Result } from "../protocol/index.js";

/**
 * The error for a JSON-RPC error response. The wire transports only pass well-formed error
 * objects; an in-process server or a custom transport can hand over anything, and one without
 * an integer `code` is a protocol error of its own rather than a `TypeError` in `fromResponse`.
 * So is one whose `data` is nested past `MAX_JSON_DEPTH` (the data is left out of the error).
 */
export function errorFromResponse(error: JsonRpcErrorObject, context: ErrorContext): McpError {
  const value: unknown = error;
  const code = (value as { code?: unknown } | null | undefined)?.code;
  if (typeof code === "number" && Number.isInteger(code)) {
    const nesting = error.data === undefined ? undefined : nestingProblem(error.data);
    if (nesting === undefined) return McpError.fromResponse(error, context);
    return new McpError({
      ...context,
      kind: "protocol",
      message: `${describeContext(context)}invalid error response from the server (code ${code}): error data ${nesting}`,
    });
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
 * array; the wire transports already refuse them) is a protocol error too, not a `TypeError`;
 * so is one nested past `MAX_JSON_DEPTH` (left out of the error: its `data` is undefined).
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
  const nesting = nestingProblem(result);
  if (nesting !== undefined) {
    throw new McpError({
      ...context,
      kind: "protocol",
      message: `${describeContext(context)}invalid result from the server: ${nesting}`,
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
