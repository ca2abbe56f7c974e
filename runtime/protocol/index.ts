/**
 * The protocol's vocabulary: JSON-RPC messages, the MCP shapes, protocol constants and eras,
 * the one error type (`McpError`) with its data shapes, request options, trace context and what
 * passes between client and transport per request. Imports only basics/.
 */
export { PINNED_FIELDS, changedFields, contractDigest, fingerprintOf } from "./contract-digest.js";
export type { ContractFingerprint, PinnedField } from "./contract-digest.js";
export type { EraVerdict, ProtocolEra } from "./era.js";
export type {
  ContractChangedData,
  DeniedErrorData,
  HookErrorData,
  HookName,
  HttpAuthErrorData,
  HttpStatusErrorData,
  NotFoundErrorData,
} from "./error-data.js";
export { McpError, describeContext, isMcpError, localError } from "./errors.js";
export type {
  AnyMcpError,
  ErrorContext,
  McpErrorDataByKind,
  McpErrorKind,
  McpErrorOptions,
  SchemaIssue,
  ServerErrorKind,
  TaskTimeoutData,
  TimeoutErrorData,
  ConnectTimeoutData,
  TransportErrorData,
  ValidationErrorData,
} from "./errors.js";
export { encodeHeaderValue } from "./header-value.js";
export * from "./jsonrpc.js";
export {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  MODERN_PROTOCOL_VERSIONS,
} from "./protocol.js";
export type { AbortListener, RequestExchange, TransportDiagnostic } from "./request-exchange.js";
export { checkCallerMeta } from "./request-options.js";
export type {
  CacheMode,
  GovernedCallOptions,
  RequestExtras,
  RequestOptions,
} from "./request-options.js";
export { TASKS_EXTENSION } from "./task-types.js";
export type { CancelledTask, Task, TaskStatus } from "./task-types.js";
export { TRACE_CONTEXT_KEYS, checkTraceValue } from "./trace-context.js";
export type { TraceContext } from "./trace-context.js";
export * from "./types.js";
export { GENERATED_API_VERSION, RUNTIME_VERSION } from "./version.js";
