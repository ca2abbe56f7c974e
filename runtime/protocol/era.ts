/**
 * The protocol era a server speaks, as `connect()` found it: the stateless 2026-07-28 protocol
 * (`modern`), or the initialize-era protocol of 2025-11-25 and earlier (`legacy`). The era is a
 * property of the server, not of one request, so a verdict can be kept (in a snapshot, across
 * reconnects) and handed back to `connect({ prior })` to skip the probe.
 */

export type ProtocolEra = "modern" | "legacy";

/** What `connect()` learned about a server's era; `client.verdict`, and `connect({ prior })`. */
export interface EraVerdict {
  era: ProtocolEra;
  /** The protocol version agreed on, e.g. `2026-07-28` or `2025-06-18`. */
  protocolVersion: string;
  /**
   * Legacy HTTP servers only: `sse` when the server offers just the deprecated HTTP+SSE
   * transport of 2024-11-05, else `streamable-http` (the default when absent).
   */
  httpTransport?: "streamable-http" | "sse";
}
