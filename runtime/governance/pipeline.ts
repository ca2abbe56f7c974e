/**
 * The one road every tool call takes when a client is governed (`ConnectOptions.tools`, `hooks`
 * or `policy`), in the caller, in this order: selection (a hidden tool is `not_found`), the
 * pinned contract's check (`ConnectOptions.pin`: `contract_changed`), the `onToolCall` hook (may rewrite the arguments or refuse), input validation (a generated call's,
 * on the arguments as the hook left them), the policy and its approver, the call itself, the
 * `onToolResult` hook. Then, for any client, `shape: "model"`. A client given none of these
 * options skips all of it and sends what it is asked to.
 */
import { localError, type ErrorContext } from "../protocol/index.js";
import type { ListOptions } from "../session/index.js";
import type { Page } from "../session/index.js";
import type { GovernedCallOptions } from "../protocol/index.js";
import type { CallToolOptions } from "../tasks/index.js";
import { callTool, type ToolCallHost } from "../calls/index.js";
import type { CallToolResult, Result, Tool } from "../protocol/index.js";
import {
  readVerdict,
  runHook,
  unusable,
  type ClientHooks,
  type HookName,
  type ToolCallRequest,
} from "./hooks.js";
import { INPUT_CHECK, type WithInputCheck } from "./input-check.js";
import { checkShape, shapeForModel } from "./model-shape.js";
import type { ToolPolicy } from "./policy.js";
import { compileSelection, hiddenToolError, type CompiledSelection } from "./selection.js";
import type { ToolSelection } from "./selection.js";

/** The options of `connect()` that govern a client. */
export interface GovernanceOptions {
  /** Which tools the client offers (see `ToolSelection`). */
  tools?: ToolSelection;
  /** The caller's own code around requests (see `ClientHooks`). */
  hooks?: ClientHooks;
  /** Which calls are allowed, denied or asked about (see `createPolicy`). */
  policy?: ToolPolicy;
}

export type { GovernedCallOptions } from "../protocol/index.js";

/** `callTool`'s options as the client receives them: `shape` and a generated validator too. */
export type PipelineCallOptions = CallToolOptions & WithInputCheck & { shape?: "model" };

/** Whom a call is for when neither it nor a policy says. */
const DEFAULT_PRINCIPAL = "default";

/** A client's compiled governance; `undefined` (no options) means none at all. */
export class Governance {
  readonly #selection: CompiledSelection | undefined;
  readonly #hooks: ClientHooks;
  readonly #policy: ToolPolicy | undefined;

  private constructor(options: GovernanceOptions, selection: CompiledSelection | undefined) {
    this.#selection = selection;
    this.#hooks = options.hooks ?? {};
    this.#policy = options.policy;
  }

  /** Compiles the options at `connect()`; undefined when none is given. */
  static async create(options: GovernanceOptions): Promise<Governance | undefined> {
    if (options.tools === undefined && options.hooks === undefined && options.policy === undefined)
      return undefined;
    if (options.policy !== undefined && typeof options.policy.authorize !== "function") {
      throw localError(
        "input",
        "policy must be made by createPolicy({ rules, default, approver }) or askBeforeUnsafeTools(approver), which keep its grants",
        { method: "connect" },
      );
    }
    const selection =
      options.tools === undefined ? undefined : await compileSelection(options.tools);
    return new Governance(options, selection);
  }

  /** `listTools()`'s answer: the selection applied, then the `onToolsListed` hook. */
  async listed(tools: Tool[]): Promise<Tool[]> {
    const selection = this.#selection;
    // A page's items are unchecked server JSON: an entry without a name cannot be offered.
    const offered =
      selection === undefined
        ? tools
        : tools.filter(
            (tool) => typeof tool?.name === "string" && selection.offers(tool.name, tool),
          );
    const hook = this.#hooks.onToolsListed;
    if (hook === undefined) return offered;
    const context = { method: "tools/list" };
    const replaced = await runHook("onToolsListed", context, () => hook(offered));
    if (replaced === undefined) return offered;
    if (!Array.isArray(replaced)) throw unusable("onToolsListed", context, "returned no array");
    return replaced;
  }

  /** A `listPage("tools/list")` page as `listed` leaves it (in `result` too); others as they are. */
  async listedPage<Item>(method: string, page: Page<Item>): Promise<Page<Item>> {
    if (method !== "tools/list") return page;
    const items = (await this.listed(page.items as Tool[])) as Item[];
    return { ...page, items, result: { ...page.result, tools: items } };
  }

  /** The arguments `getPrompt` sends, after the `onPromptGet` hook. */
  async promptArguments(
    name: string,
    args: Record<string, string> | undefined,
    options: GovernedCallOptions | undefined,
  ): Promise<Record<string, string> | undefined> {
    const principal = this.#principal(options);
    const hook = this.#hooks.onPromptGet;
    if (hook === undefined) return args;
    const context = { method: "prompts/get", target: name };
    const request = { name, arguments: args, principal };
    const verdict = await runHook("onPromptGet", context, () => hook(request));
    const change = readVerdict("onPromptGet", context, verdict);
    return change?.arguments === undefined
      ? args
      : checkObject("onPromptGet", context, change.arguments);
  }

  /** The URI `readResource` reads, after the `onResourceRead` hook. */
  async resourceUri(uri: string, options: GovernedCallOptions | undefined): Promise<string> {
    const principal = this.#principal(options);
    const hook = this.#hooks.onResourceRead;
    if (hook === undefined) return uri;
    const context = { method: "resources/read", target: uri };
    const verdict = await runHook("onResourceRead", context, () => hook({ uri, principal }));
    const change = readVerdict("onResourceRead", context, verdict);
    if (change?.uri === undefined) return uri;
    if (typeof change.uri !== "string")
      throw unusable("onResourceRead", context, "gave a non-string uri");
    return change.uri;
  }

  /** Whom a call or request is for: its `principal`, else the policy's `defaultPrincipal`. */
  #principal(options: GovernedCallOptions | undefined): string {
    return checkPrincipal(options?.principal ?? this.#policy?.defaultPrincipal);
  }

  /** A tool call through the pipeline (see the module comment). */
  async callTool(
    host: ToolCallHost,
    name: string,
    args: Record<string, unknown> | undefined,
    options: PipelineCallOptions | undefined,
    definition: Tool | undefined,
  ): Promise<Result> {
    const context = { method: "tools/call", target: name };
    const principal = this.#principal(options);
    const selection = this.#selection;
    // A name-only selection is checked before anything, so a hidden call sends no request at all.
    if (selection?.needsDefinition === false && !selection.offers(name, undefined))
      throw hiddenToolError(name);
    let tool = definition ?? host.knownTool(name);
    if (
      tool === undefined &&
      (selection?.needsDefinition === true || this.#policy?.usesAnnotations)
    ) {
      // A predicate or an annotation rule judges the definition: list once to learn it.
      await host.listTools(listOptions(options));
      tool = host.knownTool(name);
    }
    if (selection !== undefined && !selection.offers(name, tool)) throw hiddenToolError(name);
    // Before the hooks and the approver: nobody is asked about a tool whose contract changed.
    const pinned = host.pin?.check(name, definition);
    if (pinned !== undefined) await pinned;
    let call: ToolCallRequest = { name, arguments: args, principal, definition: tool };
    const before = this.#hooks.onToolCall;
    if (before !== undefined) {
      const verdict = await runHook("onToolCall", context, () => before(call));
      const change = readVerdict("onToolCall", context, verdict);
      if (change?.arguments !== undefined) {
        call = { ...call, arguments: checkObject("onToolCall", context, change.arguments) };
      }
    }
    options?.[INPUT_CHECK]?.(call.arguments ?? {});
    await this.#policy?.authorize(call, options?.signal);
    const result = await callTool(host, name, call.arguments, options, tool);
    const after = this.#hooks.onToolResult;
    if (after === undefined || !isComplete(result)) return result;
    const replaced = await runHook("onToolResult", context, () =>
      after(call, result as CallToolResult),
    );
    if (replaced === undefined) return result;
    if (typeof replaced !== "object" || replaced === null || !Array.isArray(replaced.content)) {
      throw unusable("onToolResult", context, "returned something that is not a CallToolResult");
    }
    return replaced;
  }
}

/**
 * `McpClient.callTool`: through the pipeline when the client is governed, else straight to the
 * server (a generated call's validator first); then `shape: "model"` if asked for.
 */
export async function runToolCall(
  governance: Governance | undefined,
  host: ToolCallHost,
  name: string,
  args: Record<string, unknown> | undefined,
  options: PipelineCallOptions | undefined,
  definition: Tool | undefined,
): Promise<Result | string> {
  const shape = checkShape(options, name);
  let result: Result;
  if (governance !== undefined) {
    result = await governance.callTool(host, name, args, options, definition);
  } else {
    if (options?.principal !== undefined) checkPrincipal(options.principal);
    // A map lookup once the tool matched; nothing at all for a client that is not pinned.
    const pinned = host.pin?.check(name, definition);
    if (pinned !== undefined) await pinned;
    options?.[INPUT_CHECK]?.(args ?? {});
    result = await callTool(host, name, args, options, definition);
  }
  return shape ? shapeForModel(result as CallToolResult) : result;
}

function checkPrincipal(principal: unknown): string {
  if (principal === undefined) return DEFAULT_PRINCIPAL;
  if (typeof principal === "string" && principal !== "") return principal;
  throw localError(
    "input",
    `principal must be a non-empty string naming whom the call is for, got ${JSON.stringify(principal) ?? String(principal)}`,
  );
}

function checkObject<T extends object>(hook: HookName, context: ErrorContext, value: T): T {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  throw unusable(hook, context, "gave arguments that are not an object");
}

function isComplete(result: Result): boolean {
  return result.resultType !== "input_required" && result.resultType !== "task";
}

function listOptions(options: PipelineCallOptions | undefined): ListOptions | undefined {
  return options?.signal === undefined ? undefined : { signal: options.signal };
}
