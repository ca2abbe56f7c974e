/**
 * Everything generated code may import from `mcp-codegen/runtime`, in one place, versioned by
 * `GENERATED_API_VERSION` (named in every generated file's header).
 * Generated validators need no zod: `defineTool` builds them with the runtime's validator kit.
 */
export { connect } from "./client/index.js";
export type { ConnectOptions, ConnectTarget } from "./client/index.js";
export type { McpClient } from "./client/index.js";
export type { RequestOptions } from "./protocol/index.js";
export type {
  CallToolResult,
  GetPromptResult,
  InputRequiredResult,
  ReadResourceResult,
} from "./protocol/index.js";
export type { CallOptions } from "./input/index.js";
export type { MaybeInputRequired } from "./input/index.js";
export type { CreateTaskResult } from "./tasks/index.js";
export type { Skill } from "./skills/index.js";
export { defineTool, toolFunction } from "./generated/index.js";
export { linearPattern, outsidePatterns } from "./generated/index.js";
export { describeTools } from "./generated/index.js";
export type { DescribableTool, ModelTool, ModelToolOf, ModelTools } from "./generated/index.js";
export type { ToolBinding, ToolFailure, ToolResult, ToolSuccess } from "./generated/index.js";
export type { ToolSpec, ToolValidators, Validator } from "./generated/index.js";
export type {
  ToolAwaitTaskModelOptions,
  ToolAwaitTaskOptions,
  ToolCallOptions,
  ToolModelOptions,
  ToolReturnTaskOptions,
} from "./generated/index.js";
export type {
  AnyToolFunction,
  AnyToolMethod,
  OptionalInputTaskToolFunction,
  OptionalInputTaskToolMethod,
  OptionalInputToolFunction,
  OptionalInputToolMethod,
  TaskToolFunction,
  TaskToolMethod,
  ToolForm,
  ToolFunction,
  ToolFunctions,
  ToolMethod,
  ToolMethods,
} from "./generated/index.js";
export { definePrompt } from "./generated/index.js";
export type { PromptBinding } from "./generated/index.js";
export { defineResource, defineResourceTemplate } from "./generated/index.js";
export type { ResourceBinding, ResourceTemplateBinding } from "./generated/index.js";

export type { UriTemplateValue } from "./generated/index.js";
export type { GeneratedSchema, GeneratedZod } from "./generated/index.js";
export { bindClient } from "./generated/index.js";
export type { WithoutClient } from "./generated/index.js";

// The generated mock module (mock.ts), which only tests import.
export { createMockClient } from "./testing/index.js";
export type { MockClient, MockClientOptions } from "./testing/index.js";
export type { MockHandlers } from "./testing/index.js";

export { GENERATED_API_VERSION } from "./protocol/index.js";
