/**
 * Governing a client's tool calls: selection, hooks, policy, input checks, `shape: "model"`,
 * and the pipeline every governed call takes.
 */
export type {
  ClientHooks,
  HookErrorData,
  HookName,
  HookVerdict,
  PromptGetRequest,
  ResourceReadRequest,
  ToolCallRequest,
} from "./hooks.js";
export { INPUT_CHECK } from "./input-check.js";
export { MODEL_TEXT_LIMIT, checkShape, shapeForModel } from "./model-shape.js";
export type { ModelShapeOptions } from "./model-shape.js";
export type { NamePattern } from "./name-pattern.js";
export { Governance, runToolCall } from "./pipeline.js";
export type { GovernanceOptions, GovernedCallOptions, PipelineCallOptions } from "./pipeline.js";
export { ToolPolicy, askBeforeUnsafeTools, createPolicy } from "./policy.js";
export type {
  AnnotationCondition,
  ApprovalAnswer,
  ApprovalRequest,
  Approver,
  DeniedErrorData,
  Grant,
  PolicyDecision,
  PolicyOptions,
  PolicyRule,
  PolicyVerdict,
  UnsafeToolsOptions,
} from "./policy.js";
export { pinnedRawRequestRefusal, rawRequestRefusal } from "./raw-request.js";
export type { NotFoundErrorData, ToolSelection } from "./selection.js";
