/**
 * One request in flight, as the session hands it to a transport (`RequestExchange`): its
 * deadline, cancellation and notification routing, and the cheap abort listener slot
 * (`aborted` / `setAbortListener`) transports may use instead of `signal`.
 */
import { McpError, describeContext, type ErrorContext } from "./errors.js";
import type { JsonRpcNotification } from "./jsonrpc.js";
import type { RequestOptions } from "./request-options.js";
import { timerDelay } from "./timer-delay.js";
import type { AbortListener, RequestExchange } from "./transport.js";
import type { LogMessage, Progress } from "./types.js";

/** What the session keeps for a request that asked for progress, while it waits. */
export interface ProgressWatch {
  onProgress: ((progress: Progress) => void) | undefined;
  /** Called on each progress notification to push the deadline out. */
  extend: (() => void) | undefined;
}

/** The session, as a call sees it. */
export interface CallOwner {
  readonly defaultTimeout: number;
  route(notification: JsonRpcNotification, call: Call): void;
  trackProgress(id: number, watch: ProgressWatch): void;
  untrackProgress(id: number): void;
}

/**
 * One request in flight: its deadline, cancellation and notification routing. The
 * `AbortController` behind `signal` is made only when a transport reads `signal` (or, for the
 * rare request that aborts, at that moment), so the common path allocates none.
 */
export class Call implements RequestExchange {
  headers?: Readonly<Record<string, string>>;
  readonly onLog: ((message: LogMessage) => void) | undefined;
  readonly #session: CallOwner;
  readonly #id: number;
  #controller: AbortController | undefined;
  /** Set once, by the first abort (timeout or the caller's signal); later aborts are ignored. */
  #reason: McpError | undefined;
  #listener: AbortListener | undefined;
  readonly #context: ErrorContext;
  readonly #timeout: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #deadline = 0;
  #userSignal: AbortSignal | undefined;
  #onUserAbort: (() => void) | undefined;

  constructor(
    session: CallOwner,
    id: number,
    options: RequestOptions | undefined,
    context: ErrorContext,
  ) {
    this.#session = session;
    this.#id = id;
    this.#context = context;
    this.onLog = options?.onLog;
    this.#timeout = options?.timeout ?? session.defaultTimeout;
    if (this.#timeout > 0 && Number.isFinite(this.#timeout)) {
      this.#timer = setTimeout(() => this.#expire(), timerDelay(this.#timeout));
    }
    if (options === undefined) return;
    if (options.onProgress !== undefined) {
      const reset = options.resetTimeoutOnProgress === true && this.#timer !== undefined;
      if (reset) this.#deadline = Date.now() + (options.maxTotalTimeout ?? this.#timeout * 10);
      session.trackProgress(id, {
        onProgress: options.onProgress,
        extend: reset ? () => this.#extend() : undefined,
      });
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
    this.#session.route(notification, this);
  }

  /** Releases the timer, the progress registration and the caller's signal listener. */
  finish(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#listener = undefined;
    this.#session.untrackProgress(this.#id);
    if (this.#onUserAbort !== undefined) {
      this.#userSignal?.removeEventListener("abort", this.#onUserAbort);
    }
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
