/**
 * Everything generated code may import from `mcp-codegen/runtime`, in one place, versioned by
 * `GENERATED_API_VERSION` (named in every generated file's header).
 * `z` is re-exported so generated validators resolve zod through this one dependency, which a
 * strict package manager requires.
 */
export { z } from "zod";
export { connect } from "./client/connect.js";
export type { ConnectOptions, ConnectTarget } from "./client/connect.js";
export type { McpClient } from "./client/client.js";
export type { RequestOptions } from "./protocol/request-options.js";
export type {
  CallToolResult,
  GetPromptResult,
  InputRequiredResult,
  ReadResourceResult,
} from "./protocol/types.js";
export type { CallOptions } from "./input/round-trip.js";
export type { MaybeInputRequired } from "./input/input-types.js";
export type { CreateTaskResult } from "./tasks/tasks.js";
export { defineTool, toolFunction } from "./generated/tool-binding.js";
export { linearPattern, outsidePatterns } from "./generated/linear-pattern.js";
export { describeTools } from "./generated/model-tool.js";
export type {
  DescribableTool,
  ModelTool,
  ModelToolOf,
  ModelTools,
} from "./generated/model-tool.js";
export type {
  ToolBinding,
  ToolFailure,
  ToolResult,
  ToolSuccess,
} from "./generated/tool-binding.js";
export type {
  ToolAwaitTaskModelOptions,
  ToolAwaitTaskOptions,
  ToolCallOptions,
  ToolModelOptions,
  ToolReturnTaskOptions,
} from "./generated/tool-call-options.js";
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
} from "./generated/tool-call-forms.js";
export { definePrompt } from "./generated/prompt-binding.js";
export type { PromptBinding } from "./generated/prompt-binding.js";
export { defineResource, defineResourceTemplate } from "./generated/resource-binding.js";
export type { ResourceBinding, ResourceTemplateBinding } from "./generated/resource-binding.js";

export type { UriTemplateValue } from "./generated/uri-template.js";
export type { GeneratedSchema, GeneratedZod } from "./generated/generated-zod.js";
export { bindClient } from "./generated/bind-client.js";
export type { WithoutClient } from "./generated/bind-client.js";

// The generated mock module (mock.ts), which only tests import.
export { createMockClient } from "./testing/mock-client.js";
export type { MockClient, MockClientOptions } from "./testing/mock-client.js";
export type { MockHandlers } from "./testing/mock-types.js";

export { GENERATED_API_VERSION } from "./protocol/version.js";
