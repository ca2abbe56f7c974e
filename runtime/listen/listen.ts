/**
 * `subscriptions/listen` (MCP 2026-07-28, "Subscriptions"): a long-lived request whose
 * notifications are delivered as an async iterator. The hub below demultiplexes notifications by
 * `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen request's JSON-RPC id) on every
 * transport, and turns list-change and resource-update notifications into cache invalidations.
 * In the initialize era, which has no listen request, `LegacyListens` gives the same
 * subscriptions over `resources/subscribe` and unsolicited notifications.
 */
import { isMcpError } from "../protocol/index.js";
import type { JsonRpcNotification } from "../protocol/index.js";
import { LegacyListens } from "./legacy-listen.js";
import { INVALIDATES, LISTEN_CONTEXT, Listener } from "./listener.js";
import { META_SUBSCRIPTION_ID } from "../protocol/index.js";
import type { ResultCache } from "../session/index.js";
import type { SessionPort } from "../session/index.js";
import type { ListenOptions, Subscription, SubscriptionFilter } from "./subscription.js";
import type { ServerCapabilities } from "../protocol/index.js";

export { DEFAULT_LISTEN_BUFFER } from "./listener.js";
export type { ListenOptions, Subscription, SubscriptionFilter } from "./subscription.js";

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
