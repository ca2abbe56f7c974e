/**
 * Scripted initialize-era servers for the HTTP transport tests: answers the handshake (with a
 * session id when asked), the DELETE and the GET stream the way each test wants, and hands
 * every other message to the test's own handler.
 */
import type { ServerResponse } from "node:http";
import type { JsonRpcRequest } from "../../runtime/protocol/jsonrpc.js";
import type { Transport } from "../../runtime/transports/transport.js";
import { exchange, sendJson } from "./http-test-server.js";
import type { Handler, Received } from "./http-test-server.js";

export const LEGACY_VERSION = "2025-11-25";

let nextId = 1000;

/** A request without modern `_meta`, as the initialize era sends them. */
export function legacyRequest(
  method: string,
  params: Record<string, unknown> = {},
): JsonRpcRequest {
  return { jsonrpc: "2.0", id: nextId++, method, params };
}

/** What `legacyServer` does with what is not a message for the test's handler. */
export interface LegacyServerOptions {
  /** Sent with the initialize response; each initialize takes the next one. */
  sessionIds?: string[];
  /** The answer to DELETE: a status, or "hang" to never answer. Default 200. */
  onDelete?: number | "hang";
  /** The answer to GET; default 405 (no stream). */
  onGet?: Handler;
}

/**
 * A handler that answers `initialize` (200 JSON, the next session id), notifications and
 * responses the client POSTs (202), DELETE and GET as `options` say, and passes other requests
 * to `next`.
 */
export function legacyServer(options: LegacyServerOptions, next: Handler): Handler {
  const sessionIds = [...(options.sessionIds ?? [])];
  return (received, res, req) => {
    if (received.method === "DELETE") {
      if (options.onDelete === "hang") return;
      res.writeHead(options.onDelete ?? 200).end();
      return;
    }
    if (received.method === "GET") {
      if (options.onGet !== undefined) return options.onGet(received, res, req);
      res.writeHead(405).end();
      return;
    }
    const message = received.message;
    if (message?.method === "initialize") {
      const sessionId = sessionIds.shift();
      sendJson(
        res,
        200,
        {
          jsonrpc: "2.0",
          id: message.id,
          result: {
            protocolVersion: LEGACY_VERSION,
            capabilities: {},
            serverInfo: { name: "scripted", version: "1.0.0" },
          },
        },
        sessionId === undefined ? {} : { "mcp-session-id": sessionId },
      );
      return;
    }
    if (message !== undefined && (message.id === undefined || message.method === undefined)) {
      accepted(res);
      return;
    }
    return next(received, res, req);
  };
}

/** 202 Accepted, no body: how a server takes a notification or a response. */
export function accepted(res: ServerResponse): void {
  res.writeHead(202).end();
}

/** initialize, notifications/initialized, beginLegacySession: what the session does. */
export async function legacyHandshake(transport: Transport): Promise<void> {
  const response = await transport.request(
    legacyRequest("initialize", {
      protocolVersion: LEGACY_VERSION,
      capabilities: {},
      clientInfo: { name: "legacy-test", version: "1.0.0" },
    }),
    exchange(),
  );
  if (!("result" in response)) throw new Error(`initialize failed: ${JSON.stringify(response)}`);
  await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
  transport.beginLegacySession?.(LEGACY_VERSION);
}

/** The requests `received` holds with JSON-RPC method `method`. */
export function withMethod(received: readonly Received[], method: string): Received[] {
  return received.filter((entry) => entry.message?.method === method);
}

/** Resolves once `condition` holds, checking every few milliseconds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
