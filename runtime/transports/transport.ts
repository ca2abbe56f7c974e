/**
 * The one small interface every transport implements. A transport moves JSON-RPC messages; the
 * client above it owns ids, `_meta`, timeouts, progress routing and error mapping.
 *
 * Requests are exchanged one at a time through `request()`: that fits stdio (the transport matches
 * responses by id), Streamable HTTP (one POST per request) and in-process handlers alike.
 */
import type { HttpCredentials } from "../auth/index.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../protocol/index.js";
import type { RequestExchange, TransportDiagnostic } from "../protocol/index.js";

export type { AbortListener, RequestExchange, TransportDiagnostic } from "../protocol/index.js";

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
