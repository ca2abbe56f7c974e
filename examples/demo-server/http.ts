/**
 * Entry point: serves the Trip Planner demo over Streamable HTTP on a loopback port, for clients
 * that speak HTTP (a browser app, a Worker, the fetch transport). From the repository root:
 * `node --import tsx examples/demo-server/http.ts` prints the endpoint and serves until Ctrl-C.
 *
 * The SDK's HTTP entry is fetch-shaped; the small node:http bridge is the one the test fixtures
 * use (the SDK's own Node adapter is a package this project does not install).
 */
import { pathToFileURL } from "node:url";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
} from "@modelcontextprotocol/server";
import { serveFetch } from "../../test/fixtures/servers/node-fetch-server.js";
import type { RunningHttpServer } from "../../test/fixtures/servers/loopback.js";
import { createDemoServer } from "./server.js";

const MCP_PATH = "/mcp";

/**
 * Starts the demo on `http://127.0.0.1:<random port>/mcp`. Any origin may call it, so a page
 * served from another port can: CORS preflights are answered, and the MCP headers exposed.
 */
export async function startDemoHttp(): Promise<RunningHttpServer> {
  const handler = createMcpHandler(() => createDemoServer());
  const running = await serveFetch(async (request) => {
    if (new URL(request.url).pathname !== MCP_PATH) return new Response(null, { status: 404 });
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    // Guards against DNS rebinding: only loopback host names reach the server.
    const rejected = hostHeaderValidationResponse(request, localhostAllowedHostnames());
    const response = rejected ?? (await handler.fetch(request));
    for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
    return response;
  }, MCP_PATH);
  return {
    url: running.url,
    close: async () => {
      await handler.close();
      await running.close();
    },
  };
}

const CORS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*",
  "access-control-expose-headers": "*",
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startDemoHttp();
  console.log(`Trip Planner demo over Streamable HTTP: ${running.url}`);
}
