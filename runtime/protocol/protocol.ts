/**
 * Protocol constants of MCP 2026-07-28: version strings, the reserved `_meta` keys and the
 * JSON-RPC error codes this runtime gives a meaning to.
 */

/** The protocol revision this runtime speaks first. */
export const LATEST_PROTOCOL_VERSION = "2026-07-28";

/** Every modern revision this runtime can speak, most preferred first. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION];

/** Initialize-era revisions, newest first; used by the legacy fallback. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
];

export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
export const META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

/** JSON-RPC and MCP error codes with a defined meaning. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Legacy (2025-11-25 and earlier) resource-not-found. */
  LegacyResourceNotFound: -32002,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;
