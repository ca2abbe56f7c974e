/**
 * The request engine under the client: ids, the `_meta` envelope, timeouts, cancellation, progress
 * and log routing, and the mapping of responses to results or `McpError`s. One `Session` serves
 * any number of concurrent callers over one transport.
 */
import { isMcpError, localError, type ErrorContext } from "../protocol/index.js";
import {
  isErrorResponse,
  type JsonRpcNotification,
  type JsonRpcRequest,
} from "../protocol/index.js";
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
} from "../protocol/index.js";
import { Call, type NotificationRouter } from "./call.js";
import { addTraceContext, withMeta } from "./request-meta.js";
import { checkResultType, errorFromResponse } from "./response-checks.js";
import type { ProtocolEra } from "../protocol/index.js";
import type { InputHandlers } from "../input/index.js";
import { isSessionExpired, mayReissue } from "./send-again.js";
import { ServerRequests } from "../input/index.js";
import type { TaskInputBudgets } from "../input/index.js";
import { checkCallerMeta, type RequestExtras, type RequestOptions } from "../protocol/index.js";
import type { TraceContext } from "../protocol/index.js";
import type { Transport, TransportDiagnostic } from "../transports/index.js";
import type {
  ClientCapabilities,
  Implementation,
  LogMessage,
  Meta,
  Progress,
  Result,
} from "../protocol/index.js";

export const DEFAULT_TIMEOUT_MS = 60_000;

export type { RequestExtras } from "../protocol/index.js";

const NO_EXTRAS: RequestExtras = Object.freeze({});
/**
 * The `_meta` of an initialize-era request that needs none: such requests go without `_meta`,
 * and never with the modern keys, from which a dual-era server would pick the other era.
 */
const LEGACY_NO_META: Meta = Object.freeze({});
const NO_OPTIONS: RequestOptions = Object.freeze({});

export interface SessionOptions {
  transport: Transport;
  protocolVersion: string;
  capabilities: ClientCapabilities;
  /** `false` leaves `clientInfo` out of `_meta`. */
  clientInfo: Implementation | false;
  timeout: number;
  onLog: ((message: LogMessage) => void) | undefined;
  onNotification: ((notification: JsonRpcNotification) => void) | undefined;
  onDiagnostic: ((diagnostic: TransportDiagnostic) => void) | undefined;
  /** Asked for each request's propagation fields (see `ConnectOptions.traceContext`). */
  traceContext?: (() => TraceContext | undefined) | undefined;
  /** Told each request's method as it is sent (see `ConnectOptions.onRequestSent`). */
  onRequestSent?: ((method: string) => void) | undefined;
  /** Told when a request waits on an OAuth flow (a sign-in) and when it goes on. */
  onAuthorizing?: ((active: boolean) => void) | undefined;
  /** Answer the requests an initialize-era server sends (`ping` needs none). */
  handlers?: InputHandlers;
  /** The rounds cap of 2025-11-25 tasks, shared with the client's task waits. */
  taskInputs?: TaskInputBudgets | undefined;
}

export class Session {
  readonly transport: Transport;
  #nextId = 1;
  #baseMeta: Meta = {};
  #protocolVersion = "";
  readonly #capabilities: ClientCapabilities;
  readonly #clientInfo: Implementation | false;
  readonly #timeout: number;
  readonly #onLog: SessionOptions["onLog"];
  readonly #onNotification: SessionOptions["onNotification"];
  readonly #traceContext: SessionOptions["traceContext"];
  readonly #onRequestSent: SessionOptions["onRequestSent"];
  readonly #onAuthorizing: SessionOptions["onAuthorizing"];
  /** Requests that asked for progress, by progress token (their id). */
  readonly #progress = new Map<number, Call>();
  /**
   * Every request sent and not yet answered, so a change of credentials can end them; only kept
   * over a transport that can switch credentials (HTTP), so stdio requests pay nothing for it.
   */
  readonly #inFlight: Set<Call> | undefined;
  /** Handed to every `Call`: made once here, so a request allocates no routing closure. */
  readonly #routeForCall: NotificationRouter = (notification, onLog) =>
    this.#route(notification, onLog);
  #closed = false;
  #era: ProtocolEra = "modern";
  /** Initialize era: whether the server declared `logging`, and the level last set. */
  #legacyLogging = false;
  #legacyLevel: string | undefined;
  #settingLevel: Promise<unknown> | undefined;
  readonly #serverRequests: ServerRequests;
  /**
   * Initialize era over Streamable HTTP: starts a new session after the server forgot ours
   * (a 404, `data.sessionExpired`). Set by the handshake; one run serves every request that met
   * the 404 at the same time.
   */
  reinitialize: (() => Promise<unknown>) | undefined;
  #reinitializing: Promise<unknown> | undefined;

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.#inFlight = options.transport.setCredentials === undefined ? undefined : new Set();
    this.#capabilities = options.capabilities;
    this.#clientInfo = options.clientInfo;
    this.#timeout = options.timeout;
    this.#onLog = options.onLog;
    this.#onNotification = options.onNotification;
    this.#traceContext = options.traceContext;
    this.#onRequestSent = options.onRequestSent;
    this.#onAuthorizing = options.onAuthorizing;
    this.protocolVersion = options.protocolVersion;
    this.#serverRequests = new ServerRequests(
      options.handlers ?? {},
      this.transport.endpoint,
      options.taskInputs,
    );
    this.transport.onNotification = (notification) => this.#route(notification, undefined);
    this.transport.onRequest = this.#serverRequests.answer;
    this.transport.onDiagnostic = options.onDiagnostic;
  }

  /** `modern` (2026-07-28) until `useLegacy()` switches the session to the initialize era. */
  get era(): ProtocolEra {
    return this.#era;
  }

  /**
   * Switches to the initialize era after the handshake agreed on `version`: requests then carry
   * no modern `_meta` keys, and a request's `logLevel` becomes `logging/setLevel` (sent only when
   * the server declared `logging`, and only when the level changes: it is session-wide).
   */
  useLegacy(version: string, serverLogs: boolean): void {
    this.#era = "legacy";
    this.#protocolVersion = version;
    this.#baseMeta = LEGACY_NO_META;
    this.#legacyLogging = serverLogs;
    // A new handshake (a new HTTP session) starts at the server's default level.
    this.#legacyLevel = undefined;
  }

  get protocolVersion(): string {
    return this.#protocolVersion;
  }

  /** Switches the version stamped on every later request (after negotiation). */
  set protocolVersion(version: string) {
    this.#protocolVersion = version;
    // Built once per version: requests without their own `_meta` share this frozen object.
    const meta: Meta = {
      [META_PROTOCOL_VERSION]: version,
      [META_CLIENT_CAPABILITIES]: this.#capabilities,
    };
    if (this.#clientInfo !== false) meta[META_CLIENT_INFO] = this.#clientInfo;
    this.#baseMeta = Object.freeze(meta);
  }

  /**
   * Sends a request and resolves with its result. Rejects with an `McpError`: the server's
   * JSON-RPC error, or a local `timeout`, `cancelled`, `transport` or `protocol` failure.
   * The result's `resultType` is checked: absent or `complete` pass; `input_required` passes
   * only where `extras.allowInputRequired`; anything else is a protocol error.
   *
   * A request whose HTTP response stream broke before its answer (a `transport` error with
   * `data.retryable`) is sent again once, as a new request with a new id, as the protocol asks,
   * when that is safe: reads (`server/discover`, lists, `resources/read`, `prompts/get`,
   * `completion/complete`) and calls marked `extras.idempotent`. Anything else could repeat an
   * effect, so the error goes to the caller, who knows whether a retry is safe.
   */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    extras: RequestExtras = NO_EXTRAS,
  ): Promise<Result> {
    try {
      return await this.#send(method, params, options, context, extras);
    } catch (error) {
      if (isSessionExpired(error) && this.reinitialize !== undefined && method !== "initialize") {
        this.#reinitializing ??= this.reinitialize().finally(() => {
          this.#reinitializing = undefined;
        });
        await this.#reinitializing;
        return this.#send(method, params, options, context, extras);
      }
      if (!mayReissue(error, method, extras.idempotent === true)) throw error;
      return this.#send(method, params, options, context, extras);
    }
  }

  async #send(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    extras: RequestExtras,
  ): Promise<Result> {
    if (this.#closed) throw localError("transport", "the client is closed", context);
    if (this.#era === "legacy" && options?.logLevel !== undefined) {
      await this.#setLegacyLevel(options.logLevel, context);
    }
    const id = this.#nextId++;
    extras.onId?.(id);
    const meta =
      options === undefined && extras.capabilities === undefined && this.#traceContext === undefined
        ? this.#baseMeta
        : this.#metaFor(id, method, options ?? NO_OPTIONS, extras.capabilities);
    const message: JsonRpcRequest =
      meta === LEGACY_NO_META
        ? params === undefined
          ? { jsonrpc: "2.0", id, method }
          : { jsonrpc: "2.0", id, method, params }
        : {
            jsonrpc: "2.0",
            id,
            method,
            params: params === undefined ? { _meta: meta } : withMeta(params, meta),
          };
    const call = new Call(
      options,
      context,
      this.#timeout,
      this.#routeForCall,
      this.#onAuthorizing,
      extras.authorizationTimeout,
    );
    if (extras.headers !== undefined) call.headers = extras.headers;
    // Its id doubles as the progress token (see `#metaFor`).
    const watchesProgress = call.onProgress !== undefined;
    if (watchesProgress) this.#progress.set(id, call);
    this.#inFlight?.add(call);
    this.#onRequestSent?.(method);
    try {
      const response = await this.transport.request(message, call);
      if (isErrorResponse(response)) throw errorFromResponse(response.error, context);
      return checkResultType(response.result, context, extras);
    } catch (error) {
      throw isMcpError(error)
        ? error
        : localError("transport", `transport failed: ${String(error)}`, context, error);
    } finally {
      call.finish();
      this.#inFlight?.delete(call);
      if (watchesProgress) this.#progress.delete(id);
    }
  }

  /**
   * The credentials changed (`McpClient.setAuth`): every request in flight is aborted at once,
   * as a cancellation the transport passes on (an HTTP POST is closed, which is how the server
   * learns it), and rejects with kind `cancelled`. None was answered under the old identity, so
   * none may finish with it; the caller sends it again.
   */
  endInFlight(): void {
    for (const call of [...(this.#inFlight ?? [])]) call.credentialsChanged();
  }

  /** Sends a notification to the server. */
  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message: JsonRpcNotification =
      params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
    await this.transport.notify(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#serverRequests.abortAll();
    await this.transport.close();
  }

  /** `logging/setLevel` before a legacy request that asks for a level other than the last one. */
  async #setLegacyLevel(level: string, context: ErrorContext): Promise<void> {
    if (!this.#legacyLogging) return;
    // Concurrent requests asking for levels: one setLevel at a time, the last one wins.
    while (this.#settingLevel !== undefined) await this.#settingLevel.catch(() => undefined);
    if (this.#legacyLevel === level) return;
    const setting = this.#send(
      "logging/setLevel",
      { level },
      undefined,
      { ...context, method: "logging/setLevel" },
      NO_EXTRAS,
    );
    this.#settingLevel = setting;
    try {
      await setting;
      this.#legacyLevel = level;
    } finally {
      this.#settingLevel = undefined;
    }
  }

  #metaFor(
    id: number,
    method: string,
    options: RequestOptions,
    capabilities: ClientCapabilities | undefined,
  ): Meta {
    const trace = options.trace ?? this.#askTraceContext(method);
    if (
      capabilities === undefined &&
      options.meta === undefined &&
      options.onProgress === undefined &&
      options.logLevel === undefined &&
      trace === undefined
    ) {
      return this.#baseMeta;
    }
    if (options.meta !== undefined) checkCallerMeta(options.meta, method);
    if (this.#era === "legacy") return this.#legacyMetaFor(id, method, options, trace);
    // Not a spread: keys added to a spread copy make a slow object (see `withMeta`). The caller's
    // keys were checked above, so none is `__proto__`, which `Object.assign` would not copy.
    const meta: Meta = Object.assign({}, options.meta, this.#baseMeta);
    if (capabilities !== undefined) meta[META_CLIENT_CAPABILITIES] = capabilities;
    if (options.onProgress !== undefined) meta.progressToken = id;
    if (options.logLevel !== undefined) meta[META_LOG_LEVEL] = options.logLevel;
    if (trace !== undefined) addTraceContext(meta, trace, options.trace === undefined, method);
    return meta;
  }

  /** Initialize era: the caller's `_meta`, a progress token and trace context; no modern keys. */
  #legacyMetaFor(
    id: number,
    method: string,
    options: RequestOptions,
    trace: TraceContext | undefined,
  ): Meta {
    const meta: Meta = Object.assign({}, options.meta);
    if (options.onProgress !== undefined) meta.progressToken = id;
    if (trace !== undefined) addTraceContext(meta, trace, options.trace === undefined, method);
    return Object.keys(meta).length === 0 ? LEGACY_NO_META : meta;
  }

  /** The client's `traceContext` hook, if any; a hook that throws fails the request locally. */
  #askTraceContext(method: string): TraceContext | undefined {
    if (this.#traceContext === undefined) return undefined;
    try {
      return this.#traceContext() ?? undefined;
    } catch (error) {
      throw localError("input", `the traceContext hook threw: ${String(error)}`, { method }, error);
    }
  }

  /**
   * Routes a notification. `onLog` is the log sink of the request the transport tied it to, if
   * any; log messages go there first, then to the session's.
   */
  #route(
    notification: JsonRpcNotification,
    onLog: ((message: LogMessage) => void) | undefined,
  ): void {
    const params = notification.params;
    switch (notification.method) {
      case "notifications/progress": {
        const token = params?.progressToken;
        const call = typeof token === "number" ? this.#progress.get(token) : undefined;
        if (call === undefined || typeof params?.progress !== "number") return;
        call.progressed();
        const progress: Progress = { progress: params.progress };
        if (typeof params.total === "number") progress.total = params.total;
        if (typeof params.message === "string") progress.message = params.message;
        call.onProgress?.(progress);
        return;
      }
      case "notifications/cancelled":
        // The server gave up on a request it sent us (initialize era), or on a listen stream.
        if (this.#serverRequests.cancel(params?.requestId, params?.reason)) return;
        this.#onNotification?.(notification);
        return;
      case "notifications/message": {
        if (params === undefined || typeof params.level !== "string") return;
        const sink = onLog ?? this.#onLog;
        sink?.(params as unknown as LogMessage);
        return;
      }
      default:
        this.#onNotification?.(notification);
    }
  }
}
