/**
 * The Streamable HTTP transport on Node: the core transport (`runtime/http/`) sending through
 * undici (`undici-io.ts`), a keep-alive connection pool with cancellation by closing the
 * connection. Other platforms use `createFetchHttpTransport` from the core.
 *
 * @module @mcp-codegen/runtime/node/http
 */
import type { Dispatcher } from "undici";
import { createLegacySseTransport } from "../transports/index.js";
import type { HttpSseOptions } from "../transports/index.js";
import { createStreamableHttpTransport } from "../transports/index.js";
import type { StreamableHttpOptions } from "../transports/index.js";
import type { Transport } from "../transports/index.js";
import { createUndiciIo } from "./undici-io.js";

export { DEFAULT_MAX_RESPONSE_BYTES } from "../transports/index.js";
export type { HttpAuthErrorData, HttpStatusErrorData } from "../http/index.js";

/** Options of `createHttpTransport`. */
export interface HttpTransportOptions extends StreamableHttpOptions {
  /**
   * An undici dispatcher (Agent, Pool, ProxyAgent, MockAgent …) to send through; the transport
   * then leaves it open on `close()`. Default: a keep-alive `Agent` owned by the transport.
   */
  dispatcher?: Dispatcher;
}

/**
 * Creates a Streamable HTTP transport over undici (see `createStreamableHttpTransport` for the
 * protocol).
 *
 * `request()` POSTs the message with `Accept: application/json, text/event-stream`,
 * `MCP-Protocol-Version` (from `params._meta`), `Mcp-Method`, `Mcp-Name` (tool or prompt name,
 * resource URI, task id; Base64-sentinel encoded when unsafe), the caller's headers and
 * `exchange.headers`; it sends no `Mcp-Session-Id` or `Last-Event-ID` until an `initialize`
 * succeeds (the initialize era: see `createStreamableHttpTransport`). A JSON body must hold
 * the response to that id; an SSE stream delivers notifications to `exchange.onNotification`
 * until the response. A 4xx with a JSON-RPC error body resolves with that error response (the
 * client maps its code); 401/403 reject with kind `auth` (`HttpAuthErrorData`); other statuses,
 * bad bodies, oversized bodies and network failures reject with kind `transport`.
 *
 * Aborting `exchange.signal` aborts the POST — closing the stream is how HTTP cancels, so no
 * `notifications/cancelled` is sent in 2026-07-28 — and rejects with `signal.reason`. `notify()` expects
 * 2xx (202). `close()` rejects requests in flight and destroys the owned connection pool.
 *
 * @throws McpError of kind `input` for a URL that is not http(s) or a bad or reserved header.
 */
export function createHttpTransport(options: HttpTransportOptions): Transport {
  return createStreamableHttpTransport(options, () => createUndiciIo(options.dispatcher));
}

/** Options of `createHttpSseTransport`. */
export interface HttpSseTransportOptions extends HttpSseOptions {
  /** An undici dispatcher to send through, left open on `close()`. Default: an owned `Agent`. */
  dispatcher?: Dispatcher;
}

/**
 * Creates a transport for the deprecated HTTP+SSE protocol (2024-11-05) over undici (see
 * `createLegacySseTransport`): for servers that answer neither era of Streamable HTTP.
 *
 * @throws McpError of kind `input` for a URL that is not http(s), a bad or reserved header, or
 *   a `maxResponseBytes` or `endpointTimeoutMs` that is not a positive integer.
 */
export function createHttpSseTransport(options: HttpSseTransportOptions): Transport {
  return createLegacySseTransport(options, () => createUndiciIo(options.dispatcher));
}
