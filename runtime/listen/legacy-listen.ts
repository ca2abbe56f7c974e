/**
 * `client.listen()` in the initialize era (2025-11-25 and earlier), which has no listen request:
 * list changes arrive unsolicited whenever the server declared `listChanged`, resource updates
 * only for URIs the client named in `resources/subscribe`, and task statuses as
 * `notifications/tasks/status`. Each notification goes to every open subscription whose filter
 * asks for it. The server keeps one subscription per URI for the whole connection, so the URIs
 * are reference-counted here: the first subscription to name a URI sends `resources/subscribe`,
 * the last one to end sends `resources/unsubscribe`.
 */
import type { McpError } from "../protocol/index.js";
import { isMcpError, localError, type ErrorContext } from "../protocol/index.js";
import type { JsonRpcNotification } from "../protocol/index.js";
import type { ListenOptions, Subscription, SubscriptionFilter } from "./subscription.js";
import { Listener } from "./listener.js";
import type { SessionPort } from "../session/index.js";
import type { Meta, ServerCapabilities } from "../protocol/index.js";

const CONTEXT: ErrorContext = Object.freeze({ method: "listen" });

/** Which capability a list-change notification needs, by filter field. */
const LIST_FIELDS = [
  ["toolsListChanged", "tools", "notifications/tools/list_changed"],
  ["promptsListChanged", "prompts", "notifications/prompts/list_changed"],
  ["resourcesListChanged", "resources", "notifications/resources/list_changed"],
] as const;

/** The `resources/subscribe` state of one URI, shared by every subscription that names it. */
interface UriState {
  /** Open subscriptions naming it. */
  users: number;
  /** Settles once the server answered the latest subscribe (rejects if it refused). */
  ready: Promise<void>;
  /** The last request sent for it: a new one waits for it, so they reach the server in order. */
  tail: Promise<void>;
}

/** Open initialize-era subscriptions of one client. */
export class LegacyListens {
  readonly #open = new Set<Listener>();
  readonly #uris = new Map<string, UriState>();
  /** Legacy subscriptions have no request id: they are numbered locally, from 1. */
  #nextId = 1;
  #closing = false;
  /** The client's default timeout, for each subscribe and unsubscribe request. */
  readonly #timeout: number;

  constructor(timeout: number) {
    this.#timeout = timeout;
  }

  /**
   * Delivers a notification to each subscription that asked for it. False when none did, so the
   * caller's `onNotification` gets it instead.
   */
  dispatch(notification: JsonRpcNotification): boolean {
    let claimed = false;
    for (const listener of this.#open) {
      if (!wants(listener.acknowledged, notification)) continue;
      listener.receive(notification);
      claimed = true;
    }
    return claimed;
  }

  /**
   * Opens a subscription: checks the filter against what the server declared, subscribes to
   * each URI not yet subscribed, and resolves once every subscribe was answered. With no URIs,
   * a `ping` answered stands for the acknowledgment: the connection is alive. `acknowledged` is
   * the part of the filter the server declared it can deliver.
   */
  async listen(
    session: SessionPort,
    capabilities: ServerCapabilities | undefined,
    filter: SubscriptionFilter,
    options: ListenOptions,
  ): Promise<Subscription> {
    const requestTimeout = this.#timeout;
    const uris = checkUris(filter.resourceSubscriptions);
    if (uris.length > 0 && capabilities?.resources?.subscribe !== true) {
      throw localError(
        "input",
        "the server did not declare resources.subscribe, so it cannot send resource updates; leave out resourceSubscriptions, or poll with readResource",
        CONTEXT,
      );
    }
    const acknowledged = honoured(filter, uris, capabilities ?? {});
    const listener = new Listener(filter, options, () => this.#open.delete(listener), CONTEXT);
    listener.id = this.#nextId++;
    // Once ended (the caller, the signal, overflow, a failed subscribe), its URIs are released.
    listener.controller.signal.addEventListener(
      "abort",
      () => {
        for (const uri of uris) this.#release(session, uri);
      },
      { once: true },
    );
    const meta = options.meta;
    const answered = Promise.all(uris.map((uri) => this.#acquire(session, uri, meta)));
    const ready = uris.length > 0 ? answered : ping(session, requestTimeout);
    ready.then(
      () => {
        // It may have ended meanwhile (the caller, the signal, its acknowledgment timeout).
        if (listener.controller.signal.aborted) return;
        this.#open.add(listener);
        listener.acknowledge(acknowledged);
      },
      (error: unknown) => listener.fail(asMcpError(error)),
    );
    return listener.acknowledgment(options.timeout ?? requestTimeout);
  }

  /** The client is closing: every subscription ends cleanly, with no unsubscribe sent. */
  closeAll(): void {
    this.#closing = true;
    for (const listener of [...this.#open]) void listener.close();
  }

  /**
   * The server process was started again (`session` is reconnecting): what was subscribed is
   * subscribed again on the new process, and the subscriptions go on. A subscribe the new
   * process refuses (or a restart that never comes) ends the subscriptions over that URI.
   */
  resubscribe(session: SessionPort): void {
    for (const [uri, state] of this.#uris) {
      if (state.users === 0) continue;
      state.ready = state.tail.then(() =>
        send(session, "resources/subscribe", uri, this.#timeout, undefined),
      );
      state.tail = state.ready.catch(() => undefined);
      state.ready.catch((error: unknown) => {
        const failure = asMcpError(error);
        for (const listener of [...this.#open]) {
          if ((listener.requested.resourceSubscriptions ?? []).includes(uri))
            listener.fail(failure);
        }
      });
    }
  }

  /** The connection died: every subscription throws, as a dropped listen stream does. */
  connectionLost(detail: string): void {
    const error = localError(
      "transport",
      `the connection closed (${detail}); connect again and listen again to resume`,
      CONTEXT,
    );
    this.#closing = true;
    for (const listener of [...this.#open]) listener.fail(error);
  }

  #acquire(session: SessionPort, uri: string, meta: Meta | undefined): Promise<void> {
    let state = this.#uris.get(uri);
    if (state === undefined) {
      state = { users: 0, ready: Promise.resolve(), tail: Promise.resolve() };
      this.#uris.set(uri, state);
    }
    state.users += 1;
    if (state.users === 1) {
      state.ready = state.tail.then(() =>
        send(session, "resources/subscribe", uri, this.#timeout, meta),
      );
      state.tail = state.ready.catch(() => undefined);
    }
    return state.ready;
  }

  #release(session: SessionPort, uri: string): void {
    const state = this.#uris.get(uri);
    if (state === undefined) return;
    state.users -= 1;
    if (state.users > 0) return;
    if (this.#closing) {
      this.#uris.delete(uri);
      return;
    }
    // Only a subscribe the server accepted needs undoing; a failed unsubscribe changes nothing
    // for the caller (the server just keeps sending updates no subscription claims).
    const tail = state.ready.then(
      () =>
        send(session, "resources/unsubscribe", uri, this.#timeout, undefined).catch(
          () => undefined,
        ),
      () => undefined,
    );
    state.tail = tail;
    void tail.then(() => {
      if (this.#uris.get(uri)?.tail === tail && state.users === 0) this.#uris.delete(uri);
    });
  }
}

/** Whether a subscription with this acknowledged filter asked for `notification`. */
function wants(filter: SubscriptionFilter, notification: JsonRpcNotification): boolean {
  const params = notification.params;
  for (const [field, , method] of LIST_FIELDS) {
    if (notification.method === method) return filter[field] === true;
  }
  if (notification.method === "notifications/resources/updated") {
    const uri = params?.uri;
    return typeof uri === "string" && (filter.resourceSubscriptions ?? []).some(covers(uri));
  }
  if (notification.method === "notifications/tasks/status") {
    return (filter.taskIds ?? []).includes(params?.taskId as string);
  }
  return false;
}

/** A subscribed URI covers itself and its sub-resources (servers may report those). */
function covers(uri: string): (subscribed: string) => boolean {
  return (subscribed) =>
    uri === subscribed || uri.startsWith(subscribed.endsWith("/") ? subscribed : `${subscribed}/`);
}

/** The part of `filter` the server's declared capabilities let it deliver. */
function honoured(
  filter: SubscriptionFilter,
  uris: string[],
  capabilities: ServerCapabilities,
): SubscriptionFilter {
  const result: SubscriptionFilter = {};
  for (const [field, capability] of LIST_FIELDS) {
    if (filter[field] === true && capabilities[capability]?.listChanged === true) {
      result[field] = true;
    }
  }
  if (uris.length > 0) result.resourceSubscriptions = uris;
  const tasks = (capabilities as { tasks?: unknown }).tasks;
  if (filter.taskIds !== undefined && tasks !== undefined) result.taskIds = [...filter.taskIds];
  return result;
}

/** The URIs to subscribe to, without repeats; anything but an array of strings is refused. */
function checkUris(uris: unknown): string[] {
  if (uris === undefined) return [];
  if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === "string")) {
    throw localError("input", "resourceSubscriptions must be an array of URI strings", CONTEXT);
  }
  return [...new Set(uris as string[])];
}

async function send(
  session: SessionPort,
  method: string,
  uri: string,
  timeout: number,
  meta: Meta | undefined,
): Promise<void> {
  const options = meta === undefined ? { timeout } : { timeout, meta };
  await session.request(method, { uri }, options, { method, target: uri });
}

/** Any answer, even an error response from a server without `ping`, shows the connection lives. */
async function ping(session: SessionPort, timeout: number): Promise<void> {
  try {
    await session.request("ping", undefined, { timeout }, { method: "ping" });
  } catch (error) {
    if (isMcpError(error) && error.code !== undefined) return;
    throw error;
  }
}

function asMcpError(error: unknown): McpError {
  if (isMcpError(error)) return error;
  return localError("transport", String(error), CONTEXT, error);
}
