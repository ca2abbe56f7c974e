/**
 * Resuming an initialize-era response stream the server closed before the response
 * (2025-11-25): wait the `retry` it asked for, GET the endpoint with `Last-Event-ID`, and keep
 * reading for the response there, as often as the server keeps making progress.
 */
import type { JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange } from "./transport.js";
import { abortableDelay } from "../http/index.js";
import { mediaType } from "../http/index.js";
import { httpError } from "../http/index.js";
import { SseStreamInterrupted, readSseAnswer } from "../http/index.js";
import type { SseResumeState } from "../http/index.js";
import { answerErrorStatus, unexpectedSuccess } from "../http/index.js";
import type { LegacySession } from "./legacy-session.js";

/** The pause before reconnecting when the server sent no `retry`. */
export const DEFAULT_RETRY_MS = 250;

/** Reconnections in a row that deliver no message before the request fails. */
export const MAX_RESUME_ATTEMPTS = 3;

/** Thrown when the wait is cut short; the transport reports the abort or close behind it. */
const STOPPED = new Error("the reconnection was stopped");

/**
 * Reconnects to the interrupted stream of `request` until the response arrives. Each attempt
 * waits `state.retryMs` (or `DEFAULT_RETRY_MS`), then takes the answer if the GET stream
 * brought it meanwhile, else GETs with `Last-Event-ID`. Rejects with a
 * `transport` error (`retryable`) after `MAX_RESUME_ATTEMPTS` reconnections in a row without a
 * message, with `sessionExpired` on a 404, with the status error on other failures (or
 * resolves with the JSON-RPC error a 4xx body holds), and with `STOPPED` when the exchange
 * aborts or the session closes during a wait (the transport maps that to the abort reason or
 * its "closed" error).
 */
export async function resumeAnswer(
  session: LegacySession,
  request: JsonRpcRequest,
  exchange: RequestExchange,
  state: SseResumeState,
): Promise<JsonRpcResponse> {
  const { context } = session.host;
  // Progress is a delivered message: a server that only primes and closes must not loop forever.
  let progressedTo = state.messages;
  let attempts = 0;
  for (;;) {
    if (state.messages !== progressedTo) {
      progressedTo = state.messages;
      attempts = 0;
    }
    if (++attempts > MAX_RESUME_ATTEMPTS) {
      throw httpError(
        "transport",
        `the response stream from ${context.endpoint} for request ${JSON.stringify(request.id)} closed ${MAX_RESUME_ATTEMPTS} times in a row without delivering anything after reconnecting; the request may be re-issued with a new id`,
        request.method,
        { retryable: true },
      );
    }
    const pause = state.retryMs ?? DEFAULT_RETRY_MS;
    if (!(await abortableDelay(pause, [exchange.signal, session.lifetime.signal]))) throw STOPPED;
    // The server may have answered on the GET stream meanwhile: then there is nothing to resume.
    const early = session.takeAnswer(request.id);
    if (early !== undefined) return early;
    const sentSessionId = session.sessionId;
    const response = await session.send("GET", session.streamHeaders(state.lastEventId), exchange);
    const status = response.status;
    if (status === 404 && sentSessionId !== undefined) {
      throw session.expired(response, sentSessionId, request.method);
    }
    // A JSON-RPC error in a 4xx body is the server's answer to the request, as on the POST.
    if (status < 200 || status >= 300) return await answerErrorStatus(response, request, context);
    const type = mediaType(response.header("content-type"));
    if (type !== "text/event-stream") {
      throw await unexpectedSuccess(response, request.method, type, context);
    }
    try {
      return await readSseAnswer(response.body, request, exchange, context, state);
    } catch (error) {
      if (!(error instanceof SseStreamInterrupted)) throw error;
    }
  }
}
