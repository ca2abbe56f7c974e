/**
 * The `HttpIo` over `fetch`, for every platform that has one: browsers, Workers, Deno, Bun and
 * Node. Simpler than the undici I/O and a little dearer per request (an `AbortController` each,
 * a promise per chunk), which is why Node's `createHttpTransport` uses undici instead.
 */
import { INVALID_REQUEST_CODE } from "./http-network-error.js";
import type {
  HttpIo,
  HttpIoBody,
  HttpIoBodySink,
  HttpIoRequest,
  HttpIoResponse,
} from "./http-io.js";

/** The part of `fetch` the transport calls; the platform's `fetch` fits. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** The reason `close()` aborts requests with; the transport reports its own "closed" error. */
const CLOSED = new Error("the transport is closed");

/**
 * Creates the fetch I/O. It calls only `fetchFn` (looked up on `globalThis` per request when
 * not given, so a polyfill installed later is seen), never anything else that sends.
 */
export function createFetchIo(fetchFn?: FetchFunction): HttpIo {
  const send: FetchFunction = fetchFn ?? ((url, init) => globalThis.fetch(url, init));
  // Every request's controller, so `close()` can fail requests and bodies in flight.
  const inFlight = new Set<AbortController>();
  let closed = false;

  return {
    async send(request) {
      if (closed) throw CLOSED;
      const headers = requestHeaders(request);
      const controller = new AbortController();
      const unlink = linkAbort(request.abort, controller);
      inFlight.add(controller);
      const done = (): void => {
        unlink();
        inFlight.delete(controller);
      };
      try {
        const response = await send(request.url, {
          method: request.method ?? "POST",
          headers,
          body: request.body ?? null,
          signal: controller.signal,
          // A 3xx is an answer to report (the MCP endpoint moved), not one to follow.
          redirect: "manual",
        });
        return new FetchResponse(response, done);
      } catch (error) {
        done();
        throw error;
      }
    },
    close() {
      closed = true;
      for (const controller of inFlight) controller.abort(CLOSED);
      inFlight.clear();
      return Promise.resolve();
    },
  };
}

/**
 * The headers as a `Headers`, built before sending so a value the platform refuses is told
 * apart from a network failure (both are `TypeError`s from `fetch`).
 */
function requestHeaders(request: HttpIoRequest): Headers {
  try {
    return new Headers(request.headers);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw Object.assign(new Error(message, { cause: error }), { code: INVALID_REQUEST_CODE });
  }
}

/** Makes the exchange's abort abort `controller`; returns the undo. */
function linkAbort(abort: HttpIoRequest["abort"], controller: AbortController): () => void {
  if (abort === undefined) return noop;
  const onAbort = (): void => controller.abort(abort.signal.reason);
  if (abort.setAbortListener !== undefined) {
    // The cheap slot: no listener on `signal`, so the exchange need not make one.
    abort.setAbortListener({ handleEvent: onAbort });
    return noop;
  }
  abort.signal.addEventListener("abort", onAbort, { once: true });
  return () => abort.signal.removeEventListener("abort", onAbort);
}

function noop(): void {}

/** A fetch `Response` as the seam's. */
class FetchResponse implements HttpIoResponse {
  readonly status: number;
  readonly body: HttpIoBody;

  constructor(
    private readonly response: Response,
    done: () => void,
  ) {
    this.status = response.status;
    this.body = new FetchBody(response.body, done);
  }

  header(name: string): string | undefined {
    return this.response.headers.get(name) ?? undefined;
  }
}

/** A `ReadableStream` body as the seam's push-style chunk source. */
class FetchBody implements HttpIoBody {
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #over = false;

  constructor(
    private readonly stream: ReadableStream<Uint8Array> | null,
    private readonly done: () => void,
  ) {}

  read(sink: HttpIoBodySink): void {
    if (this.stream === null) {
      // No body at all (204, or a platform that gives none): an empty one.
      void Promise.resolve().then(() => this.#finish() && sink.onEnd());
      return;
    }
    const reader = this.stream.getReader();
    this.#reader = reader;
    void this.#pump(reader, sink);
  }

  async #pump(reader: ReadableStreamDefaultReader<Uint8Array>, sink: HttpIoBodySink) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (this.#over) return;
        if (done) {
          this.#finish();
          sink.onEnd();
          return;
        }
        sink.onData(value);
      }
    } catch (error) {
      if (this.#finish()) sink.onError(error);
    }
  }

  discard(): void {
    if (!this.#finish()) return;
    // Cancelling the stream stops the transfer; its promise only reports that it did.
    const cancelled = this.#reader === undefined ? this.stream?.cancel() : this.#reader.cancel();
    cancelled?.catch(noop);
  }

  /** Lets an end that is already on its way arrive; cancels the stream on the next turn. */
  release(): void {
    setTimeout(() => this.discard(), 0);
  }

  /** Marks the body over; false when it already was. */
  #finish(): boolean {
    if (this.#over) return false;
    this.#over = true;
    this.done();
    return true;
  }
}
