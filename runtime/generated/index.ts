/**
 * What generated code calls: tool, prompt and resource bindings, the call forms and options,
 * the zod facade and the validator kit that implements it, RE2 patterns, URI templates,
 * `describeTools`.
 */
export { bindClient } from "./bind-client.js";
export type { WithoutClient } from "./bind-client.js";
export type { GeneratedSchema, GeneratedZod } from "./generated-zod.js";
export { validatorKit } from "./validator-kit.js";
export type { KitSchema } from "./kit-schema.js";
export type { KitIssue } from "./kit-issue.js";
export type { KitParseResult, KitStandard, StandardResult, Validator } from "./kit-schema.js";
export { linearPattern, outsidePatterns } from "./linear-pattern.js";
export { loadLinearEngine, useLinearEngine } from "./linear-pattern.js";
export { describeTools } from "./model-tool.js";
export type { DescribableTool, ModelTool, ModelToolOf, ModelTools } from "./model-tool.js";
export { definePrompt } from "./prompt-binding.js";
export type { PromptBinding } from "./prompt-binding.js";
export { defineResource, defineResourceTemplate } from "./resource-binding.js";
export type { ResourceBinding, ResourceTemplateBinding } from "./resource-binding.js";
export { defineTool, toolFunction } from "./tool-binding.js";
export type {
  ToolBinding,
  ToolSpec,
  ToolFailure,
  ToolResult,
  ToolSuccess,
  ToolValidators,
} from "./tool-binding.js";
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
export type {
  ToolAwaitTaskModelOptions,
  ToolAwaitTaskOptions,
  ToolCallOptions,
  ToolModelOptions,
  ToolReturnTaskOptions,
} from "./tool-call-options.js";
export { compileUriTemplate, expandUriTemplate } from "./uri-template.js";
export type { UriTemplate, UriTemplateValue } from "./uri-template.js";
