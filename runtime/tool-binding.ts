/**
 * `defineTool`: what a generated tool module builds at import time (nothing but a plain object)
 * and the behaviour behind its call: optional input validation, the call itself with the embedded
 * definition (no `tools/list` round trip), and output validation of `structuredContent`.
 */
import { z, type ZodType } from "zod";
import type { GeneratedSchema, GeneratedZod } from "./generated-zod.js";
import type { McpClient } from "./client.js";
import { McpError, describeContext, type ErrorContext } from "./errors.js";
import type { MaybeInputRequired } from "./input-types.js";
import type { CallOptions } from "./round-trip.js";
import type { CreateTaskResult, TaskCallOptions, TaskMode } from "./tasks.js";
import type { CallToolResult, Result as AnyResult, Tool } from "./types.js";

/** Options of a generated tool call: request options, input handling, validation switches. */
export interface ToolCallOptions extends CallOptions {
  /** Validate the arguments against the tool's input schema before sending (default false). */
  validateInput?: boolean;
  /** Validate `structuredContent` against the tool's output schema (default true). */
  validateOutput?: boolean;
}

/**
 * Options of a tool that may run as a task (tasks extension), in the form that waits: if the
 * server makes a task, it is polled to its end and the call returns the final, validated result.
 */
export interface ToolAwaitTaskOptions extends ToolCallOptions, Omit<TaskCallOptions, "task"> {
  /** `"await"` declares the tasks extension on the call; absent, it is not declared. */
  task?: "await";
}

/**
 * Options of a tool that may run as a task, in the form that returns the task: the server's
 * `CreateTaskResult` is returned as is (complete it with `client.awaitTask` or `getTask`), or the
 * result, validated, when the server answered at once.
 */
export interface ToolReturnTaskOptions extends ToolCallOptions {
  task: "return";
}

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

/** Validators built on first use, so importing a generated module compiles nothing. */
export interface ToolValidators {
  input: ZodType;
  output?: ZodType;
}

export interface ToolSpec {
  /** The tool definition exactly as the server declared it (from the snapshot), as JSON. */
  definitionJson: string;
  /**
   * Builds the validators from the real zod it is handed. Typed against a plain facade (see
   * generated-zod.ts), so compiling generated code never infers zod's types.
   */
  validators: (z: GeneratedZod) => { input: GeneratedSchema; output?: GeneratedSchema };
}

export interface ToolBinding<Input, Output> {
  readonly name: string;
  readonly definition: Tool;
  /** The zod validators (built once, on first use). */
  validators(): ToolValidators;
  /** `task: "return"` in manual mode: the task, or the question the handlers cannot answer. */
  call(
    client: McpClient,
    input: Input,
    options: ToolReturnTaskOptions & { manual: true },
  ): Promise<MaybeInputRequired<Output> | CreateTaskResult>;
  /** `task: "return"`: the server's task handle, or the result when it answered at once. */
  call(
    client: McpClient,
    input: Input,
    options: ToolReturnTaskOptions,
  ): Promise<Output | CreateTaskResult>;
  /** With `manual: true`, an `input_required` result the handlers cannot answer is returned. */
  call(
    client: McpClient,
    input: Input,
    options: ToolAwaitTaskOptions & { manual: true },
  ): Promise<MaybeInputRequired<Output>>;
  call(client: McpClient, input: Input, options?: ToolAwaitTaskOptions): Promise<Output>;
  /** Options whose form is only known at run time: every answer is possible. */
  call(
    client: McpClient,
    input: Input,
    options?: ToolAwaitTaskOptions | ToolReturnTaskOptions,
  ): Promise<MaybeInputRequired<Output> | CreateTaskResult>;
}

/**
 * The task mode of a call: the caller's, else `"await"` for a tool whose definition says it can
 * only run as a task (`execution.taskSupport: "required"`), which no other form could call.
 */
function taskModeOf(
  tool: Tool,
  options: ToolAwaitTaskOptions | ToolReturnTaskOptions | undefined,
): TaskMode | undefined {
  if (options?.task !== undefined) return options.task;
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  return execution?.taskSupport === "required" ? "await" : undefined;
}

/**
 * Binds a tool definition to its validators. `Result` is `ToolResult<Output>` for tools with an
 * output schema and `CallToolResult` for the others.
 */
export function defineTool<Input, Result>(spec: ToolSpec): ToolBinding<Input, Result> {
  let validators: ToolValidators | undefined;
  let definition: Tool | undefined;
  // The facade and real zod differ only in static types: the objects are zod's own.
  const getValidators = (): ToolValidators =>
    (validators ??= spec.validators(z as unknown as GeneratedZod) as unknown as ToolValidators);
  // Parsed on first use: importing a module with many tools evaluates nothing.
  const getDefinition = (): Tool => (definition ??= JSON.parse(spec.definitionJson) as Tool);
  const call = async (
    client: McpClient,
    input: Input,
    options?: ToolAwaitTaskOptions | ToolReturnTaskOptions,
  ): Promise<AnyResult> => {
    const tool = getDefinition();
    const context = { method: "tools/call", target: tool.name };
    if (options?.validateInput === true) checkInput(getValidators().input, input, context);
    const args = input as Record<string, unknown>;
    const task = taskModeOf(tool, options);
    const sent = task === undefined || task === options?.task ? options : { ...options, task };
    const result = await client.callTool(tool.name, args, sent, tool);
    // Manual mode: the server's question goes back to the caller, there is no output yet; a task
    // handle (`task: "return"`) has no output either.
    if (result.resultType === "input_required" || result.resultType === "task") return result;
    const validate = tool.outputSchema !== undefined && options?.validateOutput !== false;
    if (validate && result.isError !== true) {
      const output = getValidators().output;
      if (output !== undefined) checkOutput(output, result, context);
    }
    return result;
  };
  return {
    get name() {
      return getDefinition().name;
    },
    get definition() {
      return getDefinition();
    },
    validators: getValidators,
    call: call as ToolBinding<Input, Result>["call"],
  };
}

/**
 * `safeParse`, with what it can still throw turned into an `McpError`: a value nested deeper
 * than the stack (a server's `structuredContent` against a recursive schema) overflows it.
 */
function parseOrFail(schema: ZodType, value: unknown, what: string, context: ErrorContext) {
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

function checkInput(schema: ZodType, input: unknown, context: ErrorContext): void {
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
function checkOutput(schema: ZodType, result: CallToolResult, context: ErrorContext): void {
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

function summarise(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".");
    return `${where}: ${issue.message}`;
  });
  return issues.length > 3
    ? `${shown.join("; ")}; and ${issues.length - 3} more`
    : shown.join("; ");
}
