/**
 * What `execute()` returns: the value, the logs, the tool calls made, and an error written for a
 * model (what went wrong and what to do), never a host stack or a host object.
 */

/**
 * Why a run failed:
 * - `syntax`: the code does not parse (after types are stripped).
 * - `runtime`: the code threw, or a tool call failed and the code did not catch it.
 * - `timeout`: the run took longer than `limits.timeMs` (an endless loop, a call that hangs).
 * - `memory`: the sandbox ran out of memory (`limits.memoryBytes`).
 * - `output`: the returned value is larger than `limits.outputBytes`.
 * - `cancelled`: the caller's `signal` aborted the run.
 * - `stalled`: the code awaits a promise nothing can settle (no tool call is under way).
 */
export type CodeModeErrorKind =
  "syntax" | "runtime" | "timeout" | "memory" | "output" | "cancelled" | "stalled";

/** A failed run, for a model: `message` says what happened and what to do. */
export interface CodeModeError {
  readonly kind: CodeModeErrorKind;
  /** One paragraph; for `runtime`, the error's name, message and the script's line. */
  readonly message: string;
}

/** One tool call the code asked for, in the order asked. */
export interface CodeModeCall {
  /** The server's key in `servers`. */
  readonly server: string;
  /** The member the code called (`getWeather`). */
  readonly tool: string;
  /** The MCP name (`get_weather`). */
  readonly name: string;
  /** Whether the call returned a result (a result with `isError: true` counts as returned). */
  readonly ok: boolean;
  /** The error's kind when it failed: an `McpError` kind, `limit` or `arguments`. */
  readonly error?: string;
}

/** One line logged with `console.*`. */
export interface CodeModeLog {
  readonly level: "log" | "info" | "warn" | "error" | "debug";
  readonly text: string;
}

/** The outcome of `execute(code)`. */
export interface CodeModeResult {
  /** Whether the code returned (then `value` is what it returned, as JSON data). */
  readonly ok: boolean;
  /** The returned value, a copy through JSON; undefined when it returned nothing or failed. */
  readonly value: unknown;
  readonly logs: readonly CodeModeLog[];
  readonly calls: readonly CodeModeCall[];
  /** Present when `ok` is false. */
  readonly error?: CodeModeError;
}
