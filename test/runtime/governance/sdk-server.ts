/**
 * An official-SDK server (`createMcpHandler`) served on loopback, with the JSON-RPC methods it
 * received, so a governance test can assert what reached the server and what never left.
 */
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { serveWeb, type WebServer } from "../sdk-web-server.js";

export interface RecordingServer {
  url: string;
  /** Every JSON-RPC request received, in order: method and params. */
  requests(): { method: string; params: Record<string, unknown> }[];
  /** The names of the tools called. */
  toolCalls(): string[];
  close(): Promise<void>;
}

export async function serveRecording(build: () => McpServer): Promise<RecordingServer> {
  const handler = createMcpHandler(build);
  const web: WebServer = await serveWeb((request) => handler.fetch(request));
  const requests = () =>
    web.received
      .filter((entry) => entry.body.startsWith("{"))
      .map((entry) => JSON.parse(entry.body) as { method: string; params: Record<string, unknown> })
      .filter((message) => typeof message.method === "string");
  return {
    url: web.url,
    requests,
    toolCalls: () =>
      requests()
        .filter((message) => message.method === "tools/call")
        .map((message) => String(message.params.name)),
    close: () => web.close(),
  };
}
