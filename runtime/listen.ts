/**
 * `subscriptions/listen` (MCP 2026-07-28, "Subscriptions"): a long-lived request whose
 * notifications are delivered as an async iterator. The hub below demultiplexes notifications by
 * `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen request's JSON-RPC id) on every
 * transport, and turns list-change and resource-update notifications into cache invalidations.
 */
import { McpError, describeContext, isMcpError, localError } from "./errors.js";
import type { JsonRpcNotification } from "./jsonrpc.js";
import { META_SUBSCRIPTION_ID } from "./protocol.js";
import type { ResultCache } from "./result-cache.js";
import type { Session } from "./session.js";
import type { Meta, Result } from "./types.js";

/** What a listen request asks for; an omitted field is not subscribed to. */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  /** `notifications/resources/updated` for these URIs (the server may report sub-resources). */
  resourceSubscriptions?: string[];
  /** Tasks extension: `notifications/tasks` for these task ids. */
  taskIds?: string[];
}

/** The default bound of a subscription's buffer of unread notifications. */
export const DEFAULT_LISTEN_BUFFER = 1000;

export interface ListenOptions {
  /** Aborting it ends the subscription, like `close()`; before the acknowledgment, `listen` rejects. */
  signal?: AbortSignal;
  /**
   * Milliseconds to wait for the server's acknowledgment (default: the client's `timeout`).
   * Once acknowledged the stream has no timeout.
   */
  timeout?: number;
  /**
   * The most unread notifications kept (default 1000). A notification equal to one already
   * waiting (same method, same `uri` or task) is not queued twice. When the buffer is full the
   * subscription is closed and, once the buffered notifications are read, the iterator throws
   * an `McpError` of kind `transport` with `data.overflow: true`: listen again, and re-read what
   * you depend on, since something was missed.
   */
  bufferSize?: number;
  /** Extra `_meta` entries for the listen request. */
  meta?: Meta;
}

/**
 * An open subscription: iterate it for notifications (`for await`). The iteration ends when the
 * server ends the subscription gracefully (a result for the listen request, or on stdio a
 * `notifications/cancelled` naming it), when the caller ends it (`close()`, `break`, the
 * signal) or when the client closes. It throws an `McpError` when the server answers the listen
 * request with an error, when the connection drops without that answer (kind `transport`: an
 * unexpected disconnect; listen again to resume) or on overflow (see `bufferSize`).
 */
export interface Subscription extends AsyncIterableIterator<JsonRpcNotification> {
  /** The subscription id: the listen request's JSON-RPC id. */
  readonly id: number;
  /** What was asked for. */
  readonly requested: SubscriptionFilter;
  /** What the server agreed to deliver (its acknowledgment); compare with `requested`. */
  readonly acknowledged: SubscriptionFilter;
  /** Ends the subscription (stdio: `notifications/cancelled`; HTTP: the stream is closed). */
  close(): Promise<void>;
}

/** Which cached results a notification makes stale. */
const INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  "notifications/tools/list_changed": ["tools/list"],
  "notifications/prompts/list_changed": ["prompts/list"],
  "notifications/resources/list_changed": ["resources/list", "resources/templates/list"],
};

/**
 * Routes the notifications no request claimed: to the subscription they name, after telling the
 * cache; whatever no subscription claims goes on to the caller's `onNotification`.
 */
export class ListenHub {
  readonly #cache: ResultCache | undefined;
  readonly #fallback: ((notification: JsonRpcNotification) => void) | undefined;
  readonly #open = new Map<unknown, Listener>();
  readonly #timeout: number;
  /** The runtime's own use of some unsolicited notifications (legacy task status). */
  readonly #watchers = new Map<string, (notification: JsonRpcNotification) => void>();

  /** @param timeout the client's default timeout: the wait for an acknowledgment. */
  constructor(
    cache: ResultCache | undefined,
    fallback: ((notification: JsonRpcNotification) => void) | undefined,
    timeout: number,
  ) {
    this.#cache = cache;
    this.#fallback = fallback;
    this.#timeout = timeout;
  }

  /** Notifications of `method` go to `watcher` too, before the subscription or the caller. */
  watch(method: string, watcher: (notification: JsonRpcNotification) => void): void {
    this.#watchers.set(method, watcher);
  }

  /** The session's `onNotification`. */
  readonly dispatch = (notification: JsonRpcNotification): void => {
    const params = notification.params;
    this.#invalidate(notification.method, params);
    this.#watchers.get(notification.method)?.(notification);
    if (notification.method === "notifications/cancelled") {
      const listener = this.#open.get(params?.requestId);
      if (listener !== undefined) return listener.endedByServer();
    }
    const meta = params?._meta as Record<string, unknown> | undefined;
    const id = meta?.[META_SUBSCRIPTION_ID];
    const listener = id === undefined ? undefined : this.#open.get(id);
    if (listener !== undefined) listener.receive(notification);
    else this.#fallback?.(notification);
  };

  /** Sends a listen request and resolves once the server acknowledged it. */
  async listen(
    session: Session,
    filter: SubscriptionFilter,
    options: ListenOptions,
  ): Promise<Subscription> {
    const listener = new Listener(filter, options, () => this.#open.delete(listener.id));
    const signal = listener.controller.signal;
    // No timeout on the request: the stream lasts until one side ends it. The acknowledgment
    // has its own deadline below.
    const request = session.request(
      "subscriptions/listen",
      { notifications: filter },
      options.meta === undefined
        ? { signal, timeout: 0 }
        : { signal, timeout: 0, meta: options.meta },
      LISTEN_CONTEXT,
      {
        onId: (id) => {
          listener.id = id;
          this.#open.set(id, listener);
        },
      },
    );
    listener.follow(request);
    return listener.acknowledgment(options.timeout ?? this.#timeout);
  }

  /** The client is closing: every subscription ends without an error. */
  closeAll(): void {
    for (const listener of [...this.#open.values()]) void listener.close();
  }

  #invalidate(method: string, params: Record<string, unknown> | undefined): void {
    if (this.#cache === undefined) return;
    for (const list of INVALIDATES[method] ?? []) this.#cache.invalidate(list);
    if (method === "notifications/resources/updated" && typeof params?.uri === "string") {
      this.#cache.invalidate("resources/read", params.uri);
    }
  }
}

/** One subscription's state: its buffer, its readers, how it ended. */
class Listener implements Subscription {
  id = 0;
  readonly requested: SubscriptionFilter;
  acknowledged: SubscriptionFilter = {};
  readonly controller = new AbortController();
  readonly #bufferSize: number;
  readonly #buffer: JsonRpcNotification[] = [];
  readonly #readers: ((step: IteratorResult<JsonRpcNotification>) => void)[] = [];
  readonly #failReaders: ((error: unknown) => void)[] = [];
  readonly #forget: () => void;
  readonly #signal: AbortSignal | undefined;
  #onAbort: (() => void) | undefined;
  /** Set once the subscription is over: `null` for a clean end, else the error to throw. */
  #end: McpError | null | undefined;
  /** Why we aborted the request ourselves (so its rejection is not an error). */
  #stopping = false;
  #acked: (() => void) | undefined;
  #ackFailed: ((error: unknown) => void) | undefined;
  #ackReceived = false;

  constructor(filter: SubscriptionFilter, options: ListenOptions, forget: () => void) {
    this.requested = filter;
    const size = options.bufferSize ?? DEFAULT_LISTEN_BUFFER;
    this.#bufferSize = Number.isSafeInteger(size) && size > 0 ? size : DEFAULT_LISTEN_BUFFER;
    this.#forget = forget;
    this.#signal = options.signal;
  }

  /** Resolves with this subscription once acknowledged; rejects if it ends or times out first. */
  acknowledgment(timeout: number): Promise<Subscription> {
    return new Promise<Subscription>((resolve, reject) => {
      if (this.#end !== undefined) return reject(this.#end ?? this.#endedBeforeAck());
      if (this.#ackReceived) return resolve(this);
      const timer =
        timeout > 0 && Number.isFinite(timeout)
          ? setTimeout(
              () => {
                this.#fail(
                  localError("timeout", `no acknowledgment within ${timeout} ms`, LISTEN_CONTEXT),
                );
              },
              Math.min(timeout, 2 ** 31 - 1),
            )
          : undefined;
      const settle = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        this.#acked = undefined;
        this.#ackFailed = undefined;
      };
      this.#acked = () => {
        settle();
        resolve(this);
      };
      this.#ackFailed = (error) => {
        settle();
        reject(error);
      };
      const signal = this.#signal;
      if (signal === undefined) return;
      if (signal.aborted) return this.#cancelledByCaller(signal.reason);
      this.#onAbort = () => this.#cancelledByCaller(signal.reason);
      signal.addEventListener("abort", this.#onAbort, { once: true });
    });
  }

  /** Watches the listen request: its answer or failure ends the subscription. */
  follow(request: Promise<Result>): void {
    request.then(
      () => this.#finish(null),
      (error: unknown) => {
        if (this.#stopping) return this.#finish(null);
        this.#finish(
          isMcpError(error)
            ? error
            : localError("transport", `listen failed: ${String(error)}`, LISTEN_CONTEXT, error),
        );
      },
    );
  }

  receive(notification: JsonRpcNotification): void {
    if (this.#end !== undefined) return;
    if (notification.method === "notifications/subscriptions/acknowledged") {
      const honoured = notification.params?.notifications;
      this.acknowledged = isObject(honoured) ? (honoured as SubscriptionFilter) : {};
      this.#ackReceived = true;
      this.#acked?.();
      return;
    }
    const reader = this.#readers.shift();
    if (reader !== undefined) {
      this.#failReaders.shift();
      return reader({ value: notification, done: false });
    }
    if (this.#buffer.some((waiting) => sameEvent(waiting, notification))) return;
    if (this.#buffer.length < this.#bufferSize) {
      this.#buffer.push(notification);
      return;
    }
    this.#fail(
      new McpError({
        ...LISTEN_CONTEXT,
        kind: "transport",
        message: `${describeContext(LISTEN_CONTEXT)}more than ${this.#bufferSize} notifications were not read; the subscription was closed (listen again, and re-read what you depend on)`,
        data: { overflow: true, bufferSize: this.#bufferSize },
      }),
    );
  }

  /** The server ended it on stdio with `notifications/cancelled`: a graceful end. */
  endedByServer(): void {
    this.#stop();
    this.#finish(null);
  }

  next(): Promise<IteratorResult<JsonRpcNotification>> {
    const value = this.#buffer.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.#end !== undefined) {
      const error = this.#end;
      // Thrown once; later reads just see the end.
      this.#end = null;
      return error === null ? Promise.resolve(DONE) : Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.#readers.push(resolve);
      this.#failReaders.push(reject);
    });
  }

  async return(): Promise<IteratorResult<JsonRpcNotification>> {
    await this.close();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  close(): Promise<void> {
    this.#buffer.length = 0;
    // Already over: the caller is done with it, so an error not yet read is dropped too.
    if (this.#end !== undefined) this.#end = null;
    else {
      this.#stop();
      this.#finish(null);
    }
    return Promise.resolve();
  }

  #cancelledByCaller(reason: unknown): void {
    if (!this.#ackReceived) {
      this.#fail(
        localError("cancelled", "listen was cancelled by the caller", LISTEN_CONTEXT, reason),
      );
    } else void this.close();
  }

  /** Ends the request (stdio: `notifications/cancelled`; HTTP: closes the stream). */
  #stop(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.controller.abort();
  }

  /** Ends with an error after stopping the request. */
  #fail(error: McpError): void {
    this.#stop();
    this.#finish(error);
  }

  #finish(end: McpError | null): void {
    if (this.#end !== undefined) return;
    this.#end = end;
    this.#forget();
    if (this.#onAbort !== undefined) this.#signal?.removeEventListener("abort", this.#onAbort);
    if (!this.#ackReceived) {
      const fail = this.#ackFailed;
      if (fail === undefined) return;
      fail(end ?? this.#endedBeforeAck());
      this.#end = null;
      return;
    }
    // Readers waiting means the buffer is empty: they see the end now.
    const readers = this.#readers.splice(0);
    const failReaders = this.#failReaders.splice(0);
    if (readers.length === 0) return;
    this.#end = null;
    if (end === null) for (const reader of readers) reader(DONE);
    else {
      failReaders[0]?.(end);
      for (const reader of readers.slice(1)) reader(DONE);
    }
  }

  #endedBeforeAck(): McpError {
    return localError(
      "protocol",
      "the server ended the subscription before acknowledging it",
      LISTEN_CONTEXT,
    );
  }
}

const LISTEN_CONTEXT = Object.freeze({ method: "subscriptions/listen" });

const DONE: IteratorResult<JsonRpcNotification> = Object.freeze({
  value: undefined,
  done: true,
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Two waiting notifications that say the same thing (the second adds nothing). */
function sameEvent(a: JsonRpcNotification, b: JsonRpcNotification): boolean {
  if (a.method !== b.method) return false;
  if (a.method in INVALIDATES) return true;
  if (a.method === "notifications/resources/updated") return a.params?.uri === b.params?.uri;
  return false;
}
