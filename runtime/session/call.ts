/**
 * One request in flight, as the session hands it to a transport (`RequestExchange`): its
 * deadline, cancellation and notification routing, and the cheap abort listener slot
 * (`aborted` / `setAbortListener`) transports may use instead of `signal`.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import type { JsonRpcNotification } from "../protocol/index.js";
import type { RequestOptions } from "../protocol/index.js";
import { timerDelay } from "../basics/index.js";
import type { AbortListener, RequestExchange } from "../protocol/index.js";
import type { LogMessage, Progress } from "../protocol/index.js";

/**
 * Where a notification the transport tied to this request goes, with the request's own log sink.
 * One function made once by whoever creates calls (the session), not one per call: the call
 * passes its `onLog` along, so the router needs to know nothing else about it.
 */
export type NotificationRouter = (
  notification: JsonRpcNotification,
  onLog: ((message: LogMessage) => void) | undefined,
) => void;

/**
 * One request in flight: its deadline, cancellation and notification routing. The
 * `AbortController` behind `signal` is made only when a transport reads `signal` (or, for the
 * rare request that aborts, at that moment), so the common path allocates none.
 *
 * A call is given plain values (the timeout, one router) and knows nothing of the session that
 * made it; the session registers it for progress and calls `progressed()`, so data flows one way.
 */
export class Call implements RequestExchange {
  headers?: Readonly<Record<string, string>>;
  readonly onLog: ((message: LogMessage) => void) | undefined;
  /** The caller's progress callback; the session routes progress notifications to it. */
  readonly onProgress: ((progress: Progress) => void) | undefined;
  readonly #route: NotificationRouter;
  #controller: AbortController | undefined;
  /** Set once, by the first abort (timeout or the caller's signal); later aborts are ignored. */
  #reason: McpError | undefined;
  #listener: AbortListener | undefined;
  readonly #context: ErrorContext;
  #timeout: number;
  /** See `RequestExtras.authorizationTimeout`; undefined when the flow keeps `#timeout`. */
  readonly #authorizationTimeout: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When progress may no longer push the deadline out; 0 when progress does not reset it. */
  #deadline = 0;
  #userSignal: AbortSignal | undefined;
  #onUserAbort: (() => void) | undefined;
  /** Told when the request starts and stops waiting on an OAuth flow (the client's `authorizing`). */
  readonly #onPause: ((paused: boolean) => void) | undefined;

  /**
   * @param defaultTimeout used when `options.timeout` is absent; 0 or `Infinity` means none.
   * @param route receives the notifications a transport hands to `onNotification`.
   */
  constructor(
    options: RequestOptions | undefined,
    context: ErrorContext,
    defaultTimeout: number,
    route: NotificationRouter,
    onPause?: (paused: boolean) => void,
    authorizationTimeout?: number,
  ) {
    this.#route = route;
    this.#authorizationTimeout = authorizationTimeout;
    this.#onPause = onPause;
    this.#context = context;
    this.onLog = options?.onLog;
    this.onProgress = options?.onProgress;
    this.#timeout = options?.timeout ?? defaultTimeout;
    if (this.#timeout > 0 && Number.isFinite(this.#timeout)) {
      this.#timer = setTimeout(() => this.#expire(), timerDelay(this.#timeout));
    }
    if (options === undefined) return;
    const resets = options.onProgress !== undefined && options.resetTimeoutOnProgress === true;
    if (resets && this.#timer !== undefined) {
      this.#deadline = Date.now() + (options.maxTotalTimeout ?? this.#timeout * 10);
    }
    const signal = options.signal;
    if (signal !== undefined) {
      if (signal.aborted) this.#cancel(signal.reason);
      else {
        this.#userSignal = signal;
        this.#onUserAbort = () => this.#cancel(signal.reason);
        signal.addEventListener("abort", this.#onUserAbort, { once: true });
      }
    }
  }

  /** Aborted (with an `McpError` reason) when the request is cancelled or times out. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#reason !== undefined) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#reason !== undefined;
  }

  setAbortListener(listener: AbortListener | undefined): void {
    this.#listener = listener;
  }

  onNotification(notification: JsonRpcNotification): void {
    this.#route(notification, this.onLog);
  }

  /**
   * Told by the session that a progress notification for this request arrived: with
   * `resetTimeoutOnProgress`, pushes the deadline out (never past `maxTotalTimeout`).
   */
  progressed(): void {
    if (this.#deadline !== 0) this.#extend();
  }

  /** The timeout in milliseconds; 0 or `Infinity` when the request has none. */
  get timeout(): number {
    return this.#timeout;
  }

  pauseTimeout(): () => void {
    const paused = this.#timer !== undefined && this.#reason === undefined;
    if (paused) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      if (!paused || this.#reason !== undefined) return;
      this.#timer = setTimeout(() => this.#expire(), timerDelay(this.#timeout));
    };
  }

  authorizing(): () => void {
    this.#lengthenForAuthorization();
    this.#onPause?.(true);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#onPause?.(false);
    };
  }

  /**
   * The flow's deadline replaces a shorter request timeout, once, from now: the server answered
   * (with its 401), so what remains is the sign-in, bounded as connect bounds everything.
   */
  #lengthenForAuthorization(): void {
    const longer = this.#authorizationTimeout;
    if (longer === undefined || this.#reason !== undefined) return;
    const none = !(longer > 0) || !Number.isFinite(longer);
    if (!none && longer <= this.#timeout) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#deadline = 0;
    this.#timeout = none ? 0 : longer;
    if (!none) this.#timer = setTimeout(() => this.#expire(), timerDelay(longer));
  }

  /** Releases the timer and the caller's signal listener. */
  finish(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#listener = undefined;
    if (this.#onUserAbort !== undefined) {
      this.#userSignal?.removeEventListener("abort", this.#onUserAbort);
    }
  }

  /** Aborts the request because `setAuth` switched the client's credentials while it was out. */
  credentialsChanged(): void {
    this.#abort(
      new McpError({
        ...this.#context,
        kind: "cancelled",
        message: `${describeContext(this.#context)}cancelled because the client's credentials changed (client.setAuth) while the request was in flight; send it again to make it with the new credentials`,
      }),
    );
  }

  /** Like `AbortController.abort`: the first reason wins; signal listeners, then the hook's. */
  #abort(reason: McpError): void {
    if (this.#reason !== undefined) return;
    this.#reason = reason;
    this.#controller?.abort(reason);
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.handleEvent();
  }

  #expire(): void {
    this.#abort(
      new McpError({
        ...this.#context,
        kind: "timeout",
        message: `${describeContext(this.#context)}no response within ${this.#timeout} ms; pass a larger \`timeout\` if the server is slow`,
      }),
    );
  }

  #extend(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    const remaining = Math.min(this.#timeout, this.#deadline - Date.now());
    this.#timer = setTimeout(() => this.#expire(), timerDelay(remaining));
  }

  #cancel(reason: unknown): void {
    const message = reason instanceof Error ? `: ${reason.message}` : "";
    this.#abort(
      new McpError({
        ...this.#context,
        kind: "cancelled",
        message: `${describeContext(this.#context)}cancelled by the caller${message}`,
        cause: reason,
      }),
    );
  }
}
