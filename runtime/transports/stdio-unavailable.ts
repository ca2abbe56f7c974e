/**
 * The error `connect({ command })` gives where no process can be started (browsers, Workers,
 * edge runtimes). It lives in the core, not in `runtime/node/`, because it is raised exactly
 * where the Node-only modules cannot be loaded.
 */
import { McpError } from "../protocol/index.js";

/**
 * An `McpError` of kind `transport` saying that stdio needs a runtime that can spawn processes
 * (Node.js, Bun or Deno), naming the one in use (`platformName`, e.g. "a browser" or
 * "Cloudflare Workers"; empty means it is unknown), and suggesting `{ url }` instead.
 */
export function stdioUnavailable(platformName: string): McpError {
  const where = platformName.trim() === "" ? "this runtime" : platformName.trim();
  return new McpError({
    kind: "transport",
    message:
      `connect({ command }) cannot start a local MCP server in ${where}: the stdio transport ` +
      "spawns a process, which needs Node.js, Bun or Deno. Run this code on one of them, or " +
      'connect to a server over Streamable HTTP with connect({ url: "https://…" }) instead.',
  });
}
