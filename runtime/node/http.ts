/**
 * The Streamable HTTP transport (MCP 2026-07-28) over undici: one POST per message on a
 * keep-alive connection pool, the answer read from a JSON body or an SSE stream, cancellation
 * by closing the connection. No sessions, no GET stream, no resumption.
 */
import { EventEmitter } from "node:events";
import { Agent } from "undici";
import type { Dispatcher } from "undici";
import { localError } from "../errors.js";
import type { McpError } from "../errors.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../jsonrpc.js";
import type {
  AbortListener,
  RequestExchange,
  Transport,
  TransportDiagnostic,
} from "../transport.js";
import { contentLength, discardBody, mediaType } from "./http-body.js";
import { httpError } from "./http-error.js";
import { networkError } from "./http-network-error.js";
import { requestHeaders, resolveHttpTarget } from "./http-request-headers.js";
import type { HttpTarget } from "./http-request-headers.js";
import { readJsonAnswer, readSseAnswer } from "./http-response.js";
import type { HttpResponseContext } from "./http-response.js";
import { answerErrorStatus, unexpectedSuccess } from "./http-status.js";

export type { HttpAuthErrorData, HttpStatusErrorData } from "./http-status.js";

/** The default cap on a JSON body or one SSE event: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Options of `createHttpTransport`. */
export interface HttpTransportOptions {
  /** The MCP endpoint, e.g. `https://example.com/mcp`. `user:pass@` becomes Basic auth. */
  url: string | URL;
  /** Sent with every POST (`Authorization`, …). Protocol headers cannot be overridden. */
  headers?: Record<string, string>;
  /**
   * An undici dispatcher (Agent, Pool, ProxyAgent, MockAgent …) to send through; the transport
   * then leaves it open on `close()`. Default: a keep-alive `Agent` owned by the transport.
   */
  dispatcher?: Dispatcher;
  /** Cap on a JSON response body, and on any one SSE event. Default 16 MiB. */
  maxResponseBytes?: number;
}

/**
 * Creates a Streamable HTTP transport.
 *
 * `request()` POSTs the message with `Accept: application/json, text/event-stream`,
 * `MCP-Protocol-Version` (from `params._meta`), `Mcp-Method`, `Mcp-Name` (tool or prompt name,
 * resource URI, task id; Base64-sentinel encoded when unsafe), the caller's headers and
 * `exchange.headers`; it never sends `Mcp-Session-Id` or `Last-Event-ID`. A JSON body must hold
 * the response to that id; an SSE stream delivers notifications to `exchange.onNotification`
 * until the response. A 4xx with a JSON-RPC error body resolves with that error response (the
 * client maps its code); 401/403 reject with kind `auth` (`HttpAuthErrorData`); other statuses,
 * bad bodies, oversized bodies and network failures reject with kind `transport`.
 *
 * Aborting `exchange.signal` aborts the POST — closing the stream is how HTTP cancels, so no
 * `notifications/cancelled` is sent — and rejects with `signal.reason`. `notify()` expects
 * 2xx (202). `close()` rejects requests in flight and destroys the owned connection pool.
 *
 * @throws McpError of kind `input` for a URL that is not http(s) or a bad or reserved header.
 */
export function createHttpTransport(options: HttpTransportOptions): Transport {
  const target = resolveHttpTarget(options.url, options.headers);
  const owned = options.dispatcher === undefined;
  const dispatcher: Dispatcher =
    options.dispatcher ?? new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw localError("input", "maxResponseBytes must be a positive integer");
  }
  // What `close()` aborts when the dispatcher is injected (and so outlives the transport).
  const inFlight = new Map<AbortController | HookSignal, string>();
  let closing: Promise<void> | undefined;

  const transport: Transport = {
    endpoint: target.endpoint,
    carriesHeaders: true,
    onNotification: undefined,
    onDiagnostic: undefined,
    request: (message, exchange) =>
      post(message, exchange, exchange.headers, (response) => answer(response, message, exchange)),
    notify: (message) =>
      post(message, undefined, undefined, (response) => accept(response, message)),
    close() {
      if (closing !== undefined) return closing;
      for (const [abortable, method] of inFlight) abortable.abort(closedError(method));
      inFlight.clear();
      closing = owned ? dispatcher.destroy().catch(() => undefined) : Promise.resolve();
      return closing;
    },
  };

  const context: HttpResponseContext = {
    endpoint: target.endpoint,
    maxResponseBytes,
    diagnostic(diagnostic: TransportDiagnostic) {
      transport.onDiagnostic?.(diagnostic);
    },
  };

  function closedError(method: string): McpError {
    return httpError("transport", `the transport to ${target.endpoint} is closed`, method);
  }

  /**
   * One POST, abortable by the exchange's signal and by `close()`. The owned pool is destroyed
   * on close, which fails every request in flight, so the exchange's abort goes to undici as is
   * (through its abort listener slot when it has one, see `HookSignal`); an injected dispatcher stays
   * open, so `close()` aborts each request itself (see `linkClose`).
   */
  async function post<T>(
    message: JsonRpcRequest | JsonRpcNotification,
    exchange: RequestExchange | undefined,
    extraHeaders: Readonly<Record<string, string>> | undefined,
    handle: (response: Dispatcher.ResponseData) => Promise<T>,
  ): Promise<T> {
    if (closing !== undefined) throw closedError(message.method);
    const signal = exchange === undefined ? undefined : abortSignalFor(exchange);
    if (signal?.aborted) throw signal.reason;
    const body = serialise(message);
    const link = owned ? undefined : linkClose(signal, message.method);
    try {
      const response = await dispatcher.request(
        requestOptions(target, message, extraHeaders, body, link?.signal ?? signal),
      );
      return await handle(response);
    } catch (error) {
      throw failure(error, signal, link?.signal, message.method);
    } finally {
      link?.release();
    }
  }

  /** What undici is given to abort the POST (see `HookSignal`). */
  function abortSignalFor(exchange: RequestExchange): AbortSignal | HookSignal {
    return exchange.setAbortListener === undefined ? exchange.signal : new HookSignal(exchange);
  }

  /** Makes `signal` abortable by `close()`: a `HookSignal` itself, an `AbortSignal` by a link. */
  function linkClose(
    signal: AbortSignal | HookSignal | undefined,
    method: string,
  ): { signal: AbortSignal | HookSignal; release(): void } {
    if (!(signal instanceof HookSignal)) return linkAbort(signal, method);
    inFlight.set(signal, method);
    return { signal, release: () => inFlight.delete(signal) };
  }

  /** A controller that follows `signal` and that `close()` can abort. */
  function linkAbort(
    signal: AbortSignal | undefined,
    method: string,
  ): { signal: AbortSignal; release(): void } {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    inFlight.set(controller, method);
    return {
      signal: controller.signal,
      release() {
        signal?.removeEventListener("abort", onAbort);
        inFlight.delete(controller);
      },
    };
  }

  /** What the caller sees: the first abort's reason, "closed", or the network failure. */
  function failure(
    error: unknown,
    signal: AbortSignal | HookSignal | undefined,
    linked: AbortSignal | HookSignal | undefined,
    method: string,
  ): unknown {
    if (linked?.aborted) return linked.reason;
    if (signal?.aborted) return signal.reason;
    if (closing !== undefined) return closedError(method);
    return networkError(error, method, target.endpoint);
  }

  async function answer(
    response: Dispatcher.ResponseData,
    message: JsonRpcRequest,
    exchange: RequestExchange,
  ): Promise<JsonRpcResponse> {
    const status = response.statusCode;
    if (status < 200 || status >= 300) return answerErrorStatus(response, message, context);
    const type = mediaType(response.headers["content-type"]);
    if (status !== 202 && status !== 204) {
      if (type === "application/json") {
        const declared = contentLength(response.headers["content-length"]);
        if (declared === undefined || declared <= maxResponseBytes) {
          return readJsonAnswer(response.body, message, context);
        }
        discardBody(response.body);
        throw httpError(
          "transport",
          `the response from ${target.endpoint} is larger than ${maxResponseBytes} bytes (maxResponseBytes)`,
          message.method,
          { limit: maxResponseBytes },
        );
      }
      if (type === "text/event-stream") {
        return readSseAnswer(response.body, message, exchange, context);
      }
    }
    throw await unexpectedSuccess(response, message.method, type, context);
  }

  async function accept(
    response: Dispatcher.ResponseData,
    message: JsonRpcNotification,
  ): Promise<void> {
    const status = response.statusCode;
    if (status >= 200 && status < 300) {
      await response.body.dump();
      return;
    }
    // Without an id nothing can answer a notification: this always throws.
    await answerErrorStatus(response, { method: message.method }, context);
  }

  return transport;
}

/**
 * The exchange's abort listener slot as the abort signal undici takes, which may be an `EventEmitter`
 * that emits "abort" (undici then reads `aborted` and `reason`). An `AbortSignal` per request
 * (its controller, and undici's listener on it) cost more than the rest of the transport's own
 * work on a POST; this costs one small object, and the real signal is made only on abort.
 * `abort()` is for `close()` on an injected dispatcher; as with `AbortController`, the first
 * abort's reason is the one that sticks.
 */
class HookSignal extends EventEmitter implements AbortListener {
  #closed = false;
  #closedReason: unknown;

  constructor(private readonly exchange: RequestExchange) {
    super();
    exchange.setAbortListener?.(this);
  }

  get aborted(): boolean {
    return this.#closed || this.exchange.aborted === true;
  }

  /** The reason of the first abort (an `McpError`); undefined until aborted. */
  get reason(): unknown {
    if (this.#closed) return this.#closedReason;
    return this.exchange.aborted === true ? this.exchange.signal.reason : undefined;
  }

  /** The exchange aborted (the `AbortListener` protocol). */
  handleEvent(): void {
    this.emit("abort");
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.#closed = true;
    this.#closedReason = reason;
    this.emit("abort");
  }
}

function requestOptions(
  target: HttpTarget,
  message: JsonRpcRequest | JsonRpcNotification,
  extraHeaders: Readonly<Record<string, string>> | undefined,
  body: string,
  signal: AbortSignal | HookSignal | undefined,
): Dispatcher.RequestOptions {
  return {
    origin: target.origin,
    path: target.path,
    method: "POST",
    headers: requestHeaders(target, message, extraHeaders),
    body,
    signal: signal ?? null,
    // The client owns timeouts (through the signal); an idle SSE stream is legitimate.
    headersTimeout: 0,
    bodyTimeout: 0,
  };
}

function serialise(message: JsonRpcRequest | JsonRpcNotification): string {
  try {
    return JSON.stringify(message);
  } catch (error) {
    throw localError(
      "input",
      `the message cannot be serialised as JSON (${String(error)})`,
      { method: message.method },
      error,
    );
  }
}
