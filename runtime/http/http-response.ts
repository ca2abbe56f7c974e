/**
 * Reading the answer to one request from a 2xx response: a single JSON-RPC response in an
 * `application/json` body, or an SSE stream of notifications that ends with the response.
 */
import type { McpError } from "../protocol/index.js";
import { parseMessage } from "../protocol/index.js";
import type { IncomingMessage, JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange, TransportDiagnostic } from "../protocol/index.js";
import { BodyTooLargeError, readBody } from "./http-body.js";
import { httpError } from "./http-error.js";
import type { HttpIoBody } from "./http-io.js";
import { snippet } from "./http-snippet.js";
import { createSseReader } from "./sse-reader.js";

/** What reading an answer needs from the transport: names, the size cap, the diagnostics sink. */
export interface HttpResponseContext {
  endpoint: string;
  maxResponseBytes: number;
  diagnostic(diagnostic: TransportDiagnostic): void;
  /**
   * Initialize era: answers a request the server sent on a stream. Unset in 2026-07-28, where
   * servers send none, and such a request is reported as a diagnostic.
   */
  serverRequest?: ((request: JsonRpcRequest) => void) | undefined;
}

/**
 * Where a resumable (initialize-era) SSE stream stands: the last event id seen and the `retry`
 * the server asked for. Kept across the reconnections of one request.
 */
export interface SseResumeState {
  lastEventId: string | undefined;
  retryMs: number | undefined;
  /** Messages delivered so far (priming events do not count): what progress is measured by. */
  messages: number;
}

/**
 * `readSseAnswer` with a resume state rejects with this when the stream ended or broke before
 * the response after an event id was seen: the caller reconnects with `Last-Event-ID`.
 */
export class SseStreamInterrupted extends Error {
  constructor(cause: unknown) {
    super("the SSE stream was interrupted before the response", { cause });
  }
}

/**
 * The response itself when it answers `request` (same id, or an error response without one,
 * which then gets the request's id); undefined otherwise.
 */
export function matchResponse(
  response: JsonRpcResponse,
  request: JsonRpcRequest,
): JsonRpcResponse | undefined {
  if (response.id === request.id) return response;
  if (response.id === undefined && "error" in response) return { ...response, id: request.id };
  return undefined;
}

/**
 * Reads an `application/json` body (at most `maxResponseBytes`) and returns the response it
 * holds. Anything else — invalid JSON, a notification, a response to another id — is a
 * `transport` error.
 */
export async function readJsonAnswer(
  body: HttpIoBody,
  request: JsonRpcRequest,
  context: HttpResponseContext,
): Promise<JsonRpcResponse> {
  let text: string;
  try {
    ({ text } = await readBody(body, context.maxResponseBytes, "strict"));
  } catch (error) {
    throw error instanceof BodyTooLargeError ? tooLarge(request.method, context) : error;
  }
  const incoming = parseMessage(text);
  const answer =
    incoming.kind === "response" ? matchResponse(incoming.message, request) : undefined;
  if (answer !== undefined) return answer;
  throw httpError(
    "transport",
    `the server at ${context.endpoint} answered with ${describe(incoming, text)} instead of the response to request ${JSON.stringify(request.id)}`,
    request.method,
  );
}

/**
 * Reads an SSE response stream: notifications go to `exchange.onNotification` as they come,
 * the response with the request's id resolves the promise and ends the reading. Junk events,
 * responses to other ids and server requests are reported as diagnostics and skipped.
 *
 * Rejects with a `transport` error (data `{ retryable: true }`) when the stream ends before the
 * response, and when one event grows past `maxResponseBytes` (decoded characters). With
 * `resume` (initialize era), event ids and `retry` are recorded there, server requests go to
 * `context.serverRequest`, and a stream that ends or breaks once an id was seen rejects with
 * `SseStreamInterrupted` instead, for the caller to resume.
 */
export function readSseAnswer(
  body: HttpIoBody,
  request: JsonRpcRequest,
  exchange: RequestExchange,
  context: HttpResponseContext,
  resume?: SseResumeState,
): Promise<JsonRpcResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      reader.stop();
      reject(error);
      body.discard();
    };
    const reader = createSseReader({
      maxEventChars: context.maxResponseBytes,
      onData(data) {
        if (resume !== undefined) resume.messages++;
        const answer = handleEvent(data, request, exchange, context);
        if (answer === undefined || settled) return;
        settled = true;
        reader.stop();
        resolve(answer);
        // The stream has nothing left for us; the I/O lets its end arrive or cuts it off.
        body.release();
      },
      onIgnored: (detail) => context.diagnostic({ kind: "invalid-message", detail }),
      onOverflow: () => fail(tooLarge(request.method, context)),
      onEventId:
        resume === undefined
          ? undefined
          : (id) => {
              resume.lastEventId = id;
            },
      onRetry:
        resume === undefined
          ? undefined
          : (ms) => {
              resume.retryMs = ms;
            },
    });
    body.read({
      onData: (chunk) => reader.push(chunk),
      onEnd() {
        reader.end();
        const resumable = resume?.lastEventId !== undefined;
        fail(resumable ? new SseStreamInterrupted(undefined) : streamEnded(request, context));
      },
      onError: (error) =>
        fail(resume?.lastEventId !== undefined ? new SseStreamInterrupted(error) : error),
    });
  });
}

/** Routes one SSE event; returns the response when it is the answer. */
function handleEvent(
  data: string,
  request: JsonRpcRequest,
  exchange: RequestExchange,
  context: HttpResponseContext,
): JsonRpcResponse | undefined {
  const incoming = parseMessage(data);
  switch (incoming.kind) {
    case "notification":
      try {
        exchange.onNotification(incoming.message);
      } catch (error) {
        // A throwing callback must not tear down the stream the response is still coming on.
        context.diagnostic({
          kind: "invalid-message",
          detail: `the notification handler threw on ${JSON.stringify(snippet(incoming.message.method))}: ${snippet(String(error))}`,
        });
      }
      return undefined;
    case "response": {
      const answer = matchResponse(incoming.message, request);
      if (answer === undefined) {
        context.diagnostic({
          kind: "unknown-response",
          detail: `ignored a response to id ${snippet(JSON.stringify(incoming.message.id))} on the stream of request ${JSON.stringify(request.id)}`,
        });
      }
      return answer;
    }
    case "request":
      if (context.serverRequest !== undefined) {
        context.serverRequest(incoming.message);
        return undefined;
      }
      context.diagnostic({
        kind: "unexpected-request",
        detail: `ignored a ${JSON.stringify(snippet(incoming.message.method))} request on a response stream; servers do not send requests in this protocol revision`,
      });
      return undefined;
    case "invalid":
      context.diagnostic({
        kind: "invalid-message",
        detail: `ignored an SSE event that is not a JSON-RPC message (${incoming.reason}): ${snippet(data, 80)}`,
      });
      return undefined;
  }
}

function describe(incoming: IncomingMessage, text: string): string {
  switch (incoming.kind) {
    case "response":
      return `a response to id ${snippet(JSON.stringify(incoming.message.id))}`;
    case "notification":
    case "request":
      return `a ${incoming.kind} (${JSON.stringify(snippet(incoming.message.method))})`;
    case "invalid":
      return `a body that is not a JSON-RPC message (${incoming.reason}: ${JSON.stringify(snippet(text, 80))})`;
  }
}

function tooLarge(method: string, context: HttpResponseContext): McpError {
  return httpError(
    "transport",
    `the response from ${context.endpoint} is larger than ${context.maxResponseBytes} bytes (maxResponseBytes)`,
    method,
    { limit: context.maxResponseBytes },
  );
}

function streamEnded(request: JsonRpcRequest, context: HttpResponseContext): McpError {
  return httpError(
    "transport",
    `the response stream from ${context.endpoint} ended before the response to request ${JSON.stringify(request.id)}; the server treats that as a cancellation, so the request may be re-issued with a new id`,
    request.method,
    { retryable: true },
  );
}
