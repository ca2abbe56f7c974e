/**
 * `defineTool`: what a generated tool module builds at import time (nothing but a plain object)
 * and the behaviour behind its call: optional input validation, the call itself with the embedded
 * definition (no `tools/list` round trip), and output validation of `structuredContent`.
 */
import type { GeneratedSchema, GeneratedZod } from "./generated-zod.js";
import { withDeclaredJsonSchema, type KitSchema, type Validator } from "./kit-schema.js";
import { linearPatternsReady } from "./linear-pattern.js";
import { validatorKit } from "./validator-kit.js";
import type { McpClient } from "../client/index.js";
import { McpError, describeContext, localError, type ErrorContext } from "../protocol/index.js";
import { declaresNeed, handlerFor, needAdvice, type ClientNeed } from "../input/index.js";
import { INPUT_CHECK } from "../governance/index.js";
import { checkShape, shapeForModel } from "../governance/index.js";
import { OFFER_PINNED, type OffersPinned } from "../calls/index.js";
import type { TaskMode } from "../tasks/index.js";
import type { ToolForm, ToolFunctions, ToolMethods } from "./tool-call-forms.js";
import type { ToolAwaitTaskOptions, ToolReturnTaskOptions } from "./tool-call-options.js";
import type { CallToolResult, Result as AnyResult, Tool } from "../protocol/index.js";
import { quotedText } from "../basics/index.js";

/** A call's options as the one function behind every form receives them. */
type AnyToolCallOptions = (ToolAwaitTaskOptions | ToolReturnTaskOptions) & { shape?: "model" };

/** A successful call of a tool that declares an output schema: `structuredContent` is typed. */
export interface ToolSuccess<Output> extends CallToolResult<Output> {
  isError?: false;
  structuredContent: Output;
}

/** The tool's own failure, reported as a result (`isError: true`), never thrown. */
export interface ToolFailure extends CallToolResult<unknown> {
  isError: true;
}

/** A tool result that narrows on `isError`. */
export type ToolResult<Output> = ToolSuccess<Output> | ToolFailure;

/**
 * Validators built on first use, so importing a generated module compiles nothing. Each has
 * `safeParse` and Standard Schema v1 (`~standard`, with the server's declared JSON Schema as
 * `~standard.jsonSchema`); real zod schemas: `zodValidators` of `@mcp-codegen/runtime/zod`.
 */
export interface ToolValidators {
  input: Validator;
  output?: Validator;
}

export interface ToolSpec {
  /** The tool definition exactly as the server declared it (from the snapshot), as JSON. */
  definitionJson: string;
  /**
   * Builds the validators from the functions it is handed: the runtime's validator kit, or real
   * zod (`zodValidators`). Typed against a plain facade (see generated-zod.ts), so compiling
   * generated code never infers zod's types.
   */
  validators: (z: GeneratedZod) => { input: GeneratedSchema; output?: GeneratedSchema };
  /**
   * The client capabilities the server listed this tool with only (`toolCapabilities` in the
   * snapshot): a call from a client that declares none of a need's kind (no handler for it in
   * `connect`'s or the call's options) fails with kind `input` before anything is sent.
   */
  needs?: readonly ClientNeed[];
}

/**
 * A generated tool: its definition, its validators, and its call in the form the generator picked
 * for it (`Form`, see tool-call-forms.ts); `"any"` has every overload.
 */
export interface ToolBinding<Input, Result, Form extends ToolForm = "any"> {
  readonly name: string;
  readonly definition: Tool;
  /** What the generator wrote: the definition's JSON, the validators' builder, the needs. */
  readonly spec: ToolSpec;
  /** The validators (built once, on first use, by the runtime's validator kit). */
  validators(): ToolValidators;
  /** Calls the tool on `client`; a plain function (no `this`), exported as is by generated code. */
  readonly call: ToolFunctions<Input, Result>[Form];
  /**
   * The call with `client` bound: the typed client's member. A pinned client (`pin`) is also
   * offered the embedded definition, so its plain `callTool` of this tool is pinned to it.
   */
  bindTo(client: McpClient): ToolMethods<Input, Result>[Form];
}

/**
 * Refuses a call the server would not serve: the tool was listed only to clients declaring
 * `needs`, and neither the client nor the call's own handlers declare one of them.
 */
function checkNeeds(
  needs: readonly ClientNeed[] | undefined,
  client: McpClient,
  options: AnyToolCallOptions | undefined,
  context: ErrorContext,
): void {
  if (needs === undefined || needs.length === 0) return;
  const declared = client.capabilities;
  const own = options?.handlers;
  const missing = needs.find((need) => {
    const handler = handlerFor(need);
    return !declaresNeed(declared, need) && (handler === undefined || own?.[handler] === undefined);
  });
  if (missing === undefined) return;
  throw localError(
    "input",
    `this tool needs ${needAdvice(missing)} to createClient/connect (or in this call's options): the server offers it only to clients that declare ${missing}`,
    context,
  );
}

/** `shape` stays with the binding: the client would shape the result before its output check. */
function withoutShape(options: AnyToolCallOptions | undefined): AnyToolCallOptions | undefined {
  if (options?.shape === undefined) return options;
  const { shape: _shape, ...rest } = options;
  return rest;
}

/**
 * The task mode of a call: the caller's, else `"await"` for a tool whose definition says it can
 * only run as a task (`execution.taskSupport: "required"`), which no other form could call.
 */
function taskModeOf(tool: Tool, options: AnyToolCallOptions | undefined): TaskMode | undefined {
  if (options?.task !== undefined) return options.task;
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  return execution?.taskSupport === "required" ? "await" : undefined;
}

/**
 * Binds a tool definition to its validators. `Result` is `ToolResult<Output>` for tools with an
 * output schema and `CallToolResult` for the others; `Form` is the call's form (see
 * tool-call-forms.ts): the same function serves every form, the form only narrows its type.
 */
export function defineTool<Input, Result, Form extends ToolForm = "any">(
  spec: ToolSpec,
): ToolBinding<Input, Result, Form> {
  let validators: ToolValidators | undefined;
  let definition: Tool | undefined;
  const getValidators = (): ToolValidators => {
    if (validators !== undefined) return validators;
    const built = spec.validators(validatorKit as unknown as GeneratedZod);
    const tool = getDefinition();
    // Standard Schema consumers (the AI SDK) read the JSON Schema off the validator.
    const input = withDeclaredJsonSchema(built.input as KitSchema, tool.inputSchema);
    const output =
      built.output === undefined
        ? undefined
        : withDeclaredJsonSchema(
            built.output as KitSchema,
            tool.outputSchema as Record<string, unknown>,
          );
    return (validators = (output === undefined ? { input } : { input, output }) as ToolValidators);
  };
  // Parsed on first use: importing a module with many tools evaluates nothing.
  const getDefinition = (): Tool => (definition ??= JSON.parse(spec.definitionJson) as Tool);
  const call = async (
    client: McpClient,
    // Left out only where the form allows it: a tool whose input has no required property.
    input: Input | undefined,
    options?: AnyToolCallOptions,
  ): Promise<AnyResult | string> => {
    const tool = getDefinition();
    const context = { method: "tools/call", target: tool.name };
    const args = (input ?? {}) as Record<string, unknown>;
    checkNeeds(spec.needs, client, options, context);
    // Refused before anything is sent, as `client.callTool` refuses it.
    const model = checkShape(options, tool.name);
    const task = taskModeOf(tool, options);
    // The client runs the validator at its place in the pipeline: after the hooks that may
    // rewrite the arguments (see governance/input-check.ts).
    const validate = tool.outputSchema !== undefined && options?.validateOutput !== false;
    // Building the validators starts loading the pattern engine if one of them checks a pattern
    // (browser builds load it on first use): the output's wait overlaps the call's round trip.
    if (validate || options?.validateInput === true) getValidators();
    const check =
      options?.validateInput === true
        ? {
            [INPUT_CHECK]: (value: Record<string, unknown>) =>
              checkInput(getValidators().input, value, context),
          }
        : undefined;
    const sent =
      (task === undefined || task === options?.task) && check === undefined && !model
        ? options
        : { ...withoutShape(options), ...(task === undefined ? {} : { task }), ...check };
    if (check !== undefined) await linearPatternsReady();
    const result = await client.callTool(tool.name, args, sent, tool);
    // Manual mode: the server's question goes back to the caller, there is no output yet; a task
    // handle (`task: "return"`) has no output either.
    if (result.resultType === "input_required" || result.resultType === "task") return result;
    if (validate && result.isError !== true) {
      await linearPatternsReady();
      const output = getValidators().output;
      if (output !== undefined) checkOutput(output, result, context);
    }
    // Shaped after validation, as a plain call is validated: a server breaking its output schema
    // fails the same way whether the caller wants the object or its text (`validateOutput: false`
    // accepts it for both), and the text is that of the result the plain call would return.
    return model ? shapeForModel(result as CallToolResult) : result;
  };
  return {
    get name() {
      return getDefinition().name;
    },
    get definition() {
      return getDefinition();
    },
    spec,
    validators: getValidators,
    call: call as unknown as ToolBinding<Input, Result, Form>["call"],
    // One function serves every form; the form only narrows the type.
    bindTo: (client) => {
      // A pinned client pins plain calls of this tool to the embedded definition too.
      (client as OffersPinned)[OFFER_PINNED]?.(getDefinition);
      return ((input?: Input, options?: AnyToolCallOptions) =>
        call(client, input, options)) as unknown as ToolMethods<Input, Result>[Form];
    },
  };
}

/**
 * A binding's call as a standalone function: what a generated tool module exports. A call the
 * module marks pure, where reading `binding.call` at the top level is a property access bundlers
 * must keep (it could run a getter), so a tool nobody imports would stay in every bundle.
 */
export function toolFunction<Binding extends { readonly call: unknown }>(
  binding: Binding,
): Binding["call"] {
  return binding.call;
}

/**
 * `safeParse`, with what it can still throw turned into an `McpError`: a value nested deeper
 * than the stack (a server's `structuredContent` against a recursive schema) overflows it.
 */
function parseOrFail(schema: Validator, value: unknown, what: string, context: ErrorContext) {
  try {
    return schema.safeParse(value);
  } catch (error) {
    throw new McpError({
      ...context,
      kind: what === "arguments" ? "input" : "validation",
      cause: error,
      message: `${describeContext(context)}${what} could not be validated (${error instanceof RangeError ? "nested too deeply" : String(error).slice(0, 200)})`,
    });
  }
}

function checkInput(schema: Validator, input: unknown, context: ErrorContext): void {
  const parsed = parseOrFail(schema, input, "arguments", context);
  if (parsed.success) return;
  throw new McpError({
    ...context,
    kind: "input",
    data: parsed.error.issues,
    message: `${describeContext(context)}arguments do not match the tool's input schema: ${summarise(parsed.error.issues)}`,
  });
}

/**
 * Checks `structuredContent` against the output schema. A server that sent none but put the
 * serialized JSON in a text block (the spec's backward-compatible form) is accepted through it.
 */
function checkOutput(schema: Validator, result: CallToolResult, context: ErrorContext): void {
  if (!("structuredContent" in result)) {
    const text = result.content.find((block) => block.type === "text");
    if (text !== undefined && "text" in text) {
      try {
        result.structuredContent = JSON.parse(text.text);
      } catch {
        // Not JSON: fall through to the validation error below.
      }
    }
  }
  const parsed = parseOrFail(schema, result.structuredContent, "structuredContent", context);
  if (parsed.success) return;
  throw new McpError({
    ...context,
    kind: "validation",
    data: { issues: parsed.error.issues, result },
    message: `${describeContext(context)}structuredContent does not match the tool's output schema: ${summarise(parsed.error.issues)}; pass validateOutput: false to accept it anyway`,
  });
}

/**
 * The first issues, as a message quotes them: paths and messages hold the server's keys and
 * values, so they are quoted (hidden characters and line breaks as escapes, long text cut).
 */
function summarise(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".");
    return `${quotedText(where)}: ${quotedText(issue.message)}`;
  });
  return issues.length > 3
    ? `${shown.join("; ")}; and ${issues.length - 3} more`
    : shown.join("; ");
}
