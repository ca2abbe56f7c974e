/**
 * The Streamable HTTP transport, platform-neutral: one POST per message, the answer read from a
 * JSON body or an SSE stream. In 2026-07-28 (the default) there are no sessions, no GET stream
 * and no resumption, and aborting the POST cancels. A successful `initialize` switches to the
 * initialize era (`legacy-session.ts`): session and version headers, server requests answered,
 * the GET stream, `notifications/cancelled`, resumption (`sse-resume.ts`) and DELETE on close.
 * Sending is left to an `HttpIo` (fetch, undici).
 */
import { isAuthorizationTimeout } from "../auth/index.js";
import { localError } from "../protocol/index.js";
import type { McpError } from "../protocol/index.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange, Transport, TransportDiagnostic } from "./transport.js";
import { contentLength, drainBody, mediaType } from "../http/index.js";
import { httpError } from "../http/index.js";
import type { OAuthOptions } from "../auth/index.js";
import { credentialedIo } from "../auth/index.js";
import type { HttpIo, HttpIoResponse } from "../http/index.js";
import { networkError } from "../http/index.js";
import { requestHeaders, resolveHttpTarget } from "../http/index.js";
import { SseStreamInterrupted, readJsonAnswer, readSseAnswer } from "../http/index.js";
import type { HttpResponseContext, SseResumeState } from "../http/index.js";
import { answerErrorStatus, unexpectedSuccess } from "../http/index.js";
import { LegacySession } from "./legacy-session.js";
import { resumeAnswer } from "./sse-resume.js";

/** The default cap on a JSON body or one SSE event: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

// What a session id may hold (visible ASCII, 2025-11-25): anything else cannot be echoed safely.
const SESSION_ID = /^[\x21-\x7E]+$/;

// A notification's answer (202) should have no body; past this much it is not read to its end.
const DRAIN_LIMIT = 128 * 1024;

/** What every Streamable HTTP transport is configured with, whatever sends its POSTs. */
export interface StreamableHttpOptions {
  /** The MCP endpoint, e.g. `https://example.com/mcp`. `user:pass@` becomes Basic auth. */
  url: string | URL;
  /** Sent with every POST (`Authorization`, …). Protocol headers cannot be overridden. */
  headers?: Record<string, string>;
  /** Cap on a JSON response body, and on any one SSE event. Default 16 MiB. */
  maxResponseBytes?: number;
  /**
   * OAuth for a protected server: a 401 runs discovery, client registration and the
   * authorization code flow, then every request carries the token (see `OAuthOptions`).
   */
  auth?: OAuthOptions;
}

/**
 * Creates a Streamable HTTP transport that sends through the `HttpIo` `makeIo` returns (called
 * once the options are known to be valid, so a refused URL leaves nothing open).
 *
 * `request()` POSTs the message with `Accept: application/json, text/event-stream`,
 * `MCP-Protocol-Version` (from `params._meta`), `Mcp-Method`, `Mcp-Name`, the caller's headers
 * and `exchange.headers`. A JSON body must hold the response to that id; an SSE stream delivers
 * notifications to `exchange.onNotification` until the response. A 4xx with a JSON-RPC error
 * body resolves with that error response; 401/403 reject with kind `auth`; other statuses, bad
 * bodies, oversized bodies and network failures reject with kind `transport`. Aborting the
 * exchange aborts the POST and rejects with `signal.reason`. `close()` rejects requests in
 * flight and closes the I/O.
 *
 * Initialize era: once an `initialize` request gets a result, every message carries the
 * `Mcp-Session-Id` its HTTP response gave (if any) and `MCP-Protocol-Version` (from the result,
 * then from `beginLegacySession`) instead of `Mcp-Method` / `Mcp-Name`; a 404 to a session id
 * rejects with `data.sessionExpired`; server requests on response streams go to `onRequest`
 * and the answer is POSTed back; an abort also POSTs `notifications/cancelled`; a stream that
 * closes after an event id is resumed with GET + `Last-Event-ID`. `beginLegacySession` opens
 * the GET stream; `close()` then DELETEs the session, waiting a bounded time.
 *
 * @throws McpError of kind `input` for a URL that is not http(s), a bad or reserved header, or
 *   a `maxResponseBytes` that is not a positive integer.
 */
export function createStreamableHttpTransport(
  options: StreamableHttpOptions,
  makeIo: () => HttpIo,
): Transport {
  const target = resolveHttpTarget(options.url, options.headers);
  const url = `${target.origin}${target.path}`;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw localError("input", "maxResponseBytes must be a positive integer");
  }
  const credentials = credentialedIo(target, options.url, options.auth, makeIo);
  const io = credentials.io;
  let closing: Promise<void> | undefined;
  // Set by the first successful `initialize`: from then on every message takes the legacy path.
  let legacy: LegacySession | undefined;

  const transport: Transport = {
    endpoint: target.endpoint,
    setCredentials: (next) => credentials.use(next),
    carriesHeaders: true,
    onNotification: undefined,
    onDiagnostic: undefined,
    onRequest: undefined,
    request: (message, exchange) =>
      legacy === undefined && message.method !== "initialize"
        ? post(message, exchange, requestHeaders(target, message, exchange.headers), (response) =>
            answer(response, message, exchange, undefined),
          )
        : legacyRequest(message, exchange),
    notify: (message) =>
      legacy === undefined
        ? post(message, undefined, requestHeaders(target, message, undefined), (response) =>
            accept(response, message),
          )
        : legacyNotify(legacy, message),
    beginLegacySession(protocolVersion) {
      if (closing === undefined) session().begin(protocolVersion);
    },
    close() {
      closing ??= shutdown();
      return closing;
    },
  };

  const context: HttpResponseContext = {
    endpoint: target.endpoint,
    maxResponseBytes,
    diagnostic(diagnostic: TransportDiagnostic) {
      transport.onDiagnostic?.(diagnostic);
    },
    serverRequest: undefined,
  };

  async function shutdown(): Promise<void> {
    await legacy?.close();
    await io.close().catch(() => undefined);
  }

  function closedError(method: string): McpError {
    return httpError("transport", `the transport to ${target.endpoint} is closed`, method);
  }

  /** One POST with `headers` and the reading of its answer, failures mapped by `failure`. */
  async function post<T>(
    message: JsonRpcRequest | JsonRpcNotification,
    exchange: RequestExchange | undefined,
    headers: Record<string, string>,
    handle: (response: HttpIoResponse) => Promise<T>,
  ): Promise<T> {
    if (closing !== undefined) throw closedError(message.method);
    if (exchange !== undefined && isAborted(exchange)) throw exchange.signal.reason;
    const body = serialise(message);
    let responded = false;
    try {
      const response = await io.send({
        url,
        origin: target.origin,
        path: target.path,
        headers,
        body,
        abort: exchange,
      });
      responded = true;
      return await handle(response);
    } catch (error) {
      throw failure(error, exchange, message.method, responded);
    }
  }

  /**
   * What the caller sees: the exchange's abort reason, "closed", or the failure itself (an
   * `McpError` from reading the answer, or the I/O's error mapped by `networkError`).
   */
  function failure(
    error: unknown,
    exchange: RequestExchange | undefined,
    method: string,
    responded: boolean,
  ): unknown {
    if (exchange !== undefined && isAborted(exchange)) {
      // An OAuth step that outlived the deadline says which step: better than "no response".
      return isAuthorizationTimeout(error) ? error : exchange.signal.reason;
    }
    if (closing !== undefined) return closedError(method);
    return networkError(error, method, target.endpoint, responded);
  }

  async function answer(
    response: HttpIoResponse,
    message: JsonRpcRequest,
    exchange: RequestExchange,
    resume: SseResumeState | undefined,
  ): Promise<JsonRpcResponse> {
    const status = response.status;
    if (status < 200 || status >= 300) return answerErrorStatus(response, message, context);
    const type = mediaType(response.header("content-type"));
    if (status !== 202 && status !== 204) {
      if (type === "application/json") {
        const declared = contentLength(response.header("content-length"));
        if (declared === undefined || declared <= maxResponseBytes) {
          return readJsonAnswer(response.body, message, context);
        }
        response.body.discard();
        throw httpError(
          "transport",
          `the response from ${target.endpoint} is larger than ${maxResponseBytes} bytes (maxResponseBytes)`,
          message.method,
          { limit: maxResponseBytes },
        );
      }
      if (type === "text/event-stream") {
        return readSseAnswer(response.body, message, exchange, context, resume);
      }
    }
    throw await unexpectedSuccess(response, message.method, type, context);
  }

  async function accept(response: HttpIoResponse, message: JsonRpcNotification): Promise<void> {
    const status = response.status;
    if (status >= 200 && status < 300) {
      await drainBody(response.body, DRAIN_LIMIT);
      return;
    }
    // Without an id nothing can answer a notification: this always throws.
    await answerErrorStatus(response, { method: message.method }, context);
  }

  /** The initialize-era session, made on first need; it answers server requests on streams. */
  function session(): LegacySession {
    if (legacy !== undefined) return legacy;
    const created = new LegacySession(
      { io, target, url, context, transport },
      undefined,
      undefined,
    );
    context.serverRequest = (request) => created.answer(request);
    legacy = created;
    return created;
  }

  /**
   * A request in the initialize era, or the `initialize` that starts it: session headers, 404
   * to a session id as `sessionExpired`, an interrupted SSE answer resumed, and an abort told
   * to the server. A successful `initialize` records the session id its response carried (none
   * drops the old one) and the version it agreed on.
   */
  async function legacyRequest(
    message: JsonRpcRequest,
    exchange: RequestExchange,
  ): Promise<JsonRpcResponse> {
    const current = legacy;
    const sentSessionId = current?.sessionId;
    const initialize = message.method === "initialize";
    const headers =
      current === undefined
        ? initializeHeaders(message, exchange)
        : current.headers(exchange.headers);
    let newSessionId: string | undefined;
    current?.track(message.id);
    try {
      const response = await post(message, exchange, headers, async (response) => {
        if (current !== undefined && sentSessionId !== undefined && response.status === 404) {
          throw current.expired(response, sentSessionId, message.method);
        }
        if (initialize) newSessionId = response.header("mcp-session-id");
        if (current === undefined) return answer(response, message, exchange, undefined);
        const resume: SseResumeState = { lastEventId: undefined, retryMs: undefined, messages: 0 };
        try {
          const answered = await answer(response, message, exchange, resume);
          if (sentSessionId !== undefined && response.status === 400 && forgotSession(answered)) {
            throw current.expired(response, sentSessionId, message.method);
          }
          return answered;
        } catch (error) {
          if (!(error instanceof SseStreamInterrupted)) throw error;
          return await resumeAnswer(current, message, exchange, resume);
        }
      });
      if (initialize && "result" in response) {
        if (newSessionId !== undefined && !SESSION_ID.test(newSessionId)) {
          throw httpError(
            "transport",
            `the server at ${target.endpoint} sent an Mcp-Session-Id that is not visible ASCII (0x21–0x7E), so it cannot be sent back; the server must fix its session ids`,
            message.method,
          );
        }
        const started = session();
        started.sessionId = newSessionId;
        const version = response.result.protocolVersion;
        if (typeof version === "string") started.version = version;
      }
      return response;
    } catch (error) {
      // Closing the stream does not cancel in this era; initialize is never cancelled.
      if (current !== undefined && !initialize && isAborted(exchange)) {
        current.cancel(message.id, exchange.signal.reason);
      }
      throw error;
    } finally {
      current?.untrack(message.id);
    }
  }

  /** A notification in the initialize era: session headers, 404 as `sessionExpired`. */
  async function legacyNotify(current: LegacySession, message: JsonRpcNotification): Promise<void> {
    const sentSessionId = current.sessionId;
    await post(message, undefined, current.headers(undefined), async (response) => {
      if (sentSessionId !== undefined && response.status === 404) {
        throw current.expired(response, sentSessionId, message.method);
      }
      await accept(response, message);
    });
  }

  /** The first `initialize`: the constant and exchange headers, none of 2026-07-28's. */
  function initializeHeaders(
    message: JsonRpcRequest,
    exchange: RequestExchange,
  ): Record<string, string> {
    const headers = requestHeaders(target, message, exchange.headers);
    delete headers["mcp-method"];
    delete headers["mcp-name"];
    return headers;
  }

  return transport;
}

/**
 * Whether the exchange was aborted, through its cheap `aborted` flag when it has one (reading
 * `signal` may make an AbortController).
 */
function isAborted(exchange: RequestExchange): boolean {
  return exchange.aborted ?? exchange.signal.aborted;
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

/**
 * A 400 whose JSON-RPC error names the session: how servers on the official SDK 1.x (the
 * reference servers among them) answer a session id they do not know, where the spec says 404.
 * Taken as the same expiry, so a restarted server is re-initialized rather than failing every
 * later call.
 */
function forgotSession(response: JsonRpcResponse): boolean {
  return "error" in response && /\bsession\b/i.test(String(response.error.message));
}
