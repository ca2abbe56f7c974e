/**
 * The types of the mock server (mock-server.ts): what it serves (generated bindings, keyed by the
 * typed client's member names), the handlers a test writes for them, and what it records.
 * Handlers are typed by mapped types over the bindings, inferred from each binding's own type
 * arguments: a generated mock module declares no per-tool type, so it costs the compiler little
 * however many tools the server has.
 */
import type { PromptBinding } from "../generated/index.js";
import type { ToolBinding, ToolSuccess, ToolValidators } from "../generated/index.js";
import type { ToolForm } from "../generated/index.js";
import type {
  CallToolResult,
  GetPromptResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from "../protocol/index.js";

/** What the mock reads off a tool binding: its definition and validators. */
export interface MockableTool {
  readonly definition: Tool;
  validators(): ToolValidators;
}

/** A static resource (`definition.uri`) or a resource template (`definition.uriTemplate`). */
export type MockableResource =
  { readonly definition: Resource } | { readonly definition: ResourceTemplate };

/**
 * What a mock serves: generated bindings (`convertCurrencyTool`, `packingListPrompt`,
 * `aboutResource`, `cityGuideTemplate`) under the member names of the typed client.
 */
export interface MockDefinitions {
  readonly tools?: Readonly<Record<string, MockableTool>>;
  readonly prompts?: Readonly<
    Record<string, { readonly definition: PromptBinding<never>["definition"] }>
  >;
  readonly resources?: Readonly<Record<string, MockableResource>>;
}

/** What a handler may use besides its input. */
export interface MockCallContext {
  /** The name the server declared (`convert_currency`); the member name is the handler's key. */
  readonly name: string;
  /** Aborted when the client cancels the request or it times out. */
  readonly signal: AbortSignal;
}

/**
 * What a tool handler may return. For a tool with an output schema: the structured output alone
 * (the mock wraps it in a result, with its JSON as a text block as the spec recommends), or a
 * whole result, `{ content, structuredContent }` or `{ content, isError: true }`. For a tool
 * without one: a whole result, or a string, sent as one text block.
 */
export type MockToolReturn<Result> =
  Result extends ToolSuccess<infer Output>
    ? Output | Result
    : Result extends CallToolResult<unknown>
      ? Result | (Result extends { isError: true } ? never : string)
      : never;

/** A tool handler: the typed input in, the typed output (or a whole result) out. */
export type MockToolHandler<Input, Result> = (
  input: Input,
  context: MockCallContext,
) => MockToolReturn<Result> | Promise<MockToolReturn<Result>>;

/** A prompt handler: the prompt's arguments in, its messages out. */
export type MockPromptHandler<Arguments> = (
  args: Arguments,
  context: MockCallContext,
) => GetPromptResult | Promise<GetPromptResult>;

/**
 * A resource handler: the URI read in (for a template, the expanded URI), its contents out: a
 * whole result, or a string sent as one text content with the resource's URI and MIME type.
 */
export type MockResourceHandler = (
  uri: string,
  context: MockCallContext,
) => ReadResourceResult | string | Promise<ReadResourceResult | string>;

/** Input and result type of a tool binding, read off its own type arguments. */
type ToolHandlerOf<Binding> =
  Binding extends ToolBinding<infer Input, infer Result, ToolForm>
    ? MockToolHandler<Input, Result>
    : MockToolHandler<Record<string, unknown>, CallToolResult>;

type PromptHandlerOf<Binding> =
  Binding extends PromptBinding<infer Arguments>
    ? MockPromptHandler<Arguments>
    : MockPromptHandler<Record<string, string>>;

/** The handlers a test gives a mock, each optional: a call with none fails with a clear error. */
export interface MockHandlers<Definitions extends MockDefinitions> {
  tools?: { [K in keyof Definitions["tools"]]?: ToolHandlerOf<Definitions["tools"][K]> };
  prompts?: { [K in keyof Definitions["prompts"]]?: PromptHandlerOf<Definitions["prompts"][K]> };
  resources?: { [K in keyof Definitions["resources"]]?: MockResourceHandler };
}

/** Input and result of the tool at member `K`. */
type ToolCallOf<Binding, K> =
  Binding extends ToolBinding<infer Input, infer Result, ToolForm>
    ? MockToolCall<K, Input, Result>
    : MockToolCall<K, Record<string, unknown>, CallToolResult>;

/**
 * One recorded tool call: the input as the server received it, and what the mock answered (the
 * result) or the message of the error it answered with instead (no handler, a handler that threw
 * or returned output the output schema rejects, input the input schema rejects).
 */
export interface MockToolCall<Member = string, Input = unknown, Result = unknown> {
  readonly kind: "tool";
  /** The member name (`convertCurrency`). */
  readonly tool: Member;
  /** The name the server declared (`convert_currency`). */
  readonly name: string;
  readonly input: Input;
  readonly result?: Result;
  readonly error?: string;
}

export interface MockPromptCall<Member = string> {
  readonly kind: "prompt";
  readonly prompt: Member;
  readonly name: string;
  readonly input: Record<string, string>;
  readonly result?: GetPromptResult;
  readonly error?: string;
}

export interface MockResourceCall<Member = string> {
  readonly kind: "resource";
  readonly resource: Member;
  readonly uri: string;
  readonly result?: ReadResourceResult;
  readonly error?: string;
}

/** A call the mock received: a tool's, a prompt's or a resource's. */
export type MockCall = MockToolCall | MockPromptCall | MockResourceCall;

/** What the mock records, for assertions. */
export interface MockRecording<Definitions extends MockDefinitions> {
  /**
   * Every tool, prompt and resource call, in the order the mock received them. Typed loosely on
   * purpose: a union over every tool would be most of what compiling a large mock module costs;
   * `callsTo` types one tool's calls.
   */
  readonly calls: readonly MockCall[];
  /** The calls of one tool, by member name, with its input and result typed. */
  callsTo<K extends keyof Definitions["tools"] & string>(
    tool: K,
  ): ReadonlyArray<ToolCallOf<Definitions["tools"][K], K>>;
}
