/**
 * The runtime's single error type. Every failure a caller can see is an `McpError` whose `kind`
 * says what went wrong; errors a server sent keep its `code`, message and `data` untouched.
 * A tool result with `isError: true` is a result, never an `McpError`.
 */
import { ErrorCode } from "./protocol.js";
import type { JsonRpcErrorObject } from "./jsonrpc.js";
import type { CancelledTask } from "./task-types.js";
import type { CallToolResult, InputRequiredResult } from "./types.js";
import type {
  ContractChangedData,
  DeniedErrorData,
  HookErrorData,
  HttpAuthErrorData,
  HttpStatusErrorData,
  NotFoundErrorData,
} from "./error-data.js";

/**
 * What went wrong:
 * - `jsonrpc`: the peer says our message was not valid JSON-RPC (-32700, -32600).
 * - `protocol`: the server rejected the request (-32601, -32602, -32020…-32022, other codes), or
 *   answered with something the protocol does not allow (a result that is not an object, a
 *   `null` content block, an unknown `resultType`, a looping cursor).
 * - `execution`: the server failed while handling it (-32603).
 * - `transport`: the connection failed: closed, unreachable, died, sent junk, HTTP status errors,
 *   an in-process handler that threw.
 * - `timeout`: no answer within the request's timeout.
 * - `cancelled`: the caller aborted the request.
 * - `input`: the caller's own input was rejected locally (bad arguments, bad options, an answer
 *   to an input request that does not match what the server asked for). Never the server asking
 *   for input: that is `input_required`.
 * - `input_required`: the server needs input the client could not give (no handler for an input
 *   request, a handler that failed, too many rounds); `data` is the last `InputRequiredResult`.
 * - `auth`: the server requires authorization (HTTP 401/403), or a step of the OAuth flow failed.
 * - `validation`: the server's answer does not match the schema it declared.
 * - `not_found`: the tool is hidden by the client's own selection (`ConnectOptions.tools`);
 *   nothing was sent.
 * - `denied`: the client's policy (`ConnectOptions.policy`) or its approver refused the call;
 *   nothing was sent.
 * - `hook`: a hook (`ConnectOptions.hooks`) refused the request or threw.
 * - `contract_changed`: the client is pinned (`ConnectOptions.pin`) and the server's live
 *   definition of the tool differs from the pinned one (description, title, schemas,
 *   annotations), or the server no longer lists it; nothing was sent.
 * - `closed`: the client was closed (`client.close()`, or it gave up restarting a server that kept
 *   exiting); `client.reconnect()` connects again.
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
  | "validation"
  | "not_found"
  | "denied"
  | "hook"
  | "contract_changed"
  | "closed";

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

/** One problem found in a value checked against a schema (a zod issue, read structurally). */
export interface SchemaIssue {
  /** The zod issue code, e.g. `invalid_type`. */
  readonly code: string;
  /** Where in the value; empty for the root. */
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * `data` of a `transport` error. Which fields are set depends on what failed: an HTTP status
 * (`status`, `body`, `error`, `location`, as `HttpStatusErrorData`), a network failure (`code`,
 * `retryable`), a response over `maxResponseBytes` (`limit`), a `listen` subscription whose
 * unread notifications overflowed its buffer (`overflow`, `bufferSize`), a stdio server that
 * died (`stderr`). Other stdio and in-process transport errors carry none.
 */
export interface TransportErrorData extends Partial<HttpStatusErrorData> {
  /** The system or undici error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, …). */
  code?: string;
  /**
   * The connection was lost after the request may have left, or a response stream ended before
   * the answer: re-issuing the request (with a new id) may succeed, though the server may have
   * acted on the first one.
   */
  retryable?: boolean;
  /**
   * Initialize-era Streamable HTTP: the server no longer knows the session (404 to a request
   * that carried `Mcp-Session-Id`). The client starts a new session once and sends again.
   */
  sessionExpired?: boolean;
  /** The `maxResponseBytes` the response exceeded. */
  limit?: number;
  /** A `listen` subscription was closed because its unread notifications filled the buffer. */
  overflow?: boolean;
  /** The buffer size that overflowed. */
  bufferSize?: number;
  /** A stdio server that died: the last few KiB it wrote to stderr, as written. */
  stderr?: string;
}

/**
 * `data` of a `timeout` error met while authorizing: the request's deadline passed while an
 * OAuth step waited on an authorization server (or the MCP server's metadata), not on the MCP
 * server itself.
 */
export interface TimeoutErrorData {
  /**
   * What did not answer, URL masked: `the protected resource metadata at https://…`, `the
   * authorization server metadata at …`, `the registration endpoint …`, `the token endpoint …`,
   * `the identity provider's token endpoint …`.
   */
  authorization: string;
  /** The deadline it did not answer within, in milliseconds, when the request had one. */
  timeout?: number;
}

/**
 * `data` of a `timeout` error that ended `connect`: one deadline (connect's `timeout`) covers
 * the `server/discover` probe, the `initialize` handshake and a restarted process, and it passed.
 */
export interface ConnectTimeoutData {
  /** The deadline that passed, in milliseconds (connect's `timeout`). */
  readonly connectTimeout: number;
  /** How long connecting went on before it gave up, in milliseconds (measured, not assumed). */
  readonly elapsed: number;
  /** The requests that went unanswered, in the order they were sent (`server/discover`, `initialize`). */
  readonly unanswered: readonly string[];
}

/** `data` of a `timeout` error from a wait on a task (`awaitTask`, `task: "await"`). */
export interface TaskTimeoutData {
  /** The task waited on: `awaitTask(taskId)` resumes the wait if it was left running. */
  readonly taskId: string;
}

/** `data` of a `validation` error: what failed and the whole result, for a caller to inspect. */
export interface ValidationErrorData {
  readonly issues: readonly SchemaIssue[];
  /** The tool result whose `structuredContent` failed the output schema. */
  readonly result: CallToolResult;
}

/**
 * The type of `McpError.data` for each kind, so a `switch (error.kind)` on an `AnyMcpError`
 * knows the data in every branch.
 *
 * - `jsonrpc`, `execution`: the server's `error.data`, untouched (any JSON value, or absent).
 * - `protocol`: the server's `error.data` when `code` is set; for a result the client refused,
 *   the offending result; for a version mismatch `{ supported, requested }`; for a list over
 *   `maxBytes`, `{ maxBytes }`. A server may send anything, so it is `unknown`.
 * - `transport`: `TransportErrorData`, or undefined.
 * - `timeout`: `TimeoutErrorData` when an OAuth step did not answer in time (what did not
 *   answer); `TaskTimeoutData` for a wait on a task that ran out of time (the task's id, to
 *   resume it with `awaitTask`); `ConnectTimeoutData` when connecting ran out of time (how long
 *   it took, what went unanswered); else none (the abort reason, if any, is the `cause`).
 * - `cancelled`: the task, when the server cancelled a task the client awaited; else none.
 * - `input`: the schema issues when arguments failed the tool's input schema, else undefined.
 * - `input_required`: the last `InputRequiredResult` the server sent.
 * - `auth`: the HTTP status and the `WWW-Authenticate` Bearer parameters.
 * - `validation`: the issues and the result, or undefined when validation itself threw.
 * - `not_found`: the hidden tool's name.
 * - `denied`: the tool, the principal, the rule that decided and why the call was refused.
 * - `hook`: which hook, and the reason it gave when it refused (a hook that threw is the `cause`).
 * - `contract_changed`: the tool, which fields changed (or `removed`), and the digests of the
 *   pinned and the live definition.
 */
export interface McpErrorDataByKind {
  jsonrpc: unknown;
  protocol: unknown;
  execution: unknown;
  transport: TransportErrorData | undefined;
  timeout: TimeoutErrorData | TaskTimeoutData | ConnectTimeoutData | undefined;
  cancelled: CancelledTask | undefined;
  input: readonly SchemaIssue[] | undefined;
  input_required: InputRequiredResult;
  auth: HttpAuthErrorData;
  validation: ValidationErrorData | undefined;
  not_found: NotFoundErrorData;
  denied: DeniedErrorData;
  hook: HookErrorData;
  contract_changed: ContractChangedData;

  closed: undefined;
}

/** The kinds whose errors are JSON-RPC errors a server sent (see `kindForCode`). */
export type ServerErrorKind = "jsonrpc" | "protocol" | "execution";

/** What `new McpError(…)` takes; `data` is required for the kinds that always carry it. */
export type McpErrorOptions<K extends McpErrorKind = McpErrorKind> = ErrorContext & {
  kind: K;
  message: string;
  code?: number | undefined;
  cause?: unknown;
} & (undefined extends McpErrorDataByKind[K]
    ? { data?: McpErrorDataByKind[K] }
    : { data: McpErrorDataByKind[K] });

// A registry symbol, so two copies of this module (duplicate installs, vendored runtimes)
// recognise each other's errors.
const BRAND = Symbol.for("mcp-codegen.McpError");

/**
 * The runtime's error. `McpError<K>` is an error of kind `K`; a plain `McpError` is one of any
 * kind. To switch on `kind` with typed `data` in each branch, narrow with `isMcpError`, which
 * gives an `AnyMcpError` (the union of `McpError<K>` over every kind).
 */
export class McpError<K extends McpErrorKind = McpErrorKind> extends Error {
  override readonly name = "McpError";
  readonly kind: K;
  /** The JSON-RPC error code the server sent; absent for local errors. */
  readonly code: number | undefined;
  /** The name of a well-known code (`UnsupportedProtocolVersion`, …). */
  readonly codeName: string | undefined;
  /** The server's `error.data`, untouched; for local errors, see `McpErrorDataByKind`. */
  readonly data: McpErrorDataByKind[K];
  /** The server's `error.message`, untouched (the `message` property adds context). */
  readonly serverMessage: string | undefined;
  readonly method: string | undefined;
  readonly target: string | undefined;

  constructor(options: McpErrorOptions<K>) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.code = options.code;
    this.codeName = options.code === undefined ? undefined : CODE_NAMES.get(options.code);
    // Absent `data` is only allowed for kinds whose data may be undefined (`McpErrorOptions`).
    this.data = (options as { data?: unknown }).data as McpErrorDataByKind[K];
    this.serverMessage = undefined;
    this.method = options.method;
    this.target = options.target;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Builds the error for a JSON-RPC error object a server sent in answer to a request. */
  static fromResponse(
    error: JsonRpcErrorObject,
    context: ErrorContext = {},
  ): McpError<ServerErrorKind> {
    const kind = kindForCode(error.code);
    const codeName = CODE_NAMES.get(error.code);
    const label = codeName === undefined ? `error ${error.code}` : `${codeName} (${error.code})`;
    const result = new McpError<ServerErrorKind>({
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

/**
 * An `McpError` of some kind, as a union discriminated by `kind`: in `switch (error.kind)` each
 * branch knows its `data` (`McpErrorDataByKind`), and a `never` default checks that every kind
 * is handled.
 */
export type AnyMcpError = { [K in McpErrorKind]: McpError<K> }[McpErrorKind];

/**
 * True for an `McpError` from any copy of this runtime (a second copy's class fails
 * `instanceof`, its brand does not). Narrows to `AnyMcpError`, so `kind` discriminates `data`.
 */
export function isMcpError(value: unknown): value is AnyMcpError {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[BRAND] === true
  );
}

/** Maps a server's error code to a kind, as the reference clients do. */
export function kindForCode(code: number): ServerErrorKind {
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

/** The kinds a local error may have without `data`. */
export type DatalessKind = {
  [K in McpErrorKind]: undefined extends McpErrorDataByKind[K] ? K : never;
}[McpErrorKind];

/** Shorthand for a local error of the given kind with context, and no `data`. */
export function localError<K extends DatalessKind>(
  kind: K,
  message: string,
  context: ErrorContext = {},
  cause?: unknown,
): McpError<K> {
  // A dataless kind takes no `data`; TypeScript cannot see that through the generic `K`.
  const options = {
    ...context,
    kind,
    message: `${describeContext(context)}${message}`,
    cause,
  } as McpErrorOptions<K>;
  return new McpError<K>(options);
}
