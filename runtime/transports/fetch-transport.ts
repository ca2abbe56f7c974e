/**
 * `createFetchHttpTransport`: the Streamable HTTP transport over `fetch`, for browsers, Workers,
 * Deno and Bun (and Node, though `createHttpTransport` is faster there).
 */
import type { Transport } from "./transport.js";
import { createFetchIo } from "../http/index.js";
import type { FetchFunction } from "../http/index.js";
import { createLegacySseTransport } from "./http-sse-transport.js";
import type { HttpSseOptions } from "./http-sse-transport.js";
import { createStreamableHttpTransport } from "./streamable-http.js";
import type { StreamableHttpOptions } from "./streamable-http.js";

export type { FetchFunction } from "../http/index.js";

/** Options of `createFetchHttpTransport`. */
export interface FetchHttpTransportOptions extends StreamableHttpOptions {
  /**
   * The `fetch` to send with (one that adds tracing, a proxy, test doubles…). Default: the
   * global `fetch`, looked up at each request.
   */
  fetch?: FetchFunction;
}

/**
 * Creates a Streamable HTTP transport that sends with `fetch`. The protocol and the errors are
 * those of `createHttpTransport` (see `createStreamableHttpTransport`); what differs is what
 * the platform's `fetch` lets through: the codes of network errors (browsers give none), and
 * cancellation, which aborts the fetch (and so, on HTTP/1.1, closes its connection).
 *
 * @throws McpError of kind `input` for a URL that is not http(s), a bad or reserved header, or
 *   a `maxResponseBytes` that is not a positive integer.
 */
export function createFetchHttpTransport(options: FetchHttpTransportOptions): Transport {
  return createStreamableHttpTransport(withAuthFetch(options), () => createFetchIo(options.fetch));
}

/** Options of `createFetchHttpSseTransport`. */
export interface FetchHttpSseTransportOptions extends HttpSseOptions {
  /** The `fetch` to send with. Default: the global `fetch`, looked up at each request. */
  fetch?: FetchFunction;
}

/**
 * Creates a transport for the deprecated HTTP+SSE protocol (2024-11-05) that sends with
 * `fetch` (see `createLegacySseTransport`): for servers that answer neither era of Streamable
 * HTTP.
 *
 * @throws McpError of kind `input` for a URL that is not http(s), a bad or reserved header, or
 *   a `maxResponseBytes` or `endpointTimeoutMs` that is not a positive integer.
 */
export function createFetchHttpSseTransport(options: FetchHttpSseTransportOptions): Transport {
  return createLegacySseTransport(withAuthFetch(options), () => createFetchIo(options.fetch));
}

/** OAuth's own requests (metadata, tokens) go through the transport's `fetch` unless it has one. */
function withAuthFetch<T extends StreamableHttpOptions & { fetch?: FetchFunction }>(options: T): T {
  const { auth, fetch } = options;
  if (auth === undefined || auth.fetch !== undefined || fetch === undefined) return options;
  return { ...options, auth: { ...auth, fetch } };
}
