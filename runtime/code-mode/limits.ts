/**
 * The limits of one `execute()`: how long it may take, how much memory and stack the sandbox may
 * use, how many tool calls it may make and how much it may return and log. Every one has an end,
 * so model-written code cannot hold the host.
 */
import { localError } from "../protocol/index.js";

/** What `createCodeMode({ limits })` takes; each has a default (see `DEFAULT_LIMITS`). */
export interface CodeModeLimits {
  /**
   * Wall-clock time of a run, in ms: the sandbox's own work and the tool calls it waits for.
   * The time `approve` takes to decide is not counted (a person may take minutes). Default 30 s.
   */
  timeMs?: number;
  /** The sandbox's heap, in bytes; allocation past it fails in the script. Default 64 MiB. */
  memoryBytes?: number;
  /**
   * The sandbox's stack, in bytes: deep recursion fails in the script. Default and most 256 KiB:
   * the WebAssembly frames run on the host's own stack, which a larger value would overflow.
   */
  stackBytes?: number;
  /** Tool calls a run may make; each one past it fails in the script. Default 50. */
  toolCalls?: number;
  /** The returned value, as JSON, in UTF-8 bytes. Default 64 KB. */
  outputBytes?: number;
  /** All logged text together, in characters; the rest is cut with a note. Default 16,000. */
  logChars?: number;
}

/** The largest `stackBytes`: deeper, QuickJS's frames overflow the host's stack first. */
export const MAX_STACK_BYTES = 256 * 1024;

/** The defaults: generous for a script that calls tools, small for one that runs away. */
export const DEFAULT_LIMITS: Readonly<Required<CodeModeLimits>> = Object.freeze({
  timeMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: MAX_STACK_BYTES,
  toolCalls: 50,
  outputBytes: 64_000,
  logChars: 16_000,
});

/**
 * The limits with defaults filled in.
 * @throws McpError of kind `input` for a limit that is not a positive safe integer.
 */
export function resolveLimits(limits: CodeModeLimits | undefined): Required<CodeModeLimits> {
  const resolved = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof CodeModeLimits)[]) {
    const value = limits?.[key];
    if (value === undefined) continue;
    if (
      !Number.isSafeInteger(value) ||
      value <= 0 ||
      (key === "stackBytes" && value > MAX_STACK_BYTES)
    ) {
      throw localError(
        "input",
        `limits.${key} must be a positive whole number${key === "stackBytes" ? ` of at most ${MAX_STACK_BYTES}` : ""}, got ${JSON.stringify(value) ?? String(value)}`,
        { method: "createCodeMode" },
      );
    }
    resolved[key] = value;
  }
  return resolved;
}
