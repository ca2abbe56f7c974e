/**
 * The one small interface every transport implements. A transport moves JSON-RPC messages; the
 * client above it owns ids, `_meta`, timeouts, progress routing and error mapping.
 *
 * Requests are exchanged one at a time through `request()`: that fits stdio (the transport matches
 * responses by id), Streamable HTTP (one POST per request) and in-process handlers alike.
 */
import type { HttpCredentials } from "./http/http-credentials.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "./jsonrpc.js";

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

export interface Transport {
  /** The endpoint, for error messages: a URL (without credentials) or a command line. */
  readonly endpoint: string;
  /**
   * Replaces the credentials sent from the next request on (`McpClient.setAuth`); absent on
   * transports that send none (stdio, in-process).
   */
  setCredentials?(credentials: HttpCredentials): void;
  /**
   * True for transports that send `exchange.headers` (Streamable HTTP). The client then applies
   * the HTTP-only rules, such as leaving out tools with invalid `x-mcp-header` annotations.
   */
  readonly carriesHeaders?: boolean;
  /**
   * Sends one request and resolves with its response, a result or an error response alike.
   * Rejects only with an `McpError`: `transport` when the connection fails, or the signal's reason.
   * Never leaves a request pending once the transport is closed or broken.
   */
  request(message: JsonRpcRequest, exchange: RequestExchange): Promise<JsonRpcResponse>;
  /** Sends one notification. */
  notify(message: JsonRpcNotification): Promise<void>;
  /** Notifications not tied to one request (stdio progress and logs, listen streams). */
  onNotification: ((notification: JsonRpcNotification) => void) | undefined;
  /**
   * Answers a request the server sent (initialize era: `ping`, `elicitation/create`,
   * `sampling/createMessage`, `roots/list`). The transport calls it for every incoming request,
   * on whatever channel it arrived (stdout, an SSE stream), and sends the response it resolves
   * with back the way the transport requires (a line on stdin, a POST). It never rejects: the
   * session turns failures into error responses. Unset: the transport answers -32601 itself.
   */
  onRequest?: ((request: JsonRpcRequest) => Promise<JsonRpcResponse>) | undefined;
  /**
   * Initialize era: called once the `initialize` handshake agreed on `protocolVersion`. A
   * Streamable HTTP transport then sends `MCP-Protocol-Version` and the `Mcp-Session-Id` it got
   * from the initialize response on every later message, opens the optional GET stream for
   * server messages, sends `notifications/cancelled` when a request aborts (closing a stream
   * does not cancel in that era) and DELETEs the session on close. A session the server has
   * forgotten (404) rejects with kind `transport` and `data.sessionExpired`; the transport has
   * then dropped the session id, so the next `initialize` starts a new one. Transports without
   * sessions (stdio, in-process) need not implement it.
   */
  beginLegacySession?(protocolVersion: string): void;
  /** Connection-level diagnostics; the client forwards them to its logger. */
  onDiagnostic: ((diagnostic: TransportDiagnostic) => void) | undefined;
  /** Ends the connection; pending requests reject with a `transport` error. Idempotent. */
  close(): Promise<void>;
}
