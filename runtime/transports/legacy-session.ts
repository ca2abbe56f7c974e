/**
 * The initialize era (2025-11-25 and earlier) of Streamable HTTP, kept beside the stateless
 * transport so the 2026-07-28 path pays nothing for it: the `Mcp-Session-Id` and
 * `MCP-Protocol-Version` headers, answers to server requests POSTed back, an explicit
 * `notifications/cancelled` when a request aborts, the standalone GET stream and the DELETE that
 * ends the session.
 */
import type { McpError } from "../protocol/index.js";
import type {
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "../protocol/index.js";
import type { Transport } from "./transport.js";
import { drainBody } from "../http/index.js";
import { httpError } from "../http/index.js";
import type { HttpIo, HttpIoMethod, HttpIoRequest, HttpIoResponse } from "../http/index.js";
import { copyHeaders } from "../http/index.js";
import type { HttpTarget } from "../http/index.js";
import type { HttpResponseContext } from "../http/index.js";
import { snippet } from "../http/index.js";
import { runGetStream } from "./legacy-get-stream.js";
import { answerServerRequest } from "./server-request-answer.js";

/** How long `close()` waits for the DELETE before giving up on it. */
export const DELETE_TIMEOUT_MS = 2_000;

// A 202 to a POSTed response or notification should have no body; past this it is cut off.
const DRAIN_LIMIT = 128 * 1024;

/** What the session needs from the transport it belongs to. */
export interface LegacyHost {
  io: HttpIo;
  target: HttpTarget;
  /** `origin` + `path`, for `fetch`. */
  url: string;
  context: HttpResponseContext;
  /** Where server notifications and requests go (`onNotification`, `onRequest`). */
  transport: Transport;
}

/**
 * One initialize-era session. Made when an `initialize` request succeeds (with the session id
 * its HTTP response carried, if any); `begin()` is `Transport.beginLegacySession`.
 */
export class LegacySession {
  /** From the `initialize` response; dropped when the server says it expired (404). */
  sessionId: string | undefined;
  /** The negotiated version, sent as `MCP-Protocol-Version`; undefined until known. */
  version: string | undefined;
  /** Aborted by `close()`: ends the GET stream, the DELETE and any wait for a reconnection. */
  readonly lifetime = new AbortController();
  #streaming = false;
  // Requests in flight, and answers to them that came on the GET stream instead of their own.
  readonly #inFlight = new Set<JsonRpcId>();
  readonly #early = new Map<JsonRpcId, JsonRpcResponse>();

  constructor(
    readonly host: LegacyHost,
    sessionId: string | undefined,
    version: string | undefined,
  ) {
    this.sessionId = sessionId;
    this.version = version;
  }

  /** The handshake is done: `version` is sent from now on, and the GET stream opens. */
  begin(version: string): void {
    this.version = version;
    if (this.#streaming || this.lifetime.signal.aborted) return;
    this.#streaming = true;
    void runGetStream(this).finally(() => {
      this.#streaming = false;
    });
  }

  /**
   * The headers of a message (or, with `accept`, of a GET): the constant ones without
   * `Mcp-Method` and `Mcp-Name` (2026-07-28 only), the version and session id, then the
   * exchange's own headers (never a session id or `Last-Event-ID` from there).
   */
  headers(
    extra: Readonly<Record<string, string>> | undefined,
    lastEventId?: string,
  ): Record<string, string> {
    const headers = copyHeaders(this.host.target.headers);
    if (this.version !== undefined) headers["mcp-protocol-version"] = this.version;
    if (this.sessionId !== undefined) headers["mcp-session-id"] = this.sessionId;
    if (extra !== undefined) {
      for (const key of Object.keys(extra)) {
        const lower = key.toLowerCase();
        if (lower !== "mcp-session-id" && lower !== "last-event-id") {
          headers[lower] = extra[key] as string;
        }
      }
    }
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    return headers;
  }

  /** A request is in flight: an answer to it on the GET stream is kept for it. */
  track(id: JsonRpcId): void {
    this.#inFlight.add(id);
  }

  /** The request settled: forget it and any answer kept for it. */
  untrack(id: JsonRpcId): void {
    this.#inFlight.delete(id);
    this.#early.delete(id);
  }

  /**
   * A response arrived on the GET stream. Servers should send it on the request's own stream,
   * but some put it on whichever stream is open; it is kept for the request to pick up while it
   * resumes. False when no request in flight has its id.
   */
  deliverElsewhere(response: JsonRpcResponse): boolean {
    if (response.id === undefined || !this.#inFlight.has(response.id)) return false;
    this.#early.set(response.id, response);
    return true;
  }

  /** The answer to `id` that came on the GET stream, if one did. */
  takeAnswer(id: JsonRpcId): JsonRpcResponse | undefined {
    return this.#early.get(id);
  }

  /** The headers of a GET that opens or resumes a stream. */
  streamHeaders(lastEventId: string | undefined): Record<string, string> {
    const headers = this.#bodyless(lastEventId);
    headers.accept = "text/event-stream";
    return headers;
  }

  /** The session's headers for a request without a body (no `Content-Type`). */
  #bodyless(lastEventId: string | undefined): Record<string, string> {
    const headers = this.headers(undefined, lastEventId);
    delete headers["content-type"];
    return headers;
  }

  /**
   * Sends a body-less `method` (GET, DELETE) or a POST of `body` to the endpoint, aborted by
   * `abort` (an exchange, or `{ signal }`).
   */
  send(
    method: HttpIoMethod,
    headers: Record<string, string>,
    abort: NonNullable<HttpIoRequest["abort"]>,
    body?: string,
  ): Promise<HttpIoResponse> {
    const { io, target, url } = this.host;
    return io.send({
      method,
      url,
      origin: target.origin,
      path: target.path,
      headers,
      ...(body === undefined ? {} : { body }),
      abort,
    });
  }

  /**
   * The error for a 404 to a message that carried `sentSessionId`: the server forgot the session.
   * Drops the id (unless a new session replaced it meanwhile) so the next `initialize` starts
   * afresh.
   */
  expired(response: HttpIoResponse, sentSessionId: string, method: string): McpError {
    response.body.discard();
    if (this.sessionId === sentSessionId) this.sessionId = undefined;
    return httpError(
      "transport",
      `the server at ${this.host.target.endpoint} no longer knows the session (HTTP ${response.status} to Mcp-Session-Id); start a new session with initialize`,
      method,
      { status: response.status, sessionExpired: true },
    );
  }

  /**
   * Tells the server a request was given up (closing its stream does not cancel in this era).
   * Fire and forget: a failure is only a diagnostic.
   */
  cancel(requestId: JsonRpcId, reason: unknown): void {
    const text = reason instanceof Error ? reason.message : String(reason);
    const notification: JsonRpcNotification = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId, reason: text },
    };
    void this.post(notification, "notifications/cancelled");
  }

  /**
   * Answers a request the server sent (on a response stream or the GET stream) through
   * `transport.onRequest`, or with -32601 when nothing handles requests, and POSTs the answer.
   */
  answer(request: JsonRpcRequest): void {
    void this.#answer(request);
  }

  async #answer(request: JsonRpcRequest): Promise<void> {
    const response = await answerServerRequest(this.host.transport.onRequest, request);
    await this.post(response, `the response to ${JSON.stringify(snippet(request.method))}`);
  }

  /**
   * POSTs a notification or a response (the server answers 202); failures become diagnostics,
   * since nothing awaits them.
   */
  async post(message: JsonRpcNotification | JsonRpcResponse, what: string): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    let body: string;
    try {
      body = JSON.stringify(message);
    } catch (error) {
      this.#diagnostic(`could not serialise ${what}: ${snippet(String(error))}`);
      return;
    }
    try {
      const response = await this.send("POST", this.headers(undefined), this.lifetime, body);
      if (response.status >= 200 && response.status < 300) {
        await drainBody(response.body, DRAIN_LIMIT);
        return;
      }
      response.body.discard();
      this.#diagnostic(
        `the server at ${this.host.target.endpoint} refused ${what} (HTTP ${response.status})`,
      );
    } catch (error) {
      if (this.lifetime.signal.aborted) return;
      this.#diagnostic(`could not send ${what}: ${snippet(String(error))}`);
    }
  }

  /**
   * Ends the session: stops the GET stream and any reconnection, and DELETEs the session (when
   * there is one), waiting at most `DELETE_TIMEOUT_MS` for the answer. A 405 (the server does
   * not let clients end sessions) and failures are fine: the server expires the session itself.
   */
  async close(): Promise<void> {
    this.lifetime.abort();
    const sessionId = this.sessionId;
    if (sessionId === undefined) return;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), DELETE_TIMEOUT_MS);
    try {
      const response = await this.send("DELETE", this.#bodyless(undefined), deadline);
      // The answer carries nothing we need; not reading it lets the I/O drop it on close.
      response.body.discard();
    } catch {
      // Unreachable or too slow: the session will expire on the server.
    } finally {
      clearTimeout(timer);
    }
  }

  #diagnostic(detail: string): void {
    this.host.context.diagnostic({ kind: "closed", detail });
  }
}
