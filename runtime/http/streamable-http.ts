/**
 * The Streamable HTTP transport (MCP 2026-07-28), platform-neutral: one POST per message, the
 * answer read from a JSON body or an SSE stream, cancellation by aborting the POST. No
 * sessions, no GET stream, no resumption. Sending is left to an `HttpIo` (fetch, undici).
 */
import { localError } from "../errors.js";
import type { McpError } from "../errors.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../jsonrpc.js";
import type { RequestExchange, Transport, TransportDiagnostic } from "../transport.js";
import { contentLength, drainBody, mediaType } from "./http-body.js";
import { httpError } from "./http-error.js";
import type { HttpIo, HttpIoResponse } from "./http-io.js";
import { networkError } from "./http-network-error.js";
import { requestHeaders, resolveHttpTarget } from "./http-request-headers.js";
import { readJsonAnswer, readSseAnswer } from "./http-response.js";
import type { HttpResponseContext } from "./http-response.js";
import { answerErrorStatus, unexpectedSuccess } from "./http-status.js";

/** The default cap on a JSON body or one SSE event: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

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
  const io = makeIo();
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
      closing ??= io.close().catch(() => undefined);
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

  /** One POST and the reading of its answer, failures mapped by `failure`. */
  async function post<T>(
    message: JsonRpcRequest | JsonRpcNotification,
    exchange: RequestExchange | undefined,
    extraHeaders: Readonly<Record<string, string>> | undefined,
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
        headers: requestHeaders(target, message, extraHeaders),
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
    if (exchange !== undefined && isAborted(exchange)) return exchange.signal.reason;
    if (closing !== undefined) return closedError(method);
    return networkError(error, method, target.endpoint, responded);
  }

  async function answer(
    response: HttpIoResponse,
    message: JsonRpcRequest,
    exchange: RequestExchange,
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
        return readSseAnswer(response.body, message, exchange, context);
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
