/**
 * `@mcp-codegen/runtime`: a complete MCP client, and everything generated code imports. This is the
 * platform-neutral build (browsers, Workers, and the `default` condition); Node, Bun and Deno load
 * node/index.ts or node/bun-deno.ts, which export the same API with their transports installed.
 * The exported names are the runtime's public API; generated code uses only what
 * `generated-api.ts` lists.
 *
 * @module @mcp-codegen/runtime
 */
export { connect } from "./client/index.js";
export type {
  ConnectOptions,
  ConnectTarget,
  HttpTarget,
  InProcessTarget,
  PrestartedServer,
  StdioTarget,
} from "./client/index.js";
export { McpClient, LIST_METHODS } from "./client/index.js";
export type { ListMethod, ListOptions, PageOptions } from "./client/index.js";
export type { ServerDescription } from "./eras/index.js";
export type { ConnectionState, ConnectionStatus, StatusListener } from "./client/index.js";
export type { RestartOptions } from "./client/index.js";
export type { EraVerdict, ProtocolEra } from "./protocol/index.js";
export { DEFAULT_PROBE_TIMEOUT_MS } from "./eras/index.js";
export { McpError, isMcpError } from "./protocol/index.js";
export type {
  AnyMcpError,
  ErrorContext,
  McpErrorDataByKind,
  McpErrorKind,
  McpErrorOptions,
  SchemaIssue,
  ServerErrorKind,
  TimeoutErrorData,
  ConnectTimeoutData,
  TransportErrorData,
  TaskTimeoutData,
  ValidationErrorData,
} from "./protocol/index.js";
export { askBeforeUnsafeTools, createPolicy, ToolPolicy } from "./governance/index.js";
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
} from "./governance/index.js";
export type { NotFoundErrorData, ToolSelection } from "./governance/index.js";
export type { NamePattern } from "./governance/index.js";
export type {
  ClientHooks,
  HookErrorData,
  HookName,
  HookVerdict,
  PromptGetRequest,
  ResourceReadRequest,
  ToolCallRequest,
} from "./governance/index.js";
export type { GovernanceOptions, GovernedCallOptions } from "./governance/index.js";
export { PINNED_FIELDS } from "./calls/index.js";
export type { ContractChangedData, PinnedField, PinOptions } from "./calls/index.js";
export {
  LoadedSkill,
  SKILL_LIMITS,
  SKILLS_EXTENSION,
  SkillsClient,
  skillKey,
} from "./skills/index.js";
export type {
  LoadSkillOptions,
  Skill,
  SkillFile,
  SkillFrontmatter,
  SkillMismatchData,
  SkillMismatchKind,
  SkillResource,
} from "./skills/index.js";
export { MODEL_TEXT_LIMIT, shapeForModel } from "./governance/index.js";
export type { ModelShapeOptions } from "./governance/index.js";
export { createInProcessTransport } from "./transports/index.js";
export type { InProcessContext, InProcessHandler } from "./transports/index.js";
export type { ListAllOptions, Page } from "./session/index.js";
export type {
  ElicitationHandler,
  InputContext,
  InputHandlers,
  RootsHandler,
  SamplingHandler,
  UrlElicitationHandler,
} from "./input/index.js";
export type * from "./input/index.js";
export { DEFAULT_MAX_ROUNDS } from "./input/index.js";
export {
  CLIENT_NEEDS,
  declaredNeeds,
  declaresNeed,
  handlerFor,
  needAdvice,
  needsNamedBy,
  withoutNeeds,
} from "./input/index.js";
export type { CallOptions, RoundTripOptions } from "./input/index.js";
export type { RequestOptions } from "./protocol/index.js";
export {
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  MIN_TASK_POLL_INTERVAL_MS,
  TASKS_EXTENSION,
  isCreateTaskResult,
} from "./tasks/index.js";
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
} from "./tasks/index.js";
export type { TraceContext } from "./protocol/index.js";
export { DEFAULT_MAX_CACHE_ENTRIES } from "./session/index.js";
export { MAX_JSON_DEPTH } from "./basics/index.js";
export type { CacheMode, ResultCacheOptions } from "./session/index.js";
export { DEFAULT_LISTEN_BUFFER } from "./listen/index.js";
export type { ListenOptions, Subscription, SubscriptionFilter } from "./listen/index.js";
export type { RequestExchange, Transport, TransportDiagnostic } from "./transports/index.js";
export type * from "./protocol/index.js";
export type * from "./protocol/index.js";
export {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from "./protocol/index.js";
export { RUNTIME_VERSION } from "./protocol/index.js";
// Everything generated code may import (bindings, bindClient, types).
export * from "./generated-api.js";
// The test kit: a mock server built from generated bindings (createMockClient is in generated-api).
export { createMockServer } from "./testing/index.js";
export type { MockServer, MockServerOptions } from "./testing/index.js";
export type * from "./testing/index.js";
export {
  DESCRIPTION_MAX_BYTES,
  INSTRUCTIONS_MAX_BYTES,
  TITLE_MAX_BYTES,
  instructionsForModel,
  textForModel,
  toolHintsForModel,
} from "./ai/index.js";
export type { ModelTextOptions, ToolHints } from "./ai/index.js";
export { MODEL_TOOL_NAME, toolNamesForModel } from "./ai/index.js";
export { compileUriTemplate, expandUriTemplate } from "./generated/index.js";
// Browser builds load the pattern engine on first use; an app validating before any call awaits it.
export { loadLinearEngine } from "./generated/index.js";
export type { UriTemplate } from "./generated/index.js";
export { createFetchHttpSseTransport, createFetchHttpTransport } from "./transports/index.js";
export type {
  FetchFunction,
  FetchHttpSseTransportOptions,
  FetchHttpTransportOptions,
} from "./transports/index.js";
export type { HttpAuthErrorData, HttpStatusErrorData } from "./http/index.js";
export type { HttpCredentials } from "./auth/index.js";
export { memoryTokenStore } from "./auth/index.js";
export type { TokenStore } from "./auth/index.js";
export type { AuthorizationRedirect } from "./auth/index.js";
export type {
  OAuthClientCredentials,
  OAuthEnterpriseManaged,
  OAuthOptions,
  OAuthPreRegisteredClient,
  OAuthWorkloadIdentity,
  SigningKey,
} from "./auth/index.js";
