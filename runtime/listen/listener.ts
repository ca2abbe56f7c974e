/**
 * One open subscription's state, whichever era delivers its notifications: the bounded buffer,
 * the readers waiting on the async iterator, the acknowledgment and every way it ends. The
 * 2026-07-28 path (`ListenHub`) ties it to a `subscriptions/listen` request; the initialize-era
 * path (`LegacyListens`) to `resources/subscribe` requests and unsolicited notifications.
 */
import {
  McpError,
  describeContext,
  isMcpError,
  localError,
  type ErrorContext,
} from "../protocol/index.js";
import type { JsonRpcNotification } from "../protocol/index.js";
import type { ListenOptions, Subscription, SubscriptionFilter } from "./subscription.js";
import type { Result } from "../protocol/index.js";
import { isJsonObject } from "../basics/index.js";

/** The default bound of a subscription's buffer of unread notifications. */
export const DEFAULT_LISTEN_BUFFER = 1000;

/** Which cached results a notification makes stale. */
export const INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  "notifications/tools/list_changed": ["tools/list"],
  "notifications/prompts/list_changed": ["prompts/list"],
  "notifications/resources/list_changed": ["resources/list", "resources/templates/list"],
};

/** One subscription's state: its buffer, its readers, how it ended. */
export class Listener implements Subscription {
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

  /** Names the subscription in errors: the listen request, or the legacy strategy's own name. */
  readonly #context: ErrorContext;

  constructor(
    filter: SubscriptionFilter,
    options: ListenOptions,
    forget: () => void,
    context: ErrorContext = LISTEN_CONTEXT,
  ) {
    this.#context = context;
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
                this.fail(
                  localError("timeout", `no acknowledgment within ${timeout} ms`, this.#context),
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

  /**
   * Watches the listen request: its answer or failure ends the subscription, unless `renew`
   * sends it again for a failure (the connection lost and being started again): then the
   * subscription goes on over the new request.
   */
  follow(request: Promise<Result>, renew?: (error: unknown) => Promise<Result> | undefined): void {
    request.then(
      () => this.#finish(null),
      (error: unknown) => {
        if (this.#stopping) return this.#finish(null);
        const renewed = this.#end === undefined ? renew?.(error) : undefined;
        if (renewed !== undefined) return this.follow(renewed, renew);
        this.#finish(
          isMcpError(error)
            ? error
            : localError("transport", `listen failed: ${String(error)}`, this.#context, error),
        );
      },
    );
  }

  receive(notification: JsonRpcNotification): void {
    if (this.#end !== undefined) return;
    if (notification.method === "notifications/subscriptions/acknowledged") {
      const honoured = notification.params?.notifications;
      return this.acknowledge(isJsonObject(honoured) ? (honoured as SubscriptionFilter) : {});
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
    this.fail(
      new McpError({
        ...this.#context,
        kind: "transport",
        message: `${describeContext(this.#context)}more than ${this.#bufferSize} notifications were not read; the subscription was closed (listen again, and re-read what you depend on)`,
        data: { overflow: true, bufferSize: this.#bufferSize },
      }),
    );
  }

  /** The server agreed to deliver `honoured`: `listen` resolves and notifications flow. */
  acknowledge(honoured: SubscriptionFilter): void {
    if (this.#end !== undefined || this.#ackReceived) return;
    this.acknowledged = honoured;
    this.#ackReceived = true;
    this.#acked?.();
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
      this.fail(
        localError("cancelled", "listen was cancelled by the caller", this.#context, reason),
      );
    } else void this.close();
  }

  /** Ends the request (stdio: `notifications/cancelled`; HTTP: closes the stream). */
  #stop(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.controller.abort();
  }

  /** Ends with an error after stopping the request (before the acknowledgment: `listen` rejects). */
  fail(error: McpError): void {
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
      this.#context,
    );
  }
}

export const LISTEN_CONTEXT = Object.freeze({ method: "subscriptions/listen" });

const DONE: IteratorResult<JsonRpcNotification> = Object.freeze({
  value: undefined,
  done: true,
});

/** Two waiting notifications that say the same thing (the second adds nothing). */
function sameEvent(a: JsonRpcNotification, b: JsonRpcNotification): boolean {
  if (a.method !== b.method) return false;
  if (a.method in INVALIDATES) return true;
  if (a.method === "notifications/resources/updated") return a.params?.uri === b.params?.uri;
  return false;
}
