/**
 * `subscriptions/listen` (MCP 2026-07-28, "Subscriptions"): a long-lived request whose
 * notifications are delivered as an async iterator. The hub below demultiplexes notifications by
 * `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen request's JSON-RPC id) on every
 * transport, and turns list-change and resource-update notifications into cache invalidations.
 * In the initialize era, which has no listen request, `LegacyListens` gives the same
 * subscriptions over `resources/subscribe` and unsolicited notifications.
 */
import { isMcpError } from "./errors.js";
import type { JsonRpcNotification } from "./jsonrpc.js";
import { LegacyListens } from "./legacy-listen.js";
import { INVALIDATES, LISTEN_CONTEXT, Listener } from "./listener.js";
import { META_SUBSCRIPTION_ID } from "./protocol.js";
import type { ResultCache } from "./result-cache.js";
import type { SessionPort } from "./session-port.js";
import type { Meta, ServerCapabilities } from "./types.js";

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

export { DEFAULT_LISTEN_BUFFER } from "./listener.js";

/**
 * How `listen` behaves in each era. In 2026-07-28 it sends `subscriptions/listen`. In the
 * initialize era (2025-11-25 and earlier) there is no such request, and the same subscription is
 * built from what that era has:
 * - list changes come unsolicited from a server that declared `listChanged` for that list;
 *   each goes to every open subscription that asked for it;
 * - resource updates need `resources/subscribe {uri}`: sent for a URI when the first open
 *   subscription names it, and `resources/unsubscribe` when the last one naming it ends. A
 *   server that did not declare `resources.subscribe` makes `listen` reject (kind `input`);
 * - task statuses (`taskIds`) come as `notifications/tasks/status` from a server declaring `tasks`;
 * - the acknowledgment is the answer to every `resources/subscribe` (without URIs, to a `ping`),
 *   and `acknowledged` is the part of the filter the server's capabilities declare it can
 *   deliver; a refused subscribe makes `listen` reject with the server's error;
 * - `id` is a number this client gives the subscription (there is no listen request);
 * - it ends the same ways, and when the connection dies the iterator throws (kind `transport`).
 * In both eras list changes and resource updates invalidate the cached results they concern,
 * whether or not a subscription is open.
 */
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
  /** Extra `_meta` entries for the listen request (initialize era: for its `resources/subscribe`s). */
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
  /** The subscription id: the listen request's JSON-RPC id (initialize era: see `ListenOptions`). */
  readonly id: number;
  /** What was asked for. */
  readonly requested: SubscriptionFilter;
  /** What the server agreed to deliver (its acknowledgment); compare with `requested`. */
  readonly acknowledged: SubscriptionFilter;
  /**
   * Ends the subscription (stdio: `notifications/cancelled`; HTTP: the stream is closed;
   * initialize era: `resources/unsubscribe` for the URIs no other subscription names).
   */
  close(): Promise<void>;
}

/**
 * Routes the notifications no request claimed: to the subscription they name, after telling the
 * cache; whatever no subscription claims goes on to the caller's `onNotification`.
 */
export class ListenHub {
  readonly #cache: ResultCache | undefined;
  readonly #fallback: ((notification: JsonRpcNotification) => void) | undefined;
  readonly #open = new Map<unknown, Listener>();
  readonly #timeout: number;
  readonly #legacy: LegacyListens;
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
    this.#legacy = new LegacyListens(timeout);
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
    else if (id !== undefined || !this.#legacy.dispatch(notification)) {
      this.#fallback?.(notification);
    }
  };

  /**
   * Sends a listen request and resolves once the server acknowledged it; in the initialize era,
   * subscribes as `LegacyListens` does (`capabilities`: what the server's `initialize` declared).
   */
  async listen(
    session: SessionPort,
    filter: SubscriptionFilter,
    options: ListenOptions,
    capabilities?: ServerCapabilities,
  ): Promise<Subscription> {
    if (session.era === "legacy")
      return this.#legacy.listen(session, capabilities, filter, options);
    const listener = new Listener(filter, options, () => this.#open.delete(listener.id));
    const signal = listener.controller.signal;
    // No timeout on the request: the stream lasts until one side ends it. The acknowledgment
    // has its own deadline below.
    const send = () =>
      session.request(
        "subscriptions/listen",
        { notifications: filter },
        options.meta === undefined
          ? { signal, timeout: 0 }
          : { signal, timeout: 0, meta: options.meta },
        LISTEN_CONTEXT,
        {
          onId: (id) => {
            this.#open.delete(listener.id);
            listener.id = id;
            this.#open.set(id, listener);
          },
        },
      );
    // A server started again after it exited knows nothing of the stream: it is asked again,
    // and the subscription goes on (the request waits for the new connection).
    const renew = (error: unknown) =>
      session.reconnecting === true && isMcpError(error) && error.kind === "transport"
        ? send()
        : undefined;
    listener.follow(send(), renew);
    return listener.acknowledgment(options.timeout ?? this.#timeout);
  }

  /**
   * The connection closed (the transport's "closed" diagnostic, which every transport gives
   * once). Initialize-era subscriptions have no stream of their own to see it end: when
   * `session` is starting the server again they are renewed on the new process, otherwise they
   * end here with a transport error. Modern listen streams see it through their own request (and
   * renew themselves, see `listen`).
   */
  connectionClosed(detail: string, session?: SessionPort): void {
    if (session?.reconnecting === true) this.#legacy.resubscribe(session);
    else this.#legacy.connectionLost(detail);
  }

  /**
   * The credentials changed (`setAuth`): every listen stream ends cleanly, so nothing goes on
   * arriving under the old identity; the caller listens again.
   */
  endStreams(): void {
    for (const listener of [...this.#open.values()]) void listener.close();
  }

  /** The client is closing: every subscription ends without an error. */
  closeAll(): void {
    for (const listener of [...this.#open.values()]) void listener.close();
    this.#legacy.closeAll();
  }

  #invalidate(method: string, params: Record<string, unknown> | undefined): void {
    if (this.#cache === undefined) return;
    for (const list of INVALIDATES[method] ?? []) this.#cache.invalidate(list);
    if (method === "notifications/resources/updated" && typeof params?.uri === "string") {
      this.#cache.invalidate("resources/read", params.uri);
    }
  }
}
