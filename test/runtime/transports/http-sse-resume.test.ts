/**
 * Resuming an initialize-era response stream (2025-11-25, the conformance scenario
 * `sse-retry`): a priming event, a `retry`, the stream closed before the response, and the
 * client back with GET + `Last-Event-ID` after waiting `retry`, reading the response there.
 */
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_MS, MAX_RESUME_ATTEMPTS } from "../../../runtime/transports/sse-resume.js";
import type { Received } from "../http-test-server.js";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  progress,
  rejection,
  resultFor,
  rpc,
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
  withMethod,
} from "../http-legacy-helpers.js";

/** The resumption GETs (those with Last-Event-ID), not the standalone stream. */
function resumptions(received: readonly Received[]): Received[] {
  return received.filter(
    (entry) => entry.method === "GET" && entry.headers["last-event-id"] !== undefined,
  );
}

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);

  describe("initialize-era SSE resumption", () => {
    it("reconnects with GET and Last-Event-ID after retry and reads the response there", async () => {
      let call: Received | undefined;
      const { server, transport, diagnostics } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(received, res) {
              startSse(res);
              if (received.headers["last-event-id"] !== "e-2" || call === undefined) return;
              res.write(`id: e-3\nretry: 20\ndata: \n\n`);
              res.end(`event: message\nid: e-4\n${sseEvent(resultFor(call, { content: [] }))}`);
            },
          },
          (received, res) => {
            call = received;
            startSse(res);
            res.write(`id: e-1\nretry: 20\ndata: \n\n`);
            res.write(`id: e-2\n${sseEvent(progress(1))}`);
            res.end();
          },
        ),
      );
      await legacyHandshake(transport);
      const ex = exchange();
      const message = legacyRequest("tools/call", { name: "slow" });
      const response = await transport.request(message, ex);
      expect(response).toEqual({ jsonrpc: "2.0", id: message.id, result: { content: [] } });
      expect(ex.notifications).toEqual([progress(1)]);
      const [resumed] = resumptions(server.received);
      expect(resumed?.headers.accept).toBe("text/event-stream");
      expect(resumed?.headers["mcp-session-id"]).toBe("s-1");
      expect(resumed?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
      // The priming events are neither delivered nor reported.
      expect(diagnostics).toEqual([]);
    });

    it("takes a response the server sent on the GET stream instead of resuming", async () => {
      let standalone: ServerResponse | undefined;
      const { server, transport, diagnostics } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(_received, res) {
              startSse(res);
              standalone = res;
            },
          },
          (received, res) => {
            startSse(res);
            res.write(`id: e-1\nretry: 100\ndata: \n\n`);
            standalone?.write(
              `event: message\nid: g-1\n${sseEvent(resultFor(received, { ok: 1 }))}`,
            );
            res.end();
          },
        ),
      );
      await legacyHandshake(transport);
      await until(() => standalone !== undefined);
      const message = legacyRequest("tools/call");
      const response = await transport.request(message, exchange());
      expect(response).toEqual({ jsonrpc: "2.0", id: message.id, result: { ok: 1 } });
      expect(resumptions(server.received)).toEqual([]);
      expect(diagnostics).toEqual([]);
    });

    it("waits the retry the server asked for, and an abort during the wait cancels", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (_received, res) => {
          startSse(res);
          res.end(`id: e-1\nretry: 600000\ndata: \n\n`);
        }),
      );
      await legacyHandshake(transport);
      const ex = exchange();
      const pending = transport.request(legacyRequest("tools/call"), ex);
      await until(() => withMethod(server.received, "tools/call").length === 1);
      // Past the default pause: a client that ignored `retry` would have reconnected by now.
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_RETRY_MS * 3));
      expect(resumptions(server.received)).toEqual([]);
      const reason = ex.abort();
      expect(await rejection(pending)).toBe(reason);
      await until(() => withMethod(server.received, "notifications/cancelled").length === 1);
      expect(resumptions(server.received)).toEqual([]);
    });

    it("gives up after reconnections that deliver nothing", async () => {
      let primed = 0;
      const { server, transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(received, res) {
              startSse(res);
              if (received.headers["last-event-id"] === undefined) return;
              res.end(`id: p-${++primed}\nretry: 1\ndata: \n\n`);
            },
          },
          (_received, res) => {
            startSse(res);
            res.end(`id: e-1\nretry: 1\ndata: \n\n`);
          },
        ),
      );
      await legacyHandshake(transport);
      const error = await rejection(transport.request(legacyRequest("tools/call"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.data).toEqual({ retryable: true });
      expect(error.message).toContain("may be re-issued");
      expect(resumptions(server.received)).toHaveLength(MAX_RESUME_ATTEMPTS);
    });

    it("rejects with sessionExpired when the resumption GET gets 404", async () => {
      const { transport } = await setup(
        legacyServer(
          {
            sessionIds: ["s-1"],
            onGet(received, res) {
              if (received.headers["last-event-id"] === undefined) return startSse(res);
              res.writeHead(404).end();
            },
          },
          (_received, res) => {
            startSse(res);
            res.end(`id: e-1\nretry: 1\ndata: \n\n`);
          },
        ),
      );
      await legacyHandshake(transport);
      const error = await rejection(transport.request(legacyRequest("tools/call"), exchange()));
      expect(error.data).toEqual({ status: 404, sessionExpired: true });
    });

    it("does not resume a stream that ended before any event id", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (_received, res) => {
          startSse(res);
          res.end(`retry: 1\n${sseEvent(progress(1))}`);
        }),
      );
      await legacyHandshake(transport);
      const error = await rejection(transport.request(legacyRequest("tools/call"), exchange()));
      expect(error.data).toEqual({ retryable: true });
      expect(resumptions(server.received)).toEqual([]);
    });

    it("does not resume a 2026-07-28 stream", async () => {
      const { server, transport } = await setup((_received, res) => {
        startSse(res);
        res.end(`id: e-1\nretry: 1\ndata: \n\n`);
      });
      const error = await rejection(transport.request(rpc("tools/call"), exchange()));
      expect(error.data).toEqual({ retryable: true });
      expect(server.received.some((entry) => entry.method === "GET")).toBe(false);
    });
  });
});
