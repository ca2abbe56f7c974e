/**
 * The I/O seam of the Streamable HTTP transport: the one thing a platform supplies. The
 * protocol (headers, statuses, JSON and SSE answers, errors) lives in the core and is the same
 * everywhere; an `HttpIo` only sends one request (a POST; a GET or DELETE for initialize-era
 * sessions) and hands back the status, the headers and the body as a push-style chunk source.
 * `fetch-io.ts` implements it with `fetch` (any platform), `runtime/node/undici-io.ts` with
 * undici (Node, the fast path).
 */
import type { RequestExchange } from "../protocol/index.js";

/** The methods MCP uses: POST a message, GET a server stream, DELETE a session. */
export type HttpIoMethod = "POST" | "GET" | "DELETE";

/** One HTTP request: a POST unless `method` says otherwise. */
export interface HttpIoRequest {
  /** Default `POST`. Left out on the per-message path, which is always a POST. */
  method?: HttpIoMethod;
  /** The full URL (`origin` + `path`), for `fetch`. */
  url: string;
  /** `scheme://host:port`, for undici's dispatcher. */
  origin: string;
  /** Path and query of the endpoint. */
  path: string;
  /** Lower-cased names; complete (the I/O adds nothing but what HTTP framing needs). */
  headers: Record<string, string>;
  /** The body; a GET or DELETE has none. */
  body?: string;
  /**
   * What aborts the request and its body: the exchange's own abort (its `aborted` /
   * `setAbortListener` slot when it has one, else its `signal`; a GET stream or a DELETE passes
   * its own `{ signal }`). Undefined for notifications.
   * The I/O may take the exchange's abort listener slot for the life of the request; OAuth
   * (runtime/auth/authorizing-io.ts) pauses the deadline while the user signs in.
   */
  abort:
    | Pick<
        RequestExchange,
        "signal" | "aborted" | "setAbortListener" | "pauseTimeout" | "authorizing" | "timeout"
      >
    | undefined;
}

/** The response head, and its body as a chunk source. */
export interface HttpIoResponse {
  status: number;
  /** The value of header `name` (lower case); several values joined with ", ". */
  header(name: string): string | undefined;
  body: HttpIoBody;
}

/** Where an `HttpIoBody` delivers. After `onEnd` or `onError` nothing more is delivered. */
export interface HttpIoBodySink {
  /** The next bytes; the chunk is the sink's to keep. */
  onData(chunk: Uint8Array): void;
  /** The body ended normally. */
  onEnd(): void;
  /** The body failed (connection lost, aborted) or closed before its end. */
  onError(error: unknown): void;
}

/** A response body, read once. */
export interface HttpIoBody {
  /** Starts delivering to `sink`. Call at most once. */
  read(sink: HttpIoBodySink): void;
  /**
   * Drops the body now: no more deliveries, and the I/O stops the transfer (which may cost
   * the connection). Safe to call at any time, more than once.
   */
  discard(): void;
  /**
   * The reader has what it wants (the answer on an SSE stream). A well-behaved server ends the
   * stream right away, and letting that end arrive keeps a keep-alive connection; the I/O
   * discards the body if it has not ended soon after (its own notion of "soon").
   */
  release(): void;
}

/** What a platform supplies to `createStreamableHttpTransport`. */
export interface HttpIo {
  /**
   * Sends one request; resolves once the response head arrived. Rejects with the abort's reason
   * (or anything; the transport checks the abort itself) when aborted, and with the platform's
   * own error when the request fails, which `networkError` maps.
   */
  send(request: HttpIoRequest): Promise<HttpIoResponse>;
  /**
   * The transport is closing: fail every request in flight (their bodies too), and release
   * what the I/O owns (connections). Idempotent.
   */
  close(): Promise<void>;
}
