/**
 * An official-SDK server (`createMcpHandler`) served on loopback, with the JSON-RPC methods it
 * received, so a governance test can assert what reached the server and what never left.
 */
import { connect, type ConnectOptions, type McpClient } from "@mcp-codegen/runtime";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { afterAll, beforeAll } from "vitest";
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

/** A recording server for a whole test file, and the clients its tests connect. */
export interface RecordingWorld {
  /** The server, once `beforeAll` has started it. */
  readonly server: RecordingServer;
  /** A plain client of the server with `options`, closed after the file's tests. */
  connect(options?: ConnectOptions): Promise<McpClient>;
  /** Closes `closeable` after the file's tests (a client made some other way). */
  track<Closeable extends { close(): Promise<void> }>(closeable: Closeable): Closeable;
}

/** Serves `build` from `beforeAll` to `afterAll`; call once at the top of a test file. */
export function recordingWorld(build: () => McpServer): RecordingWorld {
  let server: RecordingServer | undefined;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    server = await serveRecording(build);
  });
  afterAll(async () => {
    await Promise.all(open.map((closeable) => closeable.close()));
    await server?.close();
  });
  const world: RecordingWorld = {
    get server() {
      if (server === undefined) throw new Error("the server starts in beforeAll");
      return server;
    },
    async connect(options = {}) {
      return world.track(await connect({ url: world.server.url }, options));
    },
    track(closeable) {
      open.push(closeable);
      return closeable;
    },
  };
  return world;
}
