/**
 * The shapes a generated tool call takes, as named generic interfaces. A generated module picks
 * one form per tool (`defineTool<Input, Result, Form>`) and exports the binding's `call` as is;
 * the typed client's member is the same form without the `client` parameter (`bindTo`).
 *
 * Why named interfaces rather than overloads written out in every module: `tsc` relates two
 * instantiations of one interface by their type arguments, where overloads spelt out per tool (or
 * derived with a conditional type such as `WithoutClient<typeof fn>`) are compared signature by
 * signature. For a server with a thousand tools that was most of the time a strict compile of the
 * generated client took.
 *
 * The forms:
 * - `"input"`: the input is required; no task forms.
 * - `"optional input"`: the tool's input has no required property, so it may be left out.
 * - `"task"` and `"task, optional input"`: the tool may run as a task (tasks extension), so the
 *   call has `task: "return"` and `task: "await"` forms.
 * - `"any"`: every overload at once, for code that holds a binding without knowing its form.
 * In each, manual mode (`manual: true`) comes first: it may return the server's `input_required`
 * result, so a call that says `manual: true` gets the wider type. `shape: "model"` (the result as
 * text for a model) comes before the plain call, which it would otherwise match: one signature
 * per form, as each added signature is paid for once per tool when `tsc` checks a large client.
 */
import type { McpClient } from "../client/index.js";
import type { MaybeInputRequired } from "../input/index.js";
import type { CreateTaskResult } from "../tasks/index.js";
import type {
  ToolAwaitTaskModelOptions,
  ToolAwaitTaskOptions,
  ToolCallOptions,
  ToolModelOptions,
  ToolReturnTaskOptions,
} from "./tool-call-options.js";

/** Manual mode: an `input_required` result the handlers cannot answer is returned. */
type Manual<Options> = Options & { manual: true };

/** A tool whose input is required and that never runs as a task. */
export interface ToolFunction<Input, Result> {
  /**
   * Manual mode: an `input_required` result the handlers cannot answer is returned; answer it and
   * call again with `inputResponses` and `requestState`.
   */
  (
    client: McpClient,
    input: Input,
    options: Manual<ToolCallOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (client: McpClient, input: Input, options: ToolModelOptions): Promise<string>;
  /**
   * Calls the tool.
   * @param client - A client connected to the server (`connect()` or `create…Client()`).
   * @param input - The tool's arguments.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches.
   */
  (client: McpClient, input: Input, options?: ToolCallOptions): Promise<Result>;
}

/** A tool whose input may be left out (no property is required) and that never runs as a task. */
export interface OptionalInputToolFunction<Input, Result> {
  /**
   * Manual mode: an `input_required` result the handlers cannot answer is returned; answer it and
   * call again with `inputResponses` and `requestState`.
   */
  (
    client: McpClient,
    input: Input | undefined,
    options: Manual<ToolCallOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (client: McpClient, input: Input | undefined, options: ToolModelOptions): Promise<string>;
  /**
   * Calls the tool.
   * @param client - A client connected to the server (`connect()` or `create…Client()`).
   * @param input - The tool's arguments; left out, `{}`.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches.
   */
  (client: McpClient, input?: Input, options?: ToolCallOptions): Promise<Result>;
}

/** A tool whose input is required and that may run as a task. */
export interface TaskToolFunction<Input, Result> {
  /**
   * `task: "return"` in manual mode: the task's handle (`CreateTaskResult`), the complete result
   * if the server answered at once, or an `input_required` result the handlers cannot answer
   * before the server made the task.
   */
  (
    client: McpClient,
    input: Input,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /**
   * `task: "return"`: the server may make a task instead of answering; its handle
   * (`CreateTaskResult`, `resultType: "task"`) is returned at once. Complete it with
   * `client.awaitTask(handle.taskId)` or follow it with `client.getTask`; those return the final
   * result unvalidated. A result the server gave at once is returned as the plain call returns it.
   */
  (
    client: McpClient,
    input: Input,
    options: ToolReturnTaskOptions,
  ): Promise<Result | CreateTaskResult>;
  /**
   * Manual mode: an `input_required` result the handlers cannot answer is returned; answer it and
   * call again with `inputResponses` and `requestState`.
   */
  (
    client: McpClient,
    input: Input,
    options: Manual<ToolAwaitTaskOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (client: McpClient, input: Input, options: ToolAwaitTaskModelOptions): Promise<string>;
  /**
   * Calls the tool. With `task: "await"` the server may run the call as a task; it is polled to
   * its end and its final result returned. Pass `task: "return"` to get the task's handle instead.
   * @param client - A client connected to the server (`connect()` or `create…Client()`).
   * @param input - The tool's arguments.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches, task mode.
   */
  (client: McpClient, input: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
}

/** A tool whose input may be left out and that may run as a task. */
export interface OptionalInputTaskToolFunction<Input, Result> {
  /** `task: "return"` in manual mode (see `TaskToolFunction`). */
  (
    client: McpClient,
    input: Input | undefined,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /** `task: "return"`: the task's handle, or the result when the server answered at once. */
  (
    client: McpClient,
    input: Input | undefined,
    options: ToolReturnTaskOptions,
  ): Promise<Result | CreateTaskResult>;
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (
    client: McpClient,
    input: Input | undefined,
    options: Manual<ToolAwaitTaskOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (
    client: McpClient,
    input: Input | undefined,
    options: ToolAwaitTaskModelOptions,
  ): Promise<string>;
  /**
   * Calls the tool. With `task: "await"` the server may run the call as a task; it is polled to
   * its end and its final result returned. Pass `task: "return"` to get the task's handle instead.
   * @param client - A client connected to the server (`connect()` or `create…Client()`).
   * @param input - The tool's arguments; left out, `{}`.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches, task mode.
   */
  (client: McpClient, input?: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
}

/**
 * Every form at once: for code holding a binding whose form it does not know. The overloads are
 * spelt out (not `extends TaskToolFunction`) because an interface's own signatures come before
 * the ones it inherits, and the catch-all must come last.
 */
export interface AnyToolFunction<Input, Result> {
  /** `task: "return"` in manual mode (see `TaskToolFunction`). */
  (
    client: McpClient,
    input: Input,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /** `task: "return"`: the task's handle, or the result when the server answered at once. */
  (
    client: McpClient,
    input: Input,
    options: ToolReturnTaskOptions,
  ): Promise<Result | CreateTaskResult>;
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (
    client: McpClient,
    input: Input,
    options: Manual<ToolAwaitTaskOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (client: McpClient, input: Input, options: ToolAwaitTaskModelOptions): Promise<string>;
  /** Calls the tool; `task: "await"` lets the server run it as a task, awaited to its end. */
  (client: McpClient, input: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
  /** Options whose form is only known at run time: every answer is possible. */
  (
    client: McpClient,
    input: Input,
    options?: ToolAwaitTaskOptions | ToolReturnTaskOptions,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
}

/** The forms by name: `ToolBinding<Input, Result, Form>["call"]`. */
export interface ToolFunctions<Input, Result> {
  input: ToolFunction<Input, Result>;
  "optional input": OptionalInputToolFunction<Input, Result>;
  task: TaskToolFunction<Input, Result>;
  "task, optional input": OptionalInputTaskToolFunction<Input, Result>;
  any: AnyToolFunction<Input, Result>;
}

/** The name of a tool call's form (see the module comment). */
export type ToolForm = keyof ToolFunctions<unknown, unknown>;

/** `ToolFunction` on a typed client: the client is bound. */
export interface ToolMethod<Input, Result> {
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (input: Input, options: Manual<ToolCallOptions>): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (input: Input, options: ToolModelOptions): Promise<string>;
  /**
   * Calls the tool.
   * @param input - The tool's arguments.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches.
   */
  (input: Input, options?: ToolCallOptions): Promise<Result>;
}

/** `OptionalInputToolFunction` on a typed client: the client is bound. */
export interface OptionalInputToolMethod<Input, Result> {
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (input: Input | undefined, options: Manual<ToolCallOptions>): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (input: Input | undefined, options: ToolModelOptions): Promise<string>;
  /**
   * Calls the tool.
   * @param input - The tool's arguments; left out, `{}`.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches.
   */
  (input?: Input, options?: ToolCallOptions): Promise<Result>;
}

/** `TaskToolFunction` on a typed client: the client is bound. */
export interface TaskToolMethod<Input, Result> {
  /** `task: "return"` in manual mode (see `TaskToolFunction`). */
  (
    input: Input,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /** `task: "return"`: the task's handle, or the result when the server answered at once. */
  (input: Input, options: ToolReturnTaskOptions): Promise<Result | CreateTaskResult>;
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (input: Input, options: Manual<ToolAwaitTaskOptions>): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (input: Input, options: ToolAwaitTaskModelOptions): Promise<string>;
  /**
   * Calls the tool. With `task: "await"` the server may run the call as a task; it is polled to
   * its end and its final result returned. Pass `task: "return"` to get the task's handle instead.
   * @param input - The tool's arguments.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches, task mode.
   */
  (input: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
}

/** `OptionalInputTaskToolFunction` on a typed client: the client is bound. */
export interface OptionalInputTaskToolMethod<Input, Result> {
  /** `task: "return"` in manual mode (see `TaskToolFunction`). */
  (
    input: Input | undefined,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /** `task: "return"`: the task's handle, or the result when the server answered at once. */
  (input: Input | undefined, options: ToolReturnTaskOptions): Promise<Result | CreateTaskResult>;
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (
    input: Input | undefined,
    options: Manual<ToolAwaitTaskOptions>,
  ): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (input: Input | undefined, options: ToolAwaitTaskModelOptions): Promise<string>;
  /**
   * Calls the tool. With `task: "await"` the server may run the call as a task; it is polled to
   * its end and its final result returned. Pass `task: "return"` to get the task's handle instead.
   * @param input - The tool's arguments; left out, `{}`.
   * @param options - Timeout, cancellation, progress, input handlers, validation switches, task mode.
   */
  (input?: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
}

/** `AnyToolFunction` on a client: the client is bound (overloads spelt out, as there). */
export interface AnyToolMethod<Input, Result> {
  /** `task: "return"` in manual mode (see `TaskToolFunction`). */
  (
    input: Input,
    options: Manual<ToolReturnTaskOptions>,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
  /** `task: "return"`: the task's handle, or the result when the server answered at once. */
  (input: Input, options: ToolReturnTaskOptions): Promise<Result | CreateTaskResult>;
  /** Manual mode: an `input_required` result the handlers cannot answer is returned. */
  (input: Input, options: Manual<ToolAwaitTaskOptions>): Promise<MaybeInputRequired<Result>>;
  /** `shape: "model"`: the result, validated as the plain call's, as text for a model. */
  (input: Input, options: ToolAwaitTaskModelOptions): Promise<string>;
  /** Calls the tool; `task: "await"` lets the server run it as a task, awaited to its end. */
  (input: Input, options?: ToolAwaitTaskOptions): Promise<Result>;
  /** Options whose form is only known at run time: every answer is possible. */
  (
    input: Input,
    options?: ToolAwaitTaskOptions | ToolReturnTaskOptions,
  ): Promise<MaybeInputRequired<Result> | CreateTaskResult>;
}

/** The bound forms by name: `ToolBinding<Input, Result, Form>["bindTo"]`'s result. */
export interface ToolMethods<Input, Result> {
  input: ToolMethod<Input, Result>;
  "optional input": OptionalInputToolMethod<Input, Result>;
  task: TaskToolMethod<Input, Result>;
  "task, optional input": OptionalInputTaskToolMethod<Input, Result>;
  any: AnyToolMethod<Input, Result>;
}
