/**
 * What passes between the client and a transport with each request (`RequestExchange`) and what a
 * transport reports on the side (`TransportDiagnostic`): apart from transport.ts, whose interface
 * names the HTTP credentials, so that the HTTP plumbing can use them without importing the
 * transports above it.
 */
import type { JsonRpcNotification } from "./jsonrpc.js";

/** The shape of an EventListener object, so one object can listen to a signal or an exchange. */
export interface AbortListener {
  handleEvent(): void;
}

/** What the client hands a transport with each request. */
export interface RequestExchange {
  /**
   * Aborted when the caller cancels or the request times out. `signal.reason` is then an
   * `McpError` (kind `cancelled` or `timeout`) that the transport rejects with, after telling the
   * server the way its transport requires (stdio: `notifications/cancelled`; HTTP: closing the
   * response stream).
   */
  signal: AbortSignal;
  /**
   * Receives notifications the transport can tie to this request (an HTTP response stream, an
   * in-process handler). Transports that cannot (stdio) use `Transport.onNotification` instead.
   */
  onNotification(notification: JsonRpcNotification): void;
  /** Extra HTTP headers for this request (`Mcp-Param-*`); other transports ignore them. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Optional, with `setAbortListener`: true once the request was cancelled or timed out. The
   * runtime's own exchanges offer the pair because reading `signal` makes an `AbortController`
   * and listening on it (EventTarget) cost more than the rest of a stdio round trip, and most
   * requests never abort. A transport uses the pair when present and `signal` otherwise.
   */
  readonly aborted?: boolean;
  /**
   * Optional: sets the one listener told (synchronously, once) when the request aborts;
   * `undefined` clears it. The reason is then `signal.reason`, as for any transport.
   */
  setAbortListener?(listener: AbortListener | undefined): void;
  /**
   * Stops the request's deadline while the transport waits on the user rather than the server
   * (an OAuth sign-in in a browser); the returned function starts a full timeout again.
   * Cancellation keeps working meanwhile. Absent where the request has no deadline to pause.
   */
  pauseTimeout?(): () => void;
  /**
   * Optional: the request waits on an OAuth flow (the client's `authorizing` state) until the
   * returned function is called. The deadline keeps running: only `pauseTimeout` stops it.
   */
  authorizing?(): () => void;
  /**
   * Optional: the request's timeout in milliseconds (absent or 0 when it has none), for
   * messages that say how long something was waited for.
   */
  readonly timeout?: number;
}

/** Something a transport noticed that is not an answer to a request: junk lines, stray ids, stderr. */
export interface TransportDiagnostic {
  kind:
    | "invalid-message"
    | "stdout-noise"
    | "unknown-response"
    | "unexpected-request"
    | "stderr"
    | "closed"
    | "invalid-tool";
  detail: string;
  /**
   * `stdout-noise` only: how many lines that are not JSON-RPC (a server logging to stdout) the
   * connection has seen. Reported once at the first such line (count 1) and, when more followed,
   * once more with the total as the connection closes; never once per line.
   */
  count?: number;
  /** `stdout-noise` only: the first such line, cut to a couple of hundred characters. */
  sample?: string;
}
