/**
 * What state a client's connection is in, as `client.status` reports it and `onStatus` hears
 * of each change.
 */
import type { ProtocolEra } from "../protocol/index.js";

/**
 * - `connecting`: opening the transport (starting the process, first contact).
 * - `discovering`: the `server/discover` probe is out.
 * - `initializing`: the `initialize` handshake of 2025-11-25 and earlier is under way.
 * - `ready`: requests go straight out.
 * - `authorizing`: a request is waiting on an OAuth flow (a user signing in, a token grant after
 *   a 401); other requests still go out.
 * - `reconnecting`: the server went away (a stdio server exited) and is being started again;
 *   requests wait for it within their own timeout.
 * - `closed`: for good, until `client.reconnect()`; every call fails with kind `closed`.
 */
export type ConnectionState =
  | "connecting"
  | "discovering"
  | "initializing"
  | "ready"
  | "authorizing"
  | "reconnecting"
  | "closed";

export interface ConnectionStatus {
  readonly state: ConnectionState;
  /** Known once the era is (after the first `ready`, or from a `prior` verdict). */
  readonly era?: ProtocolEra | undefined;
  /** The negotiated protocol version, once known. */
  readonly protocolVersion?: string | undefined;
  /** Why the connection is `reconnecting` or `closed`. */
  readonly reason?: string | undefined;
  /** How many times the server was started again since connecting (or `reconnect()`). */
  readonly restarts: number;
}

export type StatusListener = (status: ConnectionStatus) => void;
