/**
 * `McpClient`: the typed MCP methods over a `Session`. Create one with `connect()`. The calls
 * (tools, prompts, resources, completions), `listen` and credentials live here; a task's state
 * and end in `ClientTasks`, the catalog reads (`discover`, lists, the cache) in `ClientCatalog`,
 * the connection's lifecycle in `ClientLifecycle`.
 */
import { localError } from "../protocol/index.js";
import type { HttpCredentials } from "../auth/index.js";
import type { MaybeInputRequired } from "../input/index.js";
import { firstRoundParams, type CallOptions } from "../input/index.js";
import { invalidResult } from "../eras/index.js";
import type { ClientCapabilities, RequestOptions } from "../protocol/index.js";
import { checkPromptResult, checkResourceResult } from "../calls/index.js";
import {
  ListenHub,
  type ListenOptions,
  type Subscription,
  type SubscriptionFilter,
} from "../listen/index.js";
import { ResultCache } from "../session/index.js";
import { InputGlue, NO_INPUT, type ClientInput } from "../calls/index.js";
import type { ToolCallHost } from "../calls/index.js";
import { runToolCall, type Governance, type PipelineCallOptions } from "../governance/index.js";
import { pinnedRawRequestRefusal, rawRequestRefusal } from "../governance/index.js";
import { DEFAULT_TIMEOUT_MS } from "../session/index.js";
import { ClientTasks } from "./client-tasks.js";
import { ContractPin, type PinOptions } from "../calls/index.js";
import { OFFER_PINNED, type OffersPinned } from "../calls/index.js";
import type { Connection } from "./connection.js";
import type { CreateTaskResult, CallToolOptions } from "../tasks/index.js";
import { SkillsClient } from "../skills/index.js";
import { TaskInputBudgets } from "../input/index.js";
import type {
  CallToolResult,
  CompleteParams,
  CompleteResult,
  GetPromptResult,
  ReadResourceResult,
  Result,
  Tool,
} from "../protocol/index.js";

export { LIST_METHODS } from "../session/index.js";
export type { ListMethod, ListOptions, PageOptions } from "../session/index.js";
export type { ClientInput } from "../calls/index.js";

export class McpClient extends ClientTasks implements OffersPinned {
  readonly #input: InputGlue;
  readonly #hub: ListenHub;
  readonly #toolCalls: ToolCallHost;
  readonly #pin: ContractPin | undefined;
  /**
   * The server's skills (SEP-2640): `list()`, `get(uri)`, `load(skill)` and the loaded skill's
   * `readFile(path)`, each file verified against the skill's entry; `readDirectory(uri)` where
   * the server declares it. Files are read only when a skill is loaded or a file of it is read.
   */
  readonly skills: SkillsClient;

  /** @internal Use `connect()`. */
  constructor(session: Connection, parts?: ClientParts) {
    const cache = parts?.cache ?? new ResultCache({ maxEntries: 0 });
    const input = new InputGlue(parts?.input ?? NO_INPUT);
    const hub = parts?.hub ?? new ListenHub(cache, undefined, DEFAULT_TIMEOUT_MS);
    const taskInputs = parts?.taskInputs ?? new TaskInputBudgets();
    super(session, cache, parts?.governance, { input, hub, taskInputs });
    this.#input = input;
    this.#hub = hub;
    this.#pin = parts?.pin === undefined ? undefined : this.#pinContract(session, parts.pin);
    this.skills = new SkillsClient({
      origin: () => session.endpoint,
      capabilities: async (options) =>
        (session.server ?? (await this.discover(options))).capabilities,
      cachedRequest: (method, params, options) =>
        this.cached(method, params, options, () =>
          session.request(method, params, options, skillsContext(method, params)),
        ),
      request: (method, params, options) =>
        session.request(method, params, options, skillsContext(method, params)),
      readResource: (uri, options) => this.readResource(uri, { ...options, manual: false }),
    });
    this.#toolCalls = {
      session,
      input: this.#input,
      ...this.taskClients,
      serverCapabilities: () => session.server?.capabilities,
      knownTool: (name) => this.knownTool(name),
      listTools: (options) => this.listUsable(options),
      pin: this.#pin,
    };
  }

  /**
   * The client capabilities this connection declares: `ConnectOptions.capabilities` plus the
   * kinds its `handlers` answer (a call's own `handlers` add to it for that call only). A copy:
   * changing it changes nothing.
   */
  get capabilities(): ClientCapabilities {
    return structuredClone(this.#input.sessionCapabilities());
  }

  /**
   * The pinned contract, checked again whenever the catalog may have changed: a tools
   * `list_changed` (unsolicited in the initialize era, on a listen stream in 2026-07-28, whether
   * or not a subscription reads it), and any state but `ready` (a restart, `reconnect()`, a
   * close: the server that answers next may be another).
   */
  #pinContract(connection: Connection, options: PinOptions): ContractPin {
    const pin = new ContractPin((list) => this.listUsable(list), options);
    this.#hub.watch("notifications/tools/list_changed", () => pin.invalidate());
    connection.onStatus((status) => {
      if (status.state !== "ready" && status.state !== "authorizing") pin.invalidate();
    });
    return pin;
  }

  /**
   * @internal A generated typed client's embedded definition (see pin-offer.ts): plain calls
   * of its name are pinned to it. Nothing happens on a client that is not pinned.
   */
  [OFFER_PINNED](load: () => Tool): void {
    this.#pin?.offer(load);
  }

  /**
   * Calls a tool. A result with `isError: true` is returned, not thrown: it is the tool's own
   * failure, meant for the model. A JSON-RPC error (unknown tool, invalid arguments) throws.
   * If the server needs input (`resultType: "input_required"`), the handlers answer it and the
   * call is sent again until it completes. Input no handler can give throws an `McpError` of kind
   * `input_required` (its `data` is the `InputRequiredResult`), or, with `manual: true`, is
   * returned for the caller to answer and pass back as `inputResponses` and `requestState`.
   *
   * `task` declares the tasks extension on this call, so the server may answer with a task:
   * `"return"` returns its handle (`CreateTaskResult`, see `isCreateTaskResult`), `"await"` polls
   * it (as `awaitTask`) and returns the final result. Without it a task answer is a protocol error.
   * On a 2025-11-25 server the task is asked for with `params.task` instead, only where the server
   * and the tool's `execution.taskSupport` allow it, and a task-required tool is awaited without
   * asking (see legacy-tasks.ts). `shape: "model"` returns the result as text for a model (see
   * `shapeForModel`); a governed client runs its `tools`/`hooks`/`policy` pipeline first. On a
   * pinned client (`ConnectOptions.pin`) the tool's live definition is checked against its
   * pinned one before anything is sent (kind `contract_changed`); `definition`, which generated
   * calls pass, is the one it is pinned to.
   */
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
    options: CallToolOptions & { shape: "model"; task?: "await"; manual?: false },
    definition?: Tool,
  ): Promise<string>;
  callTool<Structured = unknown>(
    name: string,
    args: Record<string, unknown> | undefined,
    options: CallToolOptions & { task: "return"; manual: true },
    definition?: Tool,
  ): Promise<MaybeInputRequired<CallToolResult<Structured>> | CreateTaskResult>;
  callTool<Structured = unknown>(
    name: string,
    args: Record<string, unknown> | undefined,
    options: CallToolOptions & { task: "return" },
    definition?: Tool,
  ): Promise<CallToolResult<Structured> | CreateTaskResult>;
  callTool<Structured = unknown>(
    name: string,
    args: Record<string, unknown> | undefined,
    options: CallToolOptions & { manual: true },
    definition?: Tool,
  ): Promise<MaybeInputRequired<CallToolResult<Structured>>>;
  callTool<Structured = unknown>(
    name: string,
    args?: Record<string, unknown>,
    options?: CallToolOptions,
    definition?: Tool,
  ): Promise<CallToolResult<Structured>>;
  async callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: PipelineCallOptions,
    definition?: Tool,
  ): Promise<Result | string> {
    return runToolCall(this.governance, this.#toolCalls, name, args, options, definition);
  }

  /**
   * Gets a prompt; arguments are a string map, as the protocol requires. Input requests are
   * answered as for `callTool`.
   */
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    options: CallOptions & { manual: true },
  ): Promise<MaybeInputRequired<GetPromptResult>>;
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: CallOptions,
  ): Promise<GetPromptResult>;
  async getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: CallOptions,
  ): Promise<Result> {
    const context = { method: "prompts/get", target: name };
    if (this.governance !== undefined)
      args = await this.governance.promptArguments(name, args, options);
    const params = args === undefined ? { name } : { name, arguments: args };
    const result = await this.#roundTrips(context, params, options);
    if (result.resultType === "input_required") return result;
    checkPromptResult(result, context);
    return result;
  }

  /** Reads a resource by URI. Input requests are answered as for `callTool`. */
  readResource(
    uri: string,
    options: CallOptions & { manual: true },
  ): Promise<MaybeInputRequired<ReadResourceResult>>;
  readResource(uri: string, options?: CallOptions): Promise<ReadResourceResult>;
  async readResource(uri: string, options?: CallOptions): Promise<Result> {
    if (this.governance !== undefined) uri = await this.governance.resourceUri(uri, options);
    const context = { method: "resources/read", target: uri };
    // Only the first round may come from the cache: a result reached through input rounds
    // depends on the answers given, so it is never stored.
    const result = await this.#roundTrips(context, { uri }, options, true);
    if (result.resultType === "input_required") return result;
    checkResourceResult(result, context);
    return result;
  }

  /** Sends a request that may need input, and the rounds that follow until it completes. */
  async #roundTrips(
    context: { method: string; target: string },
    params: Record<string, unknown>,
    options: CallOptions | undefined,
    cacheFirstRound = false,
  ): Promise<Result> {
    const extras = this.#input.extras(options);
    const send = (roundParams: Record<string, unknown>) =>
      this.connection.request(context.method, roundParams, options, context, extras);
    const first = firstRoundParams(params, options);
    const result = cacheFirstRound
      ? await this.cached(context.method, first, options, () => send(first))
      : await send(first);
    if (result.resultType !== "input_required") return result;
    return this.#input.continueRounds(result, context, params, send, options);
  }

  /** Asks for completions of a prompt or resource-template argument. */
  async complete(params: CompleteParams, options?: RequestOptions): Promise<CompleteResult> {
    const context = { method: "completion/complete" };
    const result = await this.connection.request(
      "completion/complete",
      params as unknown as Record<string, unknown>,
      options,
      context,
    );
    const completion = result.completion as { values?: unknown } | undefined;
    if (
      typeof completion !== "object" ||
      completion === null ||
      !Array.isArray(completion.values)
    ) {
      throw invalidResult(context, "completion.values is not an array", result);
    }
    return result as CompleteResult;
  }

  /**
   * Sends any request and returns its raw result (`resultType` checked; `input_required` is
   * returned as is). `_meta` is added; do not put one in `params`. On a governed client (`tools`,
   * `hooks` or `policy` given to `connect`) it rejects `tools/call`, `tools/list`, `prompts/get`
   * and `resources/read` with kind `input` before sending anything: those go through
   * `callTool`, `listTools`/`listPage`, `getPrompt` and `readResource`, which run the pipeline.
   * On a pinned client (`pin`) it rejects `tools/call` the same way: `callTool` checks the pin.
   */
  request(
    method: string,
    params?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Result> {
    const refusal =
      this.governance !== undefined
        ? rawRequestRefusal(method)
        : this.#pin !== undefined
          ? pinnedRawRequestRefusal(method)
          : undefined;
    if (refusal !== undefined) return Promise.reject(refusal);
    return this.connection.request(
      method,
      params,
      options,
      { method },
      this.#input.extras(undefined),
    );
  }

  /**
   * Opens a `subscriptions/listen` stream and resolves once the server acknowledged it; iterate
   * the subscription for its notifications. List-change and resource-update notifications also
   * invalidate the cached results they concern. See `Subscription` for how it ends, and
   * `ListenOptions` for the initialize era (`resources/subscribe` and unsolicited notifications).
   */
  listen(filter: SubscriptionFilter, options: ListenOptions = {}): Promise<Subscription> {
    return this.#hub.listen(this.connection, filter, options, this.connection.server?.capabilities);
  }

  /**
   * Switches a Streamable HTTP connection to other credentials: `headers` replace the target's
   * and `auth` its OAuth options (left out: none), from the next request on. Nothing sent under
   * the old identity goes on under the new one: every request in flight rejects at once with an
   * `McpError` of kind `cancelled` saying the credentials changed (its HTTP request is aborted,
   * which tells the server; send it again to make it with the new credentials), `listen` streams
   * end cleanly (listen again), and results cached as private to the old identity are dropped.
   * Requests waiting for the connection to be ready are not out yet, and go with the new ones.
   * @throws McpError of kind `input` on a stdio or in-process connection, or for a bad header or
   *   OAuth options naming no grant or several (then nothing changes).
   */
  setAuth(credentials: HttpCredentials): void {
    if (!this.connection.takesCredentials) {
      throw localError(
        "input",
        `setAuth switches the credentials of a Streamable HTTP connection; ${this.connection.endpoint} sends none`,
      );
    }
    this.connection.setCredentials(credentials);
    // Streams first, so they end cleanly rather than as cancelled requests.
    this.#hub.endStreams();
    this.connection.endInFlight();
    this.cache.changeAuthorization();
    // Another identity may be offered other tools.
    this.#pin?.invalidate();
  }

  /**
   * Closes the connection (stdio: the spec's shutdown sequence). Pending requests fail at once,
   * subscriptions end, and every later call fails with kind `closed` until `reconnect()`.
   */
  close(): Promise<void> {
    this.#hub.closeAll();
    return this.connection.close();
  }
}

/** A skills request's error context: its method, and the URI it names. */
function skillsContext(
  method: string,
  params: Record<string, unknown> | undefined,
): { method: string; target?: string } {
  return typeof params?.uri === "string" ? { method, target: params.uri } : { method };
}

/** What `connect()` hands a client besides its session. */
export interface ClientParts {
  cache: ResultCache;
  hub: ListenHub;
  input: ClientInput;
  /** The `tools`/`hooks`/`policy` pipeline; absent for a plain client. */
  governance?: Governance | undefined;
  /** The rounds cap of 2025-11-25 tasks, shared with the sessions' server requests. */
  taskInputs?: TaskInputBudgets;
  /** `ConnectOptions.pin`, normalised; absent for a client that is not pinned. */
  pin?: PinOptions | undefined;
}
