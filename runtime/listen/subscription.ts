/**
 * The shapes of `client.listen()`: what a subscription asks for, how it behaves, and the open
 * subscription the caller iterates. Apart from listen.ts so that both eras' listeners
 * (listener.ts, legacy-listen.ts) can name them without importing the hub that imports them.
 */
import type { JsonRpcNotification } from "../protocol/index.js";
import type { Meta } from "../protocol/index.js";

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
