/**
 * The request engine under the client: ids, the `_meta` envelope, timeouts, cancellation, progress
 * and log routing, and the mapping of responses to results or `McpError`s. One `Session` serves
 * any number of concurrent callers over one transport.
 */
import { McpError, describeContext, isMcpError, localError, type ErrorContext } from "./errors.js";
import { isErrorResponse, type JsonRpcNotification, type JsonRpcRequest } from "./jsonrpc.js";
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
} from "./protocol.js";
import { checkCallerMeta, type RequestOptions } from "./request-options.js";
import type { RequestExchange, Transport, TransportDiagnostic } from "./transport.js";
import type {
  ClientCapabilities,
  Implementation,
  LogMessage,
  Meta,
  Progress,
  Result,
} from "./types.js";

export const DEFAULT_TIMEOUT_MS = 60_000;

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
}

/** State of one request in flight, kept only while it waits. */
interface Pending {
  onProgress: ((progress: Progress) => void) | undefined;
  /** Called on each progress notification to push the deadline out. */
  extend: (() => void) | undefined;
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
  /** Requests that asked for progress, by progress token (their id). */
  readonly #progress = new Map<number, Pending>();
  #closed = false;

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.#capabilities = options.capabilities;
    this.#clientInfo = options.clientInfo;
    this.#timeout = options.timeout;
    this.#onLog = options.onLog;
    this.#onNotification = options.onNotification;
    this.protocolVersion = options.protocolVersion;
    this.transport.onNotification = (notification) => this.#route(notification, undefined);
    this.transport.onDiagnostic = options.onDiagnostic;
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
   * only where `allowInputRequired`; anything else is a protocol error.
   */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    allowInputRequired = false,
    headers?: Record<string, string>,
  ): Promise<Result> {
    if (this.#closed) throw localError("transport", "the client is closed", context);
    const id = this.#nextId++;
    const meta = options === undefined ? this.#baseMeta : this.#metaFor(id, method, options);
    const message: JsonRpcRequest = {
      jsonrpc: "2.0",
      id,
      method,
      params: params === undefined ? { _meta: meta } : { ...params, _meta: meta },
    };
    const call = new Call(this, id, options, context);
    if (headers !== undefined) call.headers = headers;
    try {
      const response = await this.transport.request(message, call);
      if (isErrorResponse(response)) throw McpError.fromResponse(response.error, context);
      return checkResultType(response.result, context, allowInputRequired);
    } catch (error) {
      throw isMcpError(error)
        ? error
        : localError("transport", `transport failed: ${String(error)}`, context, error);
    } finally {
      call.finish();
    }
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
    await this.transport.close();
  }

  /** @internal */
  get defaultTimeout(): number {
    return this.#timeout;
  }

  /** @internal Registers a request for progress routing; its id doubles as progress token. */
  trackProgress(id: number, pending: Pending): void {
    this.#progress.set(id, pending);
  }

  /** @internal */
  untrackProgress(id: number): void {
    this.#progress.delete(id);
  }

  #metaFor(id: number, method: string, options: RequestOptions): Meta {
    if (
      options.meta === undefined &&
      options.onProgress === undefined &&
      options.logLevel === undefined
    ) {
      return this.#baseMeta;
    }
    if (options.meta !== undefined) checkCallerMeta(options.meta, method);
    const meta: Meta = { ...options.meta, ...this.#baseMeta };
    if (options.onProgress !== undefined) meta.progressToken = id;
    if (options.logLevel !== undefined) meta[META_LOG_LEVEL] = options.logLevel;
    return meta;
  }

  /** @internal Routes a notification; `call` is set when the transport tied it to a request. */
  route(notification: JsonRpcNotification, call: Call | undefined): void {
    this.#route(notification, call);
  }

  #route(notification: JsonRpcNotification, call: Call | undefined): void {
    const params = notification.params;
    switch (notification.method) {
      case "notifications/progress": {
        const token = params?.progressToken;
        const pending = typeof token === "number" ? this.#progress.get(token) : undefined;
        if (pending === undefined || typeof params?.progress !== "number") return;
        pending.extend?.();
        const progress: Progress = { progress: params.progress };
        if (typeof params.total === "number") progress.total = params.total;
        if (typeof params.message === "string") progress.message = params.message;
        pending.onProgress?.(progress);
        return;
      }
      case "notifications/message": {
        if (params === undefined || typeof params.level !== "string") return;
        const sink = call?.onLog ?? this.#onLog;
        sink?.(params as unknown as LogMessage);
        return;
      }
      default:
        this.#onNotification?.(notification);
    }
  }
}

/** One request in flight: its abort controller, deadline and notification routing. */
class Call implements RequestExchange {
  readonly signal: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  readonly onLog: ((message: LogMessage) => void) | undefined;
  readonly #session: Session;
  readonly #id: number;
  readonly #controller = new AbortController();
  readonly #context: ErrorContext;
  readonly #timeout: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #deadline = 0;
  #userSignal: AbortSignal | undefined;
  #onUserAbort: (() => void) | undefined;

  constructor(
    session: Session,
    id: number,
    options: RequestOptions | undefined,
    context: ErrorContext,
  ) {
    this.#session = session;
    this.#id = id;
    this.#context = context;
    this.signal = this.#controller.signal;
    this.onLog = options?.onLog;
    this.#timeout = options?.timeout ?? session.defaultTimeout;
    if (this.#timeout > 0 && Number.isFinite(this.#timeout)) {
      this.#timer = setTimeout(() => this.#expire(), this.#timeout);
    }
    if (options === undefined) return;
    if (options.onProgress !== undefined) {
      const reset = options.resetTimeoutOnProgress === true && this.#timer !== undefined;
      if (reset) this.#deadline = Date.now() + (options.maxTotalTimeout ?? this.#timeout * 10);
      session.trackProgress(id, {
        onProgress: options.onProgress,
        extend: reset ? () => this.#extend() : undefined,
      });
    }
    const signal = options.signal;
    if (signal !== undefined) {
      if (signal.aborted) this.#cancel(signal.reason);
      else {
        this.#userSignal = signal;
        this.#onUserAbort = () => this.#cancel(signal.reason);
        signal.addEventListener("abort", this.#onUserAbort, { once: true });
      }
    }
  }

  onNotification(notification: JsonRpcNotification): void {
    this.#session.route(notification, this);
  }

  /** Releases the timer, the progress registration and the caller's signal listener. */
  finish(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#session.untrackProgress(this.#id);
    if (this.#onUserAbort !== undefined) {
      this.#userSignal?.removeEventListener("abort", this.#onUserAbort);
    }
  }

  #expire(): void {
    this.#controller.abort(
      new McpError({
        ...this.#context,
        kind: "timeout",
        message: `${describeContext(this.#context)}no response within ${this.#timeout} ms; pass a larger \`timeout\` if the server is slow`,
      }),
    );
  }

  #extend(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    const remaining = Math.min(this.#timeout, this.#deadline - Date.now());
    this.#timer = setTimeout(() => this.#expire(), Math.max(0, remaining));
  }

  #cancel(reason: unknown): void {
    const message = reason instanceof Error ? `: ${reason.message}` : "";
    this.#controller.abort(
      new McpError({
        ...this.#context,
        kind: "cancelled",
        message: `${describeContext(this.#context)}cancelled by the caller${message}`,
        cause: reason,
      }),
    );
  }
}

/** Applies the `resultType` rules: absent → complete; unknown values are protocol errors. */
function checkResultType(
  result: Result,
  context: ErrorContext,
  allowInputRequired: boolean,
): Result {
  const type = result.resultType;
  if (type === undefined || type === "complete") return result;
  if (type === "input_required" && allowInputRequired) return result;
  throw new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}server answered with resultType ${JSON.stringify(type)}, which is not valid for this request`,
  });
}
