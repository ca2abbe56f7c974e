/**
 * The standalone GET stream of an initialize-era session against scripted servers: opened
 * after `beginLegacySession`, its notifications and requests dispatched, 405 taken as "no
 * stream", failures retried politely, resumed with `Last-Event-ID`, and stopped by `close()`
 * even when the server never ends it.
 */
import { describe, expect, it } from "vitest";
import type { JsonRpcNotification, JsonRpcRequest } from "../../../runtime/protocol/jsonrpc.js";
import { GET_STREAM_BACKOFF_MS } from "../../../runtime/transports/legacy-get-stream.js";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  resultFor,
  sendJson,
  sseEvent,
  startSse,
  useTransports,
} from "../http-test-server.js";
import {
  LEGACY_VERSION,
  legacyHandshake,
  legacyRequest,
  legacyServer,
  until,
} from "../http-legacy-helpers.js";

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);
  const gets = (received: ReadonlyArray<{ method: string }>): number =>
    received.filter((entry) => entry.method === "GET").length;

  describe("initialize-era GET stream", () => {
    it("opens no stream before beginLegacySession", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (received, res) =>
          sendJson(res, 200, resultFor(received)),
        ),
      );
      await transport.request(legacyRequest("initialize"), exchange());
      await transport.request(legacyRequest("tools/list"), exchange());
      expect(gets(server.received)).toBe(0);
    });

    it("takes 405 as no stream: no diagnostic, no second GET", async () => {
      const { server, transport, diagnostics } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (received, res) =>
          sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 1);
      await new Promise((resolve) => setTimeout(resolve, GET_STREAM_BACKOFF_MS + 200));
      expect(gets(server.received)).toBe(1);
      expect(diagnostics).toEqual([]);
    });

    it("delivers notifications and answers requests that arrive on it", async () => {
      const notification = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };
      const serverRequest = { jsonrpc: "2.0", id: "g-1", method: "ping" };
      const { server, transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(_received, res) {
              startSse(res);
              res.write(sseEvent(notification));
              res.write(sseEvent(serverRequest));
            },
          },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      const notifications: JsonRpcNotification[] = [];
      const asked: JsonRpcRequest[] = [];
      transport.onNotification = (received) => notifications.push(received);
      transport.onRequest = (request) => {
        asked.push(request);
        return Promise.resolve({ jsonrpc: "2.0", id: request.id, result: {} });
      };
      await legacyHandshake(transport);
      await until(() => server.received.some((entry) => entry.message?.id === "g-1"));
      expect(notifications).toEqual([notification]);
      expect(asked).toEqual([serverRequest]);
      const get = server.received.find((entry) => entry.method === "GET");
      expect(get?.headers.accept).toBe("text/event-stream");
      expect(get?.headers["mcp-session-id"]).toBe("s-1");
      expect(get?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
      expect(get?.headers).not.toHaveProperty("content-type");
      const answer = server.received.find((entry) => entry.message?.id === "g-1");
      expect(answer?.method).toBe("POST");
      expect(answer?.headers["mcp-session-id"]).toBe("s-1");
    });

    it("reports a failing GET and tries again after a pause", async () => {
      let attempts = 0;
      const { server, transport, diagnostics } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(_received, res) {
              attempts++;
              if (attempts === 1) return void res.writeHead(500).end();
              startSse(res);
            },
          },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 2);
      expect(diagnostics).toEqual([
        expect.objectContaining({ kind: "closed", detail: expect.stringContaining("HTTP 500") }),
      ]);
    });

    it("waits before retrying a failing GET instead of hammering the server", async () => {
      const { server, transport } = await setup(
        legacyServer(
          { sessionIds: ["s-1"], onGet: (_received, res) => void res.writeHead(503).end() },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 1);
      // Well inside the first back-off: a client without one would have retried many times.
      await new Promise((resolve) => setTimeout(resolve, GET_STREAM_BACKOFF_MS / 4));
      expect(gets(server.received)).toBe(1);
    });

    it("backs off from a stream that ends at once with retry: 0", async () => {
      const { server, transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(_received, res) {
              startSse(res);
              res.end("retry: 0\nid: e-1\ndata: \n\n");
            },
          },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 1);
      await new Promise((resolve) => setTimeout(resolve, GET_STREAM_BACKOFF_MS / 4));
      expect(gets(server.received)).toBe(1);
    });

    it("reopens an ended stream after its retry, with Last-Event-ID", async () => {
      const { server, transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(received, res) {
              startSse(res);
              if (received.headers["last-event-id"] === undefined) {
                res.end(`retry: 10\nid: e-7\n${sseEvent({ jsonrpc: "2.0", method: "n/1" })}`);
              }
            },
          },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 2);
      const second = server.received.filter((entry) => entry.method === "GET")[1];
      expect(second?.headers["last-event-id"]).toBe("e-7");
    });

    it("closes a stream the server never ends, and opens no other", async () => {
      let streamClosed = false;
      const { server, transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onDelete: 405,
            onGet(_received, res) {
              startSse(res);
              res.on("close", () => {
                streamClosed = true;
              });
            },
          },
          (received, res) => sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await until(() => gets(server.received) === 1);
      await transport.close();
      await until(() => streamClosed);
      expect(gets(server.received)).toBe(1);
    });
  });
});
