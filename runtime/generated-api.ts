/**
 * Everything generated code may import from `mcp-codegen/runtime`, in one place, versioned by
 * `GENERATED_API_VERSION` (named in every generated file's header).
 * `z` is re-exported so generated validators resolve zod through this one dependency, which a
 * strict package manager requires.
 */
export { z } from "zod";
export { connect } from "./connect.js";
export type { ConnectOptions, ConnectTarget } from "./connect.js";
export type { McpClient } from "./client.js";
export type { RequestOptions } from "./request-options.js";
export type {
  CallToolResult,
  GetPromptResult,
  InputRequiredResult,
  ReadResourceResult,
} from "./types.js";
export type { CallOptions } from "./round-trip.js";
export type { MaybeInputRequired } from "./input-types.js";
export type { CreateTaskResult } from "./tasks.js";
export { defineTool, toolFunction } from "./tool-binding.js";
export { linearPattern, outsidePatterns } from "./linear-pattern.js";
export { describeTools } from "./model-tool.js";
export type { DescribableTool, ModelTool, ModelToolOf, ModelTools } from "./model-tool.js";
export type { ToolBinding, ToolFailure, ToolResult, ToolSuccess } from "./tool-binding.js";
export type {
  ToolAwaitTaskModelOptions,
  ToolAwaitTaskOptions,
  ToolCallOptions,
  ToolModelOptions,
  ToolReturnTaskOptions,
} from "./tool-call-options.js";
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
} from "./tool-call-forms.js";
export { definePrompt } from "./prompt-binding.js";
export type { PromptBinding } from "./prompt-binding.js";
export { defineResource, defineResourceTemplate } from "./resource-binding.js";
export type { ResourceBinding, ResourceTemplateBinding } from "./resource-binding.js";

export type { UriTemplateValue } from "./uri-template.js";
export type { GeneratedSchema, GeneratedZod } from "./generated-zod.js";
export { bindClient } from "./bind-client.js";
export type { WithoutClient } from "./bind-client.js";

// The generated mock module (mock.ts), which only tests import.
export { createMockClient } from "./mock-client.js";
export type { MockClient, MockClientOptions } from "./mock-client.js";
export type { MockHandlers } from "./mock-types.js";

export { GENERATED_API_VERSION } from "./version.js";
