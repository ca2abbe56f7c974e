/**
 * The host side of `servers.<name>.<tool>(args)`: a call's arguments arrive as a JSON string,
 * are counted against `limits.toolCalls`, put to `approve`, and go through the client's own
 * pipeline (selection, hooks, policy, validation). The answer goes back as a JSON string too,
 * the result or an error the script can catch, so no host object ever enters the sandbox.
 */
import { isMcpError } from "../protocol/index.js";
import type { CatalogTool } from "./server-catalog.js";
import { toolPath } from "./server-catalog.js";
import type { CodeModeCall } from "./run-result.js";

/** What `approve` is asked about: one call the code wants to make. */
export interface CodeModeApprovalRequest {
  /** The server's key in `servers`. */
  readonly server: string;
  /** The member the code called (`getWeather`). */
  readonly tool: string;
  /** The MCP name. */
  readonly name: string;
  /** The arguments, as the code wrote them (before any hook of the client). */
  readonly arguments: Record<string, unknown>;
  /** Aborted when the run ends (timeout, cancellation) before the answer. */
  readonly signal: AbortSignal;
}

/**
 * Decides about a call: `"allow"` this one, `"always"` this tool for the rest of the code
 * mode's life, `"deny"` (the script gets a `ToolError` of kind `denied` and nothing is sent).
 * While it decides the script is paused and the run's clock stops.
 */
export type CodeModeApprover = (
  request: CodeModeApprovalRequest,
) => "allow" | "deny" | "always" | Promise<"allow" | "deny" | "always">;

/** What a bridge needs from its run. */
export interface BridgeOptions {
  readonly catalog: readonly CatalogTool[];
  readonly maxCalls: number;
  /** A tool result's JSON may take at most this many characters into the sandbox. */
  readonly maxResultChars: number;
  readonly approve: CodeModeApprover | undefined;
  /** Tools answered `"always"`, by `toolPath`; shared by the code mode's runs. */
  readonly granted: Set<string>;
  /** Aborted when the run ends: calls still under way are cancelled. */
  readonly signal: AbortSignal;
  /** Called when an approval starts; the function it returns, when it ends (the clock stops). */
  readonly pause: () => () => void;
}

/** A call's outcome; a result stays the JSON text it was checked as. */
type Answer = { ok: true; text: string } | { ok: false; kind: string; message: string };

/** A run's bridge: `call` never rejects, it answers with the envelope the prelude reads. */
export function createToolBridge(options: BridgeOptions) {
  const calls: CodeModeCall[] = [];
  const call = async (index: number, argsText: string): Promise<string> => {
    const tool = options.catalog[index];
    // The prelude only passes indexes it was given; anything else is a bug, answered all the same.
    if (tool === undefined) return JSON.stringify(failure("input", "no such tool"));
    const path = toolPath(tool);
    const record = (answer: Answer) => {
      calls.push({
        server: tool.server,
        tool: tool.key,
        name: tool.name,
        ok: answer.ok,
        ...(answer.ok ? {} : { error: answer.kind }),
      });
      return answer.ok ? `{"ok":true,"value":${answer.text}}` : JSON.stringify(answer);
    };
    if (calls.length >= options.maxCalls) {
      return record(
        failure(
          "limit",
          `${path}: this run already made ${options.maxCalls} tool calls, its limit; nothing was sent. Do the rest in another run, or call fewer tools (batch what you need)`,
        ),
      );
    }
    const args = JSON.parse(argsText) as unknown;
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return record(
        failure(
          "input",
          `${path}: the arguments must be an object of named arguments, got ${argsText.slice(0, 80)}`,
        ),
      );
    }
    const refused = await ask(options, tool, path, args as Record<string, unknown>);
    if (refused !== undefined) return record(refused);
    return record(await perform(options, tool, path, args));
  };
  return { call, calls };
}

function failure(kind: string, message: string): Answer {
  return { ok: false, kind, message };
}

/** Puts the call to `approve`; undefined when allowed. */
async function ask(
  options: BridgeOptions,
  tool: CatalogTool,
  path: string,
  args: Record<string, unknown>,
): Promise<Answer | undefined> {
  if (options.approve === undefined || options.granted.has(path)) return undefined;
  const resume = options.pause();
  let answer: unknown;
  try {
    answer = await options.approve({
      server: tool.server,
      tool: tool.key,
      name: tool.name,
      arguments: args,
      signal: options.signal,
    });
  } catch {
    answer = "deny";
  } finally {
    resume();
  }
  if (answer === "always") options.granted.add(path);
  if (answer === "allow" || answer === "always") return undefined;
  return failure(
    "denied",
    `${path}: the user refused this call; nothing was sent. Do not try it again in this run: go on without it, or explain what you needed it for`,
  );
}

/** The call through the client's pipeline, its result or error as an answer. */
async function perform(
  options: BridgeOptions,
  tool: CatalogTool,
  path: string,
  args: unknown,
): Promise<Answer> {
  try {
    const result = await tool.call(args, options.signal);
    const text = JSON.stringify(result) ?? "null";
    if (text.length > options.maxResultChars) {
      return failure(
        "output",
        `${path}: the result is ${text.length} characters, more than this sandbox takes (${options.maxResultChars}); ask for less (a filter, a page, a smaller range)`,
      );
    }
    return { ok: true, text };
  } catch (error) {
    if (isMcpError(error)) return failure(error.kind, error.message);
    return failure("error", `${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
