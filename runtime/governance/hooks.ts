/**
 * Hooks (`ConnectOptions.hooks`): the caller's own code on the way out and back in. A pre-hook
 * may rewrite what is sent or refuse it; a post-hook may reshape what comes back. A refusal, and
 * a hook that throws, end the request with an `McpError` of kind `hook` naming the hook, so a
 * caller can tell its own hooks' verdicts from the server's.
 */
import type { HookName as ErrorHookName } from "../protocol/index.js";
import { McpError, describeContext, isMcpError, type ErrorContext } from "../protocol/index.js";
import type { CallToolResult, Tool } from "../protocol/index.js";

/** A tool call as the hooks and the policy see it. */
export interface ToolCallRequest {
  readonly name: string;
  readonly arguments: Record<string, unknown> | undefined;
  /** Who the call is for (the call's `principal`, else the policy's `defaultPrincipal`). */
  readonly principal: string;
  /** The tool's definition (the generated one, or from the last `listTools()`), if known. */
  readonly definition: Tool | undefined;
}

/** A `getPrompt` as the `onPromptGet` hook sees it. */
export interface PromptGetRequest {
  readonly name: string;
  readonly arguments: Record<string, string> | undefined;
  /** Who the request is for (its `principal` option, else the policy's `defaultPrincipal`). */
  readonly principal: string;
}

/** A `readResource` as the `onResourceRead` hook sees it. */
export interface ResourceReadRequest {
  readonly uri: string;
  /** Who the request is for (its `principal` option, else the policy's `defaultPrincipal`). */
  readonly principal: string;
}

/** What a pre-hook answers: nothing (send as is), new arguments, or a refusal with its reason. */
export type HookVerdict<Change> = Change | { refuse: string } | void | undefined;

type MaybePromise<T> = T | Promise<T>;

/**
 * The hooks a client runs. Each may be async; each runs in the caller, in the order of the
 * pipeline (see `ConnectOptions.hooks`).
 */
export interface ClientHooks {
  /** Before a tool call is validated and authorized: rewrite its arguments, or refuse it. */
  onToolCall?(
    call: ToolCallRequest,
  ): MaybePromise<HookVerdict<{ arguments?: Record<string, unknown> }>>;
  /** After a tool call completed (not a task handle or a manual-mode question): see or replace it. */
  onToolResult?(
    call: ToolCallRequest,
    result: CallToolResult,
  ): MaybePromise<CallToolResult | void | undefined>;
  /** Before `getPrompt`: rewrite its arguments, or refuse it. */
  onPromptGet?(
    request: PromptGetRequest,
  ): MaybePromise<HookVerdict<{ arguments?: Record<string, string> }>>;
  /** Before `readResource`: read another URI instead, or refuse it. */
  onResourceRead?(request: ResourceReadRequest): MaybePromise<HookVerdict<{ uri?: string }>>;
  /** After `listTools()` and the selection: see or replace the tools it returns. */
  onToolsListed?(tools: Tool[]): MaybePromise<Tool[] | void | undefined>;
}

/** The name of a hook, as `HookErrorData.hook` gives it. */
export type HookName = keyof ClientHooks;

export type { HookErrorData } from "../protocol/index.js";

// error-data.ts names the hooks without importing this file (errors sit below governance): the
// two lists must stay the same, or this line fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _HookNamesAgree = Holds<Same<HookName, ErrorHookName>>;

/**
 * Runs a hook, turning what it throws into a `hook` error (an `McpError` it throws on purpose
 * passes through: the hook chose that error).
 */
export async function runHook<T>(
  hook: HookName,
  context: ErrorContext,
  run: () => MaybePromise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isMcpError(error)) throw error;
    throw new McpError({
      ...context,
      kind: "hook",
      data: { hook, refused: false },
      cause: error,
      message: `${describeContext(context)}the ${hook} hook threw: ${errorText(error)}; fix the hook`,
    });
  }
}

/**
 * A pre-hook's verdict as the change to make: `undefined` for none.
 * @throws McpError of kind `hook` for a refusal, or an answer that is not one of the forms.
 */
export function readVerdict<Change extends object>(
  hook: HookName,
  context: ErrorContext,
  verdict: HookVerdict<Change>,
): Change | undefined {
  if (verdict === undefined || verdict === null) return undefined;
  if (typeof verdict !== "object") {
    throw unusable(hook, context, `answered ${typeof verdict}`);
  }
  if ("refuse" in verdict) {
    const reason = String((verdict as { refuse: unknown }).refuse);
    throw new McpError({
      ...context,
      kind: "hook",
      data: { hook, refused: true, reason },
      message: `${describeContext(context)}refused by the ${hook} hook: ${reason}`,
    });
  }
  return verdict as Change;
}

/** An answer a hook should not have given, e.g. arguments that are not an object. */
export function unusable(hook: HookName, context: ErrorContext, what: string): McpError<"hook"> {
  return new McpError({
    ...context,
    kind: "hook",
    data: { hook, refused: false },
    message: `${describeContext(context)}the ${hook} hook ${what}; it must return nothing, the change it documents, or { refuse: reason }`,
  });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
