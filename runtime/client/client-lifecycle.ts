/**
 * The connection side of `McpClient`: its state and the events of its changes, waiting for it,
 * starting it again, and what the server said of itself. Kept apart from the MCP methods so each
 * file holds one concept.
 */
import type { Connection } from "./connection.js";
import { instructionsForModel } from "../ai/index.js";
import type { ConnectionStatus, StatusListener } from "./connection-status.js";
import type { EraVerdict, ProtocolEra } from "../protocol/index.js";
import type { RequestOptions } from "../protocol/index.js";
import type { Implementation } from "../protocol/index.js";

export abstract class ClientLifecycle {
  /** @internal The connection of the moment; `McpClient` sends every request through it. */
  protected readonly connection: Connection;

  protected constructor(connection: Connection) {
    this.connection = connection;
  }

  /**
   * Where the connection stands: `connecting`, `discovering`, `initializing`, `ready`,
   * `authorizing` (a request, or the handshake, waits on an OAuth flow), `reconnecting` or
   * `closed`, with the era and negotiated version once known and, when reconnecting or closed,
   * the reason.
   */
  get status(): ConnectionStatus {
    return this.connection.status;
  }

  /** Calls `listener` on every change of `status`; returns the function that stops it. */
  onStatus(listener: StatusListener): () => void {
    return this.connection.onStatus(listener);
  }

  /**
   * Resolves once the connection is ready (at once when it is). With `timeout` (ms), rejects with
   * kind `timeout` after it; rejects with kind `closed` (or what failed) when the connection
   * closes first. Useful after `connect(target, { lazy: true })`.
   */
  ready(timeout?: number): Promise<void> {
    return this.connection.ready(timeout);
  }

  /**
   * Drops the connection and connects again, with the restart counters reset; also revives a
   * closed client. Calls in flight on the old connection fail; subscriptions end.
   */
  reconnect(): Promise<void> {
    return this.connection.reconnect();
  }

  /**
   * Checks that the server answers: `ping` in the initialize era, an uncached `server/discover`
   * in the 2026-07-28 era (which has no ping). Rejects like any request.
   */
  async ping(options?: RequestOptions): Promise<void> {
    const method = this.connection.era === "legacy" ? "ping" : "server/discover";
    await this.connection.request(method, undefined, options, { method });
  }

  /**
   * What the server says it is (`serverInfo`: name, version, title…), self-reported and for
   * display only; undefined before the first handshake or when the server sent none.
   */
  get serverInfo(): Implementation | undefined {
    return this.connection.server?.info;
  }

  /**
   * The server's `instructions` for a model's system prompt, when the client opted in
   * (`connect(target, { instructionsForModel: true })`); undefined otherwise, or when the server
   * gave none. Server text is untrusted: invisible and direction-changing characters are removed,
   * the text is capped at 4 KiB, and a first line names the server it came from.
   */
  instructionsForModel(): string | undefined {
    const server = this.connection.server;
    if (!this.connection.instructionsForModel || server === undefined) return undefined;
    return instructionsForModel(server.info?.name ?? this.endpoint, server.instructions);
  }

  /**
   * The server's protocol era: `modern` (2026-07-28, stateless) or `legacy` (the initialize
   * handshake of 2025-11-25 and earlier). The same methods work in both.
   */
  get era(): ProtocolEra {
    return this.connection.era;
  }

  /**
   * What `connect()` found about the server's era, to pass back as `connect({ prior })` (and
   * what `pull` records in the snapshot); undefined when `discover: false` skipped the probe.
   */
  get verdict(): EraVerdict | undefined {
    const verdict = this.connection.verdict;
    return verdict === undefined ? undefined : { ...verdict };
  }

  /** The protocol version stamped on every request. */
  get protocolVersion(): string {
    return this.connection.protocolVersion;
  }

  /** The transport's endpoint (URL or command line), for messages. */
  get endpoint(): string {
    return this.connection.endpoint;
  }
}
