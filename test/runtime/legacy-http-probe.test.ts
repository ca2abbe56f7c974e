// How legacy HTTP servers answer the 2026-07-28 probe, seen in the wild, each through `connect`
// in auto mode (over undici and over fetch): an HTTP 500, a 400 "Server not initialized" in
// plain text or as a non-modern JSON-RPC error, a 404, an empty result. Each is read as
// "initialize era", and the handshake then runs on the same URL; an answer only a modern server
// gives is not.
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "../../runtime/client/connect.js";
import type { McpClient } from "../../runtime/client/client.js";
import { createFetchHttpTransport } from "../../runtime/transports/fetch-transport.js";
import "../../runtime/node/index.js";
import { legacyServer } from "./http-legacy-helpers.js";
import { sendJson, startServer, type Handler, type TestServer } from "./http-test-server.js";
import { rejection } from "./client-helpers.js";

const servers: TestServer[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const PROBE_ANSWERS: Record<string, Handler> = {
  "HTTP 500 with an HTML page": (_received, res) => {
    res.writeHead(500, { "content-type": "text/html" }).end("<h1>Internal Server Error</h1>");
  },
  "400 Server not initialized, as text": (_received, res) => {
    res.writeHead(400, { "content-type": "text/plain" }).end("Bad Request: Server not initialized");
  },
  "400 with a JSON-RPC error that is not a modern one": (received, res) => {
    sendJson(res, 400, {
      jsonrpc: "2.0",
      id: received.message?.id ?? null,
      error: { code: -32000, message: "Bad Request: Server not initialized" },
    });
  },
  "404 with an empty body": (_received, res) => {
    res.writeHead(404).end();
  },
  "200 with an empty result": (received, res) => {
    sendJson(res, 200, { jsonrpc: "2.0", id: received.message?.id, result: {} });
  },
};

const TRANSPORTS = {
  undici: (url: string) => ({ url }),
  fetch: (url: string) => createFetchHttpTransport({ url }),
};

describe.each(Object.keys(TRANSPORTS))("over %s", (io) => {
  const target = TRANSPORTS[io as keyof typeof TRANSPORTS];

  it.each(Object.keys(PROBE_ANSWERS))(
    "a probe answered with %s means initialize era",
    async (name) => {
      const server = await startServer(
        legacyServer({ sessionIds: ["s-1"] }, (received, res, req) => {
          if (received.message?.method === "server/discover") {
            return PROBE_ANSWERS[name]!(received, res, req);
          }
          if (received.message?.method === "tools/list") {
            sendJson(res, 200, { jsonrpc: "2.0", id: received.message.id, result: { tools: [] } });
            return;
          }
          res.writeHead(500).end();
        }),
      );
      servers.push(server);
      const client = await connect(target(server.url));
      clients.push(client);
      expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
      expect(await client.listTools()).toEqual([]);
      const list = server.received.find((r) => r.message?.method === "tools/list");
      expect(list?.headers["mcp-session-id"]).toBe("s-1");
      expect(list?.headers["mcp-protocol-version"]).toBe("2025-11-25");
      expect(list?.message?.params).toBeUndefined();
    },
  );

  it("does not fall back on a modern error body (-32022 naming no common version)", async () => {
    const server = await startServer((received, res) => {
      sendJson(res, 400, {
        jsonrpc: "2.0",
        id: received.message?.id,
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: { supported: ["2027-01-01"], requested: "2026-07-28" },
        },
      });
    });
    servers.push(server);
    const error = await rejection(connect(target(server.url)));
    expect(error.message).toContain("no protocol version in common");
    expect(server.received.map((r) => r.message?.method)).not.toContain("initialize");
  });

  it("does not fall back when nothing answers at all", async () => {
    const server = await startServer(() => undefined);
    const url = server.url;
    await server.close();
    const error = await rejection(connect(target(url)));
    expect(error.kind).toBe("transport");
  });
});
