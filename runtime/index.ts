/**
 * `@mcp-codegen/runtime`: a complete MCP client, and everything generated code imports. This is the
 * platform-neutral build (browsers, Workers, and the `default` condition); Node, Bun and Deno load
 * node/index.ts or node/bun-deno.ts, which export the same API with their transports installed.
 * The exported names are the runtime's public API; generated code uses only what
 * `generated-api.ts` lists.
 */
export { connect } from "./client/connect.js";
export type {
  ConnectOptions,
  ConnectTarget,
  HttpTarget,
  InProcessTarget,
  StdioTarget,
} from "./client/connect.js";
export { McpClient, LIST_METHODS } from "./client/client.js";
export type { ListMethod, ListOptions, PageOptions } from "./client/client.js";
export type { ServerDescription } from "./eras/server-description.js";
export type {
  ConnectionState,
  ConnectionStatus,
  StatusListener,
} from "./client/connection-status.js";
export type { RestartOptions } from "./client/restart-policy.js";
export type { EraVerdict, ProtocolEra } from "./protocol/era.js";
export { DEFAULT_PROBE_TIMEOUT_MS } from "./eras/establish-era.js";
export { McpError, isMcpError } from "./protocol/errors.js";
export type {
  AnyMcpError,
  ErrorContext,
  McpErrorDataByKind,
  McpErrorKind,
  McpErrorOptions,
  SchemaIssue,
  ServerErrorKind,
  TimeoutErrorData,
  TransportErrorData,
  TaskTimeoutData,
  ValidationErrorData,
} from "./protocol/errors.js";
export { askBeforeUnsafeTools, createPolicy, ToolPolicy } from "./governance/policy.js";
export type {
  AnnotationCondition,
  ApprovalAnswer,
  ApprovalRequest,
  Approver,
  DeniedErrorData,
  Grant,
  PolicyDecision,
  PolicyOptions,
  UnsafeToolsOptions,
  PolicyRule,
  PolicyVerdict,
} from "./governance/policy.js";
export type { NotFoundErrorData, ToolSelection } from "./governance/selection.js";
export type { NamePattern } from "./governance/name-pattern.js";
export type {
  ClientHooks,
  HookErrorData,
  HookName,
  HookVerdict,
  PromptGetRequest,
  ResourceReadRequest,
  ToolCallRequest,
} from "./governance/hooks.js";
export type { GovernanceOptions, GovernedCallOptions } from "./governance/pipeline.js";
export { PINNED_FIELDS } from "./calls/contract-pin.js";
export type { ContractChangedData, PinnedField, PinOptions } from "./calls/contract-pin.js";
export { MODEL_TEXT_LIMIT, shapeForModel } from "./governance/model-shape.js";
export type { ModelShapeOptions } from "./governance/model-shape.js";
export { createInProcessTransport } from "./transports/in-process.js";
export type { InProcessContext, InProcessHandler } from "./transports/in-process.js";
export type { ListAllOptions, Page } from "./session/pagination.js";
export type {
  ElicitationHandler,
  InputContext,
  InputHandlers,
  RootsHandler,
  SamplingHandler,
  UrlElicitationHandler,
} from "./input/input-handlers.js";
export type * from "./input/input-types.js";
export { DEFAULT_MAX_ROUNDS } from "./input/round-trip.js";
export type { CallOptions, RoundTripOptions } from "./input/round-trip.js";
export type { RequestOptions } from "./protocol/request-options.js";
export {
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  MIN_TASK_POLL_INTERVAL_MS,
  TASKS_EXTENSION,
  isCreateTaskResult,
} from "./tasks/tasks.js";
export type {
  AwaitTaskOptions,
  CallToolOptions,
  CancelledTask,
  CompletedTask,
  CreateTaskResult,
  DetailedTask,
  FailedTask,
  GetTaskResult,
  InputRequiredTask,
  Task,
  TaskCallOptions,
  TaskMode,
  TaskStatus,
  WorkingTask,
} from "./tasks/tasks.js";
export type { TraceContext } from "./protocol/trace-context.js";
export { DEFAULT_MAX_CACHE_ENTRIES } from "./session/result-cache.js";
export { MAX_JSON_DEPTH } from "./basics/json-depth.js";
export type { CacheMode, ResultCacheOptions } from "./session/result-cache.js";
export { DEFAULT_LISTEN_BUFFER } from "./listen/listen.js";
export type { ListenOptions, Subscription, SubscriptionFilter } from "./listen/listen.js";
export type { RequestExchange, Transport, TransportDiagnostic } from "./transports/transport.js";
export type * from "./protocol/jsonrpc.js";
export type * from "./protocol/types.js";
export {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from "./protocol/protocol.js";
export { RUNTIME_VERSION } from "./protocol/version.js";
// Everything generated code may import (bindings, zod, bindClient, types).
export * from "./generated-api.js";
// The test kit: a mock server built from generated bindings (createMockClient is in generated-api).
export { createMockServer } from "./testing/mock-server.js";
export type { MockServer, MockServerOptions } from "./testing/mock-server.js";
export type * from "./testing/mock-types.js";
export {
  DESCRIPTION_MAX_BYTES,
  INSTRUCTIONS_MAX_BYTES,
  TITLE_MAX_BYTES,
  instructionsForModel,
  textForModel,
  toolHintsForModel,
} from "./ai/model-text.js";
export type { ModelTextOptions, ToolHints } from "./ai/model-text.js";
export { MODEL_TOOL_NAME, toolNamesForModel } from "./ai/model-tool-names.js";
export { compileUriTemplate, expandUriTemplate } from "./generated/uri-template.js";
export type { UriTemplate } from "./generated/uri-template.js";
export {
  createFetchHttpSseTransport,
  createFetchHttpTransport,
} from "./transports/fetch-transport.js";
export type {
  FetchFunction,
  FetchHttpSseTransportOptions,
  FetchHttpTransportOptions,
} from "./transports/fetch-transport.js";
export type { HttpAuthErrorData, HttpStatusErrorData } from "./http/http-status.js";
export type { HttpCredentials } from "./auth/http-credentials.js";
export { memoryTokenStore } from "./auth/token-store.js";
export type { TokenStore } from "./auth/token-store.js";
export type { AuthorizationRedirect } from "./auth/authorization-redirect.js";
export type {
  OAuthClientCredentials,
  OAuthEnterpriseManaged,
  OAuthOptions,
  OAuthPreRegisteredClient,
  OAuthWorkloadIdentity,
  SigningKey,
} from "./auth/oauth-options.js";
