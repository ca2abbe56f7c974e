/**
 * `describeTools`: what a generated `all-tools.ts` builds, the server's tools as an LLM
 * application hands them to a model: name, text made fit for a model, input JSON Schema, the
 * boolean hints, the validator of the input (Standard Schema v1), and the typed call. The generated file only
 * names each tool's binding once; everything else is here, so the file costs the compiler little
 * whatever the number of tools. Nothing is parsed or built until it is read.
 */
import type { McpClient } from "../client/index.js";
import { TITLE_MAX_BYTES, textForModel, toolHintsForModel, type ToolHints } from "../ai/index.js";
import type { Validator } from "./kit-schema.js";
import type { ToolBinding, ToolSpec, ToolValidators } from "./tool-binding.js";
import type { ToolForm } from "./tool-call-forms.js";
import type { ToolCallOptions } from "./tool-call-options.js";
import type { Tool } from "../protocol/index.js";

/** One tool, described for a model and callable from a model's tool call. */
export interface ModelTool<Name extends string = string, Input = unknown, Result = unknown> {
  /** The MCP name, as the server declared it: what `tools/call` sends. */
  readonly name: string;
  /** The generated function's name, also the typed client's member (`getWeather`). */
  readonly functionName: Name;
  /** The title for a model (`textForModel`, one line); `undefined` when the server gave none. */
  readonly title: string | undefined;
  /** The description for a model (`textForModel`), `""` when the server gave none. */
  readonly description: string;
  /**
   * The input JSON Schema exactly as the server declared it. Its own `description`s are server
   * text too, passed on untouched.
   */
  readonly inputSchema: Tool["inputSchema"];
  /** The annotations reduced to the boolean hints (`toolHintsForModel`): claims, not facts. */
  readonly annotations: ToolHints;
  /** The definition as the server declared it, untouched: for display and logs, not a model. */
  readonly definition: Tool;
  /**
   * The input's validator (the generated one, built on first use): `safeParse`, and Standard
   * Schema v1 whose `~standard.jsonSchema` is `inputSchema`, so AI SDK 6's
   * `tool({ inputSchema })` takes it as it is. A real zod schema: `zodInputSchema(tool)` from
   * `@mcp-codegen/runtime/zod`.
   */
  inputValidator(): Validator;
  /**
   * The same validator as `inputValidator()`.
   * @deprecated Use `inputValidator()`; it is no longer a zod schema (see `zodInputSchema` of
   * `@mcp-codegen/runtime/zod` for one).
   */
  inputZodSchema(): Validator;
  /** What the generator wrote for this tool (for `@mcp-codegen/runtime/zod`); absent for a hand-made entry. */
  readonly spec: ToolSpec | undefined;
  /** Calls the tool; the input is typed, and sent as given. */
  call(client: McpClient, input: Input, options?: ToolCallOptions): Promise<Result>;
  /**
   * Calls the tool with arguments a model wrote: checked against the input schema first, so
   * arguments that do not match fail with an `McpError` of kind `input` before anything is sent
   * (hand its message back to the model to correct them).
   */
  callWithArguments(client: McpClient, args: unknown, options?: ToolCallOptions): Promise<Result>;
}

/** What `describeTools` reads off a generated binding. */
export interface DescribableTool {
  readonly definition: Tool;
  validators(): ToolValidators;
  readonly call: unknown;
  /** The generated spec (every generated binding has it). */
  readonly spec?: ToolSpec;
}

/** The `ModelTool` of a generated binding: its input and result types, its function's name. */
export type ModelToolOf<Name extends string, Binding> =
  Binding extends ToolBinding<infer Input, infer Result, infer _Form extends ToolForm>
    ? ModelTool<Name, Input, Result>
    : ModelTool<Name>;

/** Every tool of `bindings`, one `ModelTool` each, in the order given. */
export type ModelTools<Bindings extends Readonly<Record<string, DescribableTool>>> = ReadonlyArray<
  { [Name in keyof Bindings & string]: ModelToolOf<Name, Bindings[Name]> }[keyof Bindings & string]
>;

/** The call every form of a generated tool has: input, then options without a task mode. */
type PlainCall = (client: McpClient, input: unknown, options?: ToolCallOptions) => Promise<unknown>;

/**
 * The tools of `bindings` (keyed by their generated function's name) for a model. Each entry
 * reads its binding's definition on first use, and keeps what it made of it.
 */
export function describeTools<const Bindings extends Readonly<Record<string, DescribableTool>>>(
  bindings: Bindings,
): ModelTools<Bindings> {
  return Object.entries(bindings).map(([functionName, binding]) =>
    describeTool(functionName, binding),
  ) as unknown as ModelTools<Bindings>;
}

function describeTool(functionName: string, binding: DescribableTool): ModelTool {
  // Every form's call takes (client, input, options); a tool that must run as a task is awaited.
  const call = binding.call as PlainCall;
  let text: { title: string | undefined; description: string } | undefined;
  const forModel = () => {
    if (text !== undefined) return text;
    const { title, annotations, description } = binding.definition;
    const shown = title ?? annotations?.title;
    text = {
      title:
        typeof shown === "string"
          ? textForModel(shown, { singleLine: true, maxBytes: TITLE_MAX_BYTES }) || undefined
          : undefined,
      description: typeof description === "string" ? textForModel(description) : "",
    };
    return text;
  };
  return {
    get name() {
      return binding.definition.name;
    },
    functionName,
    get title() {
      return forModel().title;
    },
    get description() {
      return forModel().description;
    },
    get inputSchema() {
      return binding.definition.inputSchema;
    },
    get annotations() {
      return toolHintsForModel(binding.definition.annotations);
    },
    get definition() {
      return binding.definition;
    },
    inputValidator: () => binding.validators().input,
    inputZodSchema: () => binding.validators().input,
    spec: binding.spec,
    call: (client, input, options) => call(client, input, options),
    callWithArguments: (client, args, options) =>
      call(client, args, { ...options, validateInput: true }),
  };
}
