/**
 * Servers for CLI tests beyond the shared fixtures: the hand-written contract server over stdio
 * (test/fixtures/cli/contract-server.mjs), plain loopback HTTP servers that are not MCP servers,
 * and a loopback address with nothing listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { listenLoopback, type RunningHttpServer } from "../fixtures/servers/loopback.js";

const CONTRACT_SERVER = fileURLToPath(
  new URL("../fixtures/cli/contract-server.mjs", import.meta.url),
);

/** What the contract server serves; see the comment at the top of contract-server.mjs. */
export interface ServedContract {
  serverInfo?: { name: string; version: string };
  versionFromEnv?: string;
  tools?: unknown[];
  prompts?: unknown[];
  resources?: unknown[];
  resourceTemplates?: unknown[];
  rendezvous?: string;
  failListWithEnv?: string;
  exitAfterFailure?: boolean;
  failListMessage?: string;
  echoEnv?: boolean;
  extraCapabilities?: Record<string, unknown>;
  instructions?: string;
}

/** The command line that serves `contractFile` over stdio: plain node, no loader. */
export function contractServerCommand(contractFile: string): [string, ...string[]] {
  return [process.execPath, CONTRACT_SERVER, contractFile];
}

/** A minimal, valid tool definition. */
export function simpleTool(
  name: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
) {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: "object", properties, required },
  };
}

/** A loopback HTTP server that records what it was asked and answers with `respond`. */
export interface RecordingServer extends RunningHttpServer {
  /** Every request received: method, path with query, headers. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage["headers"] }>;
}

export async function startPlainHttp(
  respond: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<RecordingServer> {
  const requests: RecordingServer["requests"] = [];
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
    });
    // Drain the body first, so the client is never stuck sending while the answer is written.
    request.resume();
    request.on("end", () => respond(request, response));
  });
  const running = await listenLoopback(server, "/mcp");
  return { ...running, requests };
}

/** A loopback URL whose port had a listener a moment ago and has none now. */
export async function unusedLoopbackUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}
