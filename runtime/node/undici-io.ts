/**
 * The `HttpIo` over undici: the fast path on Node. One keep-alive `Agent` owned by the transport
 * (or an injected dispatcher), the request aborted through the exchange's cheap abort listener
 * slot rather than an `AbortSignal` per request, the body read through Node 'data' events.
 */
import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import { Agent } from "undici";
import type { Dispatcher } from "undici";
import type {
  HttpIo,
  HttpIoBody,
  HttpIoBodySink,
  HttpIoRequest,
  HttpIoResponse,
} from "../http/index.js";
import type { AbortListener, RequestExchange } from "../transports/index.js";

/** The reason `close()` aborts requests with; the transport reports its own "closed" error. */
const CLOSED = new Error("the transport is closed");

/**
 * Creates the undici I/O. With `dispatcher` the transport sends through it and leaves it open
 * on close (aborting its own requests instead); without, it owns a keep-alive `Agent` and
 * destroys it on close, which fails every request in flight.
 */
export function createUndiciIo(dispatcher?: Dispatcher): HttpIo {
  const owned = dispatcher === undefined;
  const pool: Dispatcher = dispatcher ?? new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  // What `close()` aborts when the dispatcher is injected (and so outlives the transport).
  const inFlight = new Set<AbortController | HookSignal>();
  let closed = false;

  return {
    async send(request) {
      const signal = request.abort === undefined ? undefined : abortSignalFor(request.abort);
      const link = owned ? undefined : linkClose(signal);
      try {
        const response = await pool.request(requestOptions(request, link?.signal ?? signal));
        // The link lives as long as the body: close() must still stop a stream being read.
        return new UndiciResponse(response, link?.release);
      } catch (error) {
        link?.release();
        throw error;
      }
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      for (const abortable of inFlight) abortable.abort(CLOSED);
      inFlight.clear();
      return owned ? pool.destroy() : Promise.resolve();
    },
  };

  /** Makes `signal` abortable by `close()`: a `HookSignal` itself, an `AbortSignal` by a link. */
  function linkClose(signal: AbortSignal | HookSignal | undefined): {
    signal: AbortSignal | HookSignal;
    release(): void;
  } {
    if (signal instanceof HookSignal) {
      inFlight.add(signal);
      return { signal, release: () => inFlight.delete(signal) };
    }
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    inFlight.add(controller);
    return {
      signal: controller.signal,
      release() {
        signal?.removeEventListener("abort", onAbort);
        inFlight.delete(controller);
      },
    };
  }
}

/** What undici is given to abort the POST (see `HookSignal`). */
function abortSignalFor(abort: NonNullable<HttpIoRequest["abort"]>): AbortSignal | HookSignal {
  return abort.setAbortListener === undefined ? abort.signal : new HookSignal(abort);
}

/**
 * The exchange's abort listener slot as the abort signal undici takes, which may be an
 * `EventEmitter` that emits "abort" (undici then reads `aborted` and `reason`). An `AbortSignal`
 * per request (its controller, and undici's listener on it) cost more than the rest of the
 * transport's own work on a POST; this costs one small object, and the real signal is made only
 * on abort. `abort()` is for `close()` on an injected dispatcher; as with `AbortController`,
 * the first abort's reason is the one that sticks.
 */
class HookSignal extends EventEmitter implements AbortListener {
  #closed = false;
  #closedReason: unknown;

  constructor(
    private readonly exchange: Pick<RequestExchange, "signal" | "aborted" | "setAbortListener">,
  ) {
    super();
    exchange.setAbortListener?.(this);
  }

  get aborted(): boolean {
    return this.#closed || this.exchange.aborted === true;
  }

  /** The reason of the first abort (an `McpError`); undefined until aborted. */
  get reason(): unknown {
    if (this.#closed) return this.#closedReason;
    return this.exchange.aborted === true ? this.exchange.signal.reason : undefined;
  }

  /** The exchange aborted (the `AbortListener` protocol). */
  handleEvent(): void {
    this.emit("abort");
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.#closed = true;
    this.#closedReason = reason;
    this.emit("abort");
  }
}

function requestOptions(
  request: HttpIoRequest,
  signal: AbortSignal | HookSignal | undefined,
): Dispatcher.RequestOptions {
  return {
    origin: request.origin,
    path: request.path,
    method: request.method ?? "POST",
    headers: request.headers,
    body: request.body ?? null,
    signal: signal ?? null,
    // The client owns timeouts (through the signal); an idle SSE stream is legitimate.
    headersTimeout: 0,
    bodyTimeout: 0,
  };
}

/** undici's response as the seam's: headers as undici parsed them, the body as a chunk source. */
class UndiciResponse implements HttpIoResponse {
  readonly status: number;
  readonly body: HttpIoBody;
  readonly #headers: Dispatcher.ResponseData["headers"];

  constructor(response: Dispatcher.ResponseData, done: (() => void) | undefined) {
    this.status = response.statusCode;
    this.#headers = response.headers;
    this.body = new UndiciBody(response.body, done);
  }

  header(name: string): string | undefined {
    const value = this.#headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/** A Node `Readable` body as the seam's push-style chunk source. */
class UndiciBody implements HttpIoBody {
  constructor(
    private readonly stream: Readable,
    private readonly done: (() => void) | undefined,
  ) {
    if (done !== undefined) stream.once("close", done);
  }

  read(sink: HttpIoBodySink): void {
    const stream = this.stream;
    let over = false;
    stream.on("data", (chunk: Uint8Array) => {
      if (!over) sink.onData(chunk);
    });
    stream.on("end", () => {
      if (over) return;
      over = true;
      sink.onEnd();
    });
    stream.on("error", (error) => {
      if (over) return;
      over = true;
      sink.onError(error);
    });
    stream.on("close", () => {
      if (over) return;
      over = true;
      sink.onError(new Error("the response body closed before its end"));
    });
  }

  discard(): void {
    discard(this.stream);
  }

  /** Lets an end that is already on its way arrive; cuts the stream off on the next turn. */
  release(): void {
    const stream = this.stream;
    setImmediate(() => {
      if (!stream.readableEnded) discard(stream);
    });
  }
}

/**
 * Destroys a body we no longer want. undici reports a destroyed body as an `error` event
 * (`UND_ERR_ABORTED`), which must not become an uncaught exception, hence the no-op listener.
 */
function discard(stream: Readable): void {
  if (stream.destroyed) return;
  stream.on("error", ignore);
  stream.destroy();
}

function ignore(): void {}
