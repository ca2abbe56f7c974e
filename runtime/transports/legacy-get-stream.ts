/**
 * The standalone GET stream of an initialize-era session: where the server sends requests and
 * notifications that belong to no request (`list_changed`, `resources/updated`, `ping`,
 * `roots/list`). Optional for servers (405 means none); kept open, and reopened politely after
 * failures, for as long as the transport is.
 */
import { parseMessage, type JsonRpcRequest, type JsonRpcResponse } from "../protocol/index.js";
import type { Transport } from "./transport.js";
import { abortableDelay } from "../http/index.js";
import { mediaType } from "../http/index.js";
import type { HttpIoBody, HttpIoMethod, HttpIoRequest, HttpIoResponse } from "../http/index.js";
import type { HttpTarget } from "../http/index.js";
import type { HttpResponseContext } from "../http/index.js";
import { snippet } from "../http/index.js";
import { createSseReader } from "../http/index.js";

/** The first pause before reopening a failed or ended stream; doubled up to the maximum. */
export const GET_STREAM_BACKOFF_MS = 1_000;
export const GET_STREAM_MAX_BACKOFF_MS = 60_000;

/**
 * What the stream uses of its session: a `LegacySession` (legacy-session.ts, which starts the
 * stream and so cannot be imported here).
 */
export interface StreamSession {
  readonly lifetime: AbortController;
  readonly sessionId: string | undefined;
  readonly host: {
    readonly target: HttpTarget;
    readonly context: HttpResponseContext;
    readonly transport: Transport;
  };
  send(
    method: HttpIoMethod,
    headers: Record<string, string>,
    abort: NonNullable<HttpIoRequest["abort"]>,
  ): Promise<HttpIoResponse>;
  streamHeaders(lastEventId: string | undefined): Record<string, string>;
  answer(request: JsonRpcRequest): void;
  deliverElsewhere(response: JsonRpcResponse): boolean;
}

/**
 * Opens the GET stream and reopens it (with `Last-Event-ID` once an event id was seen, after
 * the server's `retry`, or an exponential back-off while it fails) until the session's
 * lifetime ends. Stops for
 * good on 405 (no stream offered) and on 404 to a session id (the session expired: the next
 * request says so, and a new session opens a new stream). Never rejects.
 */
export async function runGetStream(session: StreamSession): Promise<void> {
  const lifetime = session.lifetime.signal;
  const endpoint = session.host.target.endpoint;
  const state: { lastEventId: string | undefined; retryMs: number | undefined } = {
    lastEventId: undefined,
    retryMs: undefined,
  };
  let backoff = GET_STREAM_BACKOFF_MS;
  while (!lifetime.aborted) {
    const sentSessionId = session.sessionId;
    let productive = false;
    try {
      const response = await session.send(
        "GET",
        session.streamHeaders(state.lastEventId),
        session.lifetime,
      );
      const status = response.status;
      const type = mediaType(response.header("content-type"));
      if (status === 405) {
        response.body.discard();
        return;
      }
      if (status === 404 && sentSessionId !== undefined) {
        response.body.discard();
        diagnostic(
          session,
          `the server at ${endpoint} no longer knows the session (HTTP 404 to the GET stream); the stream stays closed`,
        );
        return;
      }
      if (status >= 200 && status < 300 && type === "text/event-stream") {
        productive = await readStream(session, response.body, state);
      } else {
        response.body.discard();
        diagnostic(
          session,
          `the server at ${endpoint} answered the GET stream with HTTP ${status}${type === "" ? "" : ` (${snippet(type, 80)})`}; retrying`,
        );
      }
    } catch (error) {
      if (lifetime.aborted) return;
      diagnostic(
        session,
        `the GET stream from ${endpoint} failed: ${snippet(String(error))}; retrying`,
      );
    }
    // After a stream that delivered, the pause is the server's retry (or the first back-off);
    // after a failure or an empty stream the back-off grows, and a retry can only lengthen it,
    // so a server that fails at once with `retry: 0` is not hammered.
    const pause = productive
      ? (state.retryMs ?? GET_STREAM_BACKOFF_MS)
      : Math.max(state.retryMs ?? 0, backoff);
    backoff = productive ? GET_STREAM_BACKOFF_MS : Math.min(backoff * 2, GET_STREAM_MAX_BACKOFF_MS);
    if (!(await abortableDelay(pause, [lifetime]))) return;
  }
}

/**
 * Reads one GET stream to its end, dispatching what it carries. Resolves (never rejects) when
 * it ends or breaks, with true when it delivered at least one event.
 */
function readStream(
  session: StreamSession,
  body: HttpIoBody,
  state: { lastEventId: string | undefined; retryMs: number | undefined },
): Promise<boolean> {
  const { transport, context } = session.host;
  return new Promise((resolve) => {
    let delivered = false;
    const reader = createSseReader({
      maxEventChars: context.maxResponseBytes,
      onEventId(id) {
        state.lastEventId = id;
      },
      onRetry(ms) {
        state.retryMs = ms;
      },
      onData(data) {
        delivered = true;
        const incoming = parseMessage(data);
        switch (incoming.kind) {
          case "notification":
            try {
              transport.onNotification?.(incoming.message);
            } catch (error) {
              diagnostic(
                session,
                `the notification handler threw on ${JSON.stringify(snippet(incoming.message.method))}: ${snippet(String(error))}`,
              );
            }
            return;
          case "request":
            session.answer(incoming.message);
            return;
          case "response":
            if (session.deliverElsewhere(incoming.message)) return;
            context.diagnostic({
              kind: "unknown-response",
              detail: `ignored a response to id ${snippet(JSON.stringify(incoming.message.id))} on the GET stream`,
            });
            return;
          case "invalid":
            context.diagnostic({
              kind: "invalid-message",
              detail: `ignored an SSE event that is not a JSON-RPC message (${incoming.reason}): ${snippet(data, 80)}`,
            });
        }
      },
      onIgnored: (detail) => context.diagnostic({ kind: "invalid-message", detail }),
      onOverflow() {
        body.discard();
        diagnostic(
          session,
          `an event on the GET stream was larger than ${context.maxResponseBytes} bytes (maxResponseBytes); reopening the stream`,
        );
        resolve(delivered);
      },
    });
    body.read({
      onData: (chunk) => reader.push(chunk),
      onEnd() {
        reader.end();
        resolve(delivered);
      },
      onError: () => resolve(delivered),
    });
  });
}

function diagnostic(session: StreamSession, detail: string): void {
  session.host.context.diagnostic({ kind: "closed", detail });
}
