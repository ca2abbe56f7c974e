/**
 * The runtime's single error type. Every failure a caller can see is an `McpError` whose `kind`
 * says what went wrong; errors a server sent keep its `code`, message and `data` untouched.
 * A tool result with `isError: true` is a result, never an `McpError`.
 */
import { ErrorCode } from "./protocol.js";
import type { JsonRpcErrorObject } from "./jsonrpc.js";

/**
 * What went wrong:
 * - `jsonrpc`: the peer says our message was not valid JSON-RPC (-32700, -32600).
 * - `protocol`: the server rejected the request (-32601, -32602, -32020…-32022, other codes), or
 *   answered with something the protocol does not allow.
 * - `execution`: the server failed while handling it (-32603).
 * - `transport`: the connection failed: closed, unreachable, died, sent junk, HTTP status errors.
 * - `timeout`: no answer within the request's timeout.
 * - `cancelled`: the caller aborted the request.
 * - `input`: the caller's own input was rejected locally (bad arguments, bad options, an answer
 *   to an input request that does not match what the server asked for).
 * - `input_required`: the server needs input the client could not give (no handler for an input
 *   request, a handler that failed, too many rounds); `data` is the last `InputRequiredResult`.
 * - `auth`: the server requires authorization (HTTP 401/403).
 * - `validation`: the server's answer does not match the schema it declared.
 */
export type McpErrorKind =
  | "jsonrpc"
  | "protocol"
  | "execution"
  | "transport"
  | "timeout"
  | "cancelled"
  | "input"
  | "input_required"
  | "auth"
  | "validation";

/** Names of the MCP-specific codes, exposed as `McpError.codeName`. */
const CODE_NAMES: ReadonlyMap<number, string> = new Map([
  [ErrorCode.ParseError, "ParseError"],
  [ErrorCode.InvalidRequest, "InvalidRequest"],
  [ErrorCode.MethodNotFound, "MethodNotFound"],
  [ErrorCode.InvalidParams, "InvalidParams"],
  [ErrorCode.InternalError, "InternalError"],
  [ErrorCode.HeaderMismatch, "HeaderMismatch"],
  [ErrorCode.MissingRequiredClientCapability, "MissingRequiredClientCapability"],
  [ErrorCode.UnsupportedProtocolVersion, "UnsupportedProtocolVersion"],
]);

/** Where an error happened, so its message can name it. */
export interface ErrorContext {
  /** The JSON-RPC method, e.g. `tools/call`. */
  method?: string;
  /** The tool or prompt name, resource URI, task id, or the endpoint (URL or command). */
  target?: string;
}

export interface McpErrorOptions extends ErrorContext {
  kind: McpErrorKind;
  message: string;
  code?: number | undefined;
  data?: unknown;
  cause?: unknown;
}

// A registry symbol, so two copies of this module (duplicate installs, vendored runtimes)
// recognise each other's errors.
const BRAND = Symbol.for("mcp-codegen.McpError");

export class McpError extends Error {
  override readonly name = "McpError";
  readonly kind: McpErrorKind;
  /** The JSON-RPC error code the server sent; absent for local errors. */
  readonly code: number | undefined;
  /** The name of a well-known code (`UnsupportedProtocolVersion`, …). */
  readonly codeName: string | undefined;
  /** The server's `error.data`, untouched. */
  readonly data: unknown;
  /** The server's `error.message`, untouched (the `message` property adds context). */
  readonly serverMessage: string | undefined;
  readonly method: string | undefined;
  readonly target: string | undefined;

  constructor(options: McpErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.code = options.code;
    this.codeName = options.code === undefined ? undefined : CODE_NAMES.get(options.code);
    this.data = options.data;
    this.serverMessage = undefined;
    this.method = options.method;
    this.target = options.target;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Builds the error for a JSON-RPC error object a server sent in answer to a request. */
  static fromResponse(error: JsonRpcErrorObject, context: ErrorContext = {}): McpError {
    const kind = kindForCode(error.code);
    const codeName = CODE_NAMES.get(error.code);
    const label = codeName === undefined ? `error ${error.code}` : `${codeName} (${error.code})`;
    const result = new McpError({
      ...context,
      kind,
      code: error.code,
      data: error.data,
      message: `${describeContext(context)}server answered ${label}: ${error.message}`,
    });
    (result as { serverMessage: string | undefined }).serverMessage = error.message;
    return result;
  }
}

/** True for an `McpError` from any copy of this runtime. */
export function isMcpError(value: unknown): value is McpError {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[BRAND] === true
  );
}

/** Maps a server's error code to a kind, as the reference clients do. */
export function kindForCode(code: number): McpErrorKind {
  if (code === ErrorCode.ParseError || code === ErrorCode.InvalidRequest) return "jsonrpc";
  if (code === ErrorCode.InternalError) return "execution";
  return "protocol";
}

/** `"tools/call \"x\": "`, for the start of an error message. */
export function describeContext(context: ErrorContext): string {
  if (context.method === undefined)
    return context.target === undefined ? "" : `${context.target}: `;
  return context.target === undefined
    ? `${context.method}: `
    : `${context.method} ${JSON.stringify(context.target)}: `;
}

/** Shorthand for a local error of the given kind with context. */
export function localError(
  kind: McpErrorKind,
  message: string,
  context: ErrorContext = {},
  cause?: unknown,
): McpError {
  return new McpError({
    ...context,
    kind,
    message: `${describeContext(context)}${message}`,
    cause,
  });
}
