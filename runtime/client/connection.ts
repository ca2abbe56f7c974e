/**
 * A client's connection over time: the current session, the state it is in, and what happens
 * when it is lost. A stdio server that exits is started again (back-off, jitter, a cap per
 * window); requests made while the connection is not ready wait for it within their own timeout;
 * `close()` ends it for good and `reconnect()` starts it afresh.
 *
 * The client talks to this object as it would to a session (`SessionPort`): when the connection
 * is ready a request goes straight to the session, with one state check as its only cost.
 */
import type { ConnectionState, ConnectionStatus, StatusListener } from "./connection-status.js";
import type { EraVerdict, ProtocolEra } from "../protocol/index.js";
import { describeContext, McpError, type ErrorContext } from "../protocol/index.js";
import type { HttpCredentials } from "../auth/index.js";
import type { RequestOptions } from "../protocol/index.js";
import { RestartBudget, restartDelay, type ResolvedRestartPolicy } from "./restart-policy.js";
import type { ServerDescription } from "../eras/index.js";
import type { RequestExtras, Session } from "../session/index.js";
import type { SessionPort } from "../session/index.js";
import { readiness, waitForReadiness } from "./connection-wait.js";
import type { Transport } from "../transports/index.js";
import type { Result } from "../protocol/index.js";

/** What establishing a session gave: the server's description and era, where they were found. */
export interface EstablishedSession {
  session: Session;
  server?: ServerDescription | undefined;
  verdict?: EraVerdict | undefined;
}

export interface ConnectionPlan {
  /**
   * Opens a transport and a session on it in the server's era. `prior` is the verdict of the
   * last session (none at first); `phase` reports `discovering` and `initializing`.
   */
  establish(
    prior: EraVerdict | undefined,
    phase: (state: "discovering" | "initializing") => void,
    again: boolean,
  ): Promise<EstablishedSession>;
  /** The target, for messages while no transport is open. */
  endpoint: string;
  /** Whether the target's transport takes credentials (Streamable HTTP). */
  takesCredentials: boolean;
  /** How a lost connection is opened again; `false`: it closes instead. */
  restart: ResolvedRestartPolicy | false;
  /** The default request timeout, which also bounds waiting for the connection. */
  timeout: number;
  /** The first verdict (`ConnectOptions.prior`). */
  prior: EraVerdict | undefined;
  onStatus: StatusListener | undefined;
  /** `ConnectOptions.instructionsForModel`: the client opted in to handing them to a model. */
  instructionsForModel: boolean;
}

export class Connection implements SessionPort {
  readonly #plan: ConnectionPlan;
  readonly #budget: RestartBudget | undefined;
  readonly #listeners = new Set<StatusListener>();
  readonly #standIn: Transport;
  #state: ConnectionState = "connecting";
  #reason: string | undefined;
  #session: Session | undefined;
  #server: ServerDescription | undefined;
  #verdict: EraVerdict | undefined;
  #ready = readiness();
  /** Bumped by `close()` and `reconnect()`: an establishment started before them is stale. */
  #generation = 0;
  #restarts = 0;
  /** Requests waiting on an OAuth flow (see `authorizing`). */
  #authorizing = 0;
  #beforeAuthorizing: ConnectionState | undefined;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #credentials: HttpCredentials | undefined;
  /** The session a handshake is under way on, not yet this connection's: `setAuth` reaches it. */
  #opening: Session | undefined;
  /** What closed the connection, as the `cause` of every later `closed` error. */
  #closeCause: unknown;

  constructor(plan: ConnectionPlan) {
    this.#plan = plan;
    // Only its endpoint is read while no session is open: requests wait for a session.
    this.#standIn = {
      endpoint: plan.endpoint,
      onNotification: undefined,
      onDiagnostic: undefined,
      request: () => Promise.reject(new Error("no session is open")),
      notify: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    this.#budget = plan.restart === false ? undefined : new RestartBudget(plan.restart);
    if (plan.onStatus !== undefined) this.#listeners.add(plan.onStatus);
  }

  /** Opens the first session; rejects with what went wrong (the connection is then closed). */
  start(): Promise<void> {
    // The first state is told too, so a listener hears the whole story.
    this.#tell();
    return this.#establish(this.#generation, false);
  }

  get status(): ConnectionStatus {
    return {
      state: this.#state,
      era: this.era,
      protocolVersion: this.#session?.protocolVersion ?? this.#verdict?.protocolVersion,
      reason: this.#reason,
      restarts: this.#restarts,
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  get reconnecting(): boolean {
    return this.#state === "reconnecting";
  }

  get era(): ProtocolEra {
    return this.#session?.era ?? (this.#verdict ?? this.#plan.prior)?.era ?? "modern";
  }

  get protocolVersion(): string {
    return this.#session?.protocolVersion ?? this.#verdict?.protocolVersion ?? "";
  }

  /** The current session's transport; a stand-in naming the target while none is open. */
  get transport(): Transport {
    return this.#session?.transport ?? this.#standIn;
  }

  get server(): ServerDescription | undefined {
    return this.#server;
  }

  set server(server: ServerDescription) {
    this.#server = server;
  }

  get verdict(): EraVerdict | undefined {
    return this.#verdict;
  }

  get endpoint(): string {
    return this.#session?.transport.endpoint ?? this.#plan.endpoint;
  }

  get instructionsForModel(): boolean {
    return this.#plan.instructionsForModel;
  }

  get takesCredentials(): boolean {
    return this.#plan.takesCredentials;
  }

  /**
   * Credentials for this and every later transport (a restart opens a new one), and for the one
   * a handshake is under way on (`opened`), so the requests after it carry them.
   */
  setCredentials(credentials: HttpCredentials): void {
    (this.#session ?? this.#opening)?.transport.setCredentials?.(credentials);
    this.#credentials = credentials;
  }

  /** Told by the transport opener of each session it opens, once it holds `credentials`. */
  opened(session: Session): void {
    this.#opening = session;
  }

  /** Ends the requests in flight (`Session.endInFlight`); those waiting for readiness go later. */
  endInFlight(): void {
    this.#session?.endInFlight();
  }

  /** Applied by the transport opener to each new transport. */
  get credentials(): HttpCredentials | undefined {
    return this.#credentials;
  }

  request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    extras?: RequestExtras,
  ): Promise<Result> {
    const session = this.#session;
    if (session !== undefined && (this.#state === "ready" || this.#state === "authorizing")) {
      return session.request(method, params, options, context, extras);
    }
    return this.#requestWhenReady(method, params, options, context, extras);
  }

  async #requestWhenReady(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    context: ErrorContext,
    extras: RequestExtras | undefined,
  ): Promise<Result> {
    const timeout = options?.timeout ?? this.#plan.timeout;
    const deadline = timeout === 0 || timeout === Infinity ? Infinity : Date.now() + timeout;
    for (;;) {
      if (this.#state === "closed") throw this.#closedError(context);
      await this.#waitReady(deadline, options?.signal, context);
      const session = this.#session;
      if (session === undefined || !this.#open()) continue;
      // The wait spent part of the request's own timeout: the request gets the rest.
      const rest = deadline === Infinity ? options?.timeout : Math.max(1, deadline - Date.now());
      const sent = rest === undefined ? options : { ...options, timeout: rest };
      return session.request(method, params, sent, context, extras);
    }
  }

  /** Waits until ready: rejects with `timeout` at the deadline, `cancelled` on the signal. */
  #waitReady(deadline: number, signal: AbortSignal | undefined, context: ErrorContext) {
    const where = () =>
      `${this.endpoint}, ${this.#state}${this.#reason === undefined ? "" : `: ${this.#reason}`}`;
    return waitForReadiness(this.#ready.promise, { deadline, signal, context, where });
  }

  /** Whether requests go out now: ready, or ready with an OAuth flow under way. */
  #open(): boolean {
    return (
      this.#session !== undefined && (this.#state === "ready" || this.#state === "authorizing")
    );
  }

  /**
   * Whether the readiness promise is settled as ready: the state says so, even once the session
   * it had is gone (lost, or dropped by `reconnect()`), so the next wait needs a new promise.
   */
  #wasOpen(): boolean {
    return this.#state === "ready" || this.#state === "authorizing";
  }

  /**
   * A request started (`true`) or ended (`false`) waiting on an OAuth flow: the state is
   * `authorizing` while any does.
   */
  authorizing(active: boolean): void {
    this.#authorizing += active ? 1 : -1;
    const state = this.#state;
    if (this.#authorizing === 1 && active && state !== "closed" && state !== "reconnecting") {
      // Connecting signs in too (the probe meets the 401): the state it interrupts comes back.
      this.#beforeAuthorizing = state;
      this.#setState("authorizing", undefined);
    } else if (this.#authorizing === 0 && state === "authorizing") {
      this.#setState(this.#beforeAuthorizing ?? "ready", undefined);
    }
  }

  /** Resolves once ready, or rejects: `timeout` after `timeout` ms, or why it closed. */
  ready(timeout = Infinity, context: ErrorContext = { method: "ready" }): Promise<void> {
    if (this.#open()) return Promise.resolve();
    if (this.#state === "closed") return Promise.reject(this.#closedError(context));
    const deadline = timeout === 0 || timeout === Infinity ? Infinity : Date.now() + timeout;
    return this.#waitReady(deadline, undefined, context);
  }

  /**
   * The transport of `session` closed. Unless that was asked for (`close()`, `reconnect()`, a
   * session already replaced), the server is started again, or the connection closes.
   */
  lost(session: Session, detail: string): void {
    if (session !== this.#session || this.#state === "closed") return;
    this.#session = undefined;
    if (this.#budget === undefined) {
      this.#closeWith(`the connection closed: ${detail}`, undefined);
      return;
    }
    this.#scheduleRestart(detail);
  }

  #scheduleRestart(reason: string): void {
    const policy = this.#plan.restart as ResolvedRestartPolicy;
    const budget = this.#budget!;
    const now = Date.now();
    const attempt = budget.recent(now);
    if (!budget.allow(now)) {
      this.#closeWith(
        `${reason}; gave up after ${policy.maxRestarts} restarts within ${policy.windowMs} ms`,
        undefined,
      );
      return;
    }
    if (this.#wasOpen()) this.#ready = readiness();
    this.#setState("reconnecting", reason);
    const generation = this.#generation;
    this.#restartTimer = setTimeout(
      () => {
        this.#restartTimer = undefined;
        this.#restarts++;
        void this.#establish(generation, true).catch(() => undefined);
      },
      restartDelay(policy, attempt, Math.random()),
    );
  }

  async #establish(generation: number, restarting: boolean): Promise<void> {
    const prior = this.#verdict ?? this.#plan.prior;
    this.#setState(restarting ? "reconnecting" : "connecting", this.#reason);
    let established: EstablishedSession;
    try {
      established = await this.#plan.establish(
        prior,
        (phase) => {
          if (generation === this.#generation) this.#setState(phase, undefined);
        },
        restarting,
      );
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#opening = undefined;
      if (restarting) return this.#scheduleRestart(errorText(error));
      this.#closeWith(errorText(error), error);
      throw error;
    }
    if (generation !== this.#generation) {
      await established.session.close().catch(() => undefined);
      return;
    }
    this.#session = established.session;
    this.#opening = undefined;
    if (established.server !== undefined) this.#server = established.server;
    if (established.verdict !== undefined) this.#verdict = established.verdict;
    this.#setState("ready", undefined);
    this.#ready.resolve();
  }

  /** Closes for good (`client.close()`): waiting requests fail at once, later ones get `closed`. */
  async close(): Promise<void> {
    if (this.#state === "closed" && this.#session === undefined) return;
    this.#generation++;
    clearTimeout(this.#restartTimer);
    const session = this.#session;
    this.#session = undefined;
    this.#closeWith("closed by the client", undefined);
    await session?.close();
  }

  /**
   * Drops the current session and connects again, with the restart counters reset; revives a
   * closed connection. Rejects (and stays closed) when connecting fails.
   */
  async reconnect(): Promise<void> {
    this.#generation++;
    clearTimeout(this.#restartTimer);
    const session = this.#session;
    this.#session = undefined;
    this.#budget?.reset();
    this.#restarts = 0;
    this.#closeCause = undefined;
    if (this.#wasOpen() || this.#state === "closed") this.#ready = readiness();
    await session?.close().catch(() => undefined);
    await this.#establish(this.#generation, false);
  }

  #closeWith(reason: string, cause: unknown): void {
    this.#closeCause = cause;
    this.#setState("closed", reason);
    this.#ready.reject(this.#closedError({}));
  }

  #closedError(context: ErrorContext): McpError<"closed"> {
    return new McpError({
      ...context,
      kind: "closed",
      ...(this.#closeCause === undefined ? {} : { cause: this.#closeCause }),
      message: `${describeContext(context)}the client is closed (${this.#reason ?? "closed"}); call client.reconnect() to connect again`,
    });
  }

  #setState(state: ConnectionState, reason: string | undefined): void {
    if (state === this.#state && reason === this.#reason) return;
    this.#state = state;
    this.#reason = reason;
    this.#tell();
  }

  #tell(): void {
    const status = this.status;
    // A listener that throws must not break the connection or the other listeners.
    for (const listener of this.#listeners) {
      try {
        listener(status);
      } catch {
        // The status is informational; the listener's failure is its own.
      }
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
