/**
 * The `_meta` envelope and HTTP headers the floor client sends: the same bytes of protocol
 * metadata the runtime sends, so the server does the same work for every client.
 */
import { RUNTIME_VERSION } from "../../runtime/protocol/version.js";

export const PROTOCOL_VERSION = "2026-07-28";

/** What the runtime stamps on each request made without options. */
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "mcp-codegen", version: RUNTIME_VERSION },
};

/** One compact `tools/call` request line for the echo tool (no trailing newline). */
export function echoRequest(id: number, i: number): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "echo", arguments: { i }, _meta: ENVELOPE },
  });
}

/** The Streamable HTTP request headers a 2026-07-28 `tools/call` of `echo` needs. */
export const ECHO_HTTP_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": PROTOCOL_VERSION,
  "mcp-method": "tools/call",
  "mcp-name": "echo",
};
