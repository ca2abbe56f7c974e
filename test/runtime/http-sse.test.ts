import { describe, expect, it } from "vitest";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  progress,
  rejection,
  resultFor,
  rpc,
  sendJson,
  sseEvent,
  startSse,
  useTransports,
} from "./http-test-server.js";

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);

  describe("HTTP transport: SSE answers", () => {
    it("delivers notifications, skips comments and junk, then returns the response", async () => {
      const { transport, diagnostics } = await setup((received, res) => {
        startSse(res);
        const id = received.message?.id;
        res.write(": keep-alive\n\n");
        res.write(sseEvent(progress(1)));
        res.write("event: message\r\n");
        res.write('data: {"jsonrpc":"2.0","method":"notifications/message",\r\n');
        res.write('data: "params":{"level":"info","data":"multi\\nline"}}\r\n\r\n');
        res.write("data:\n\n");
        res.write("data: not json\n\n");
        res.write("event: other\ndata: {}\n\n");
        res.write(sseEvent({ jsonrpc: "2.0", id: "someone-else", result: {} }));
        res.write(sseEvent({ jsonrpc: "2.0", id: 99, method: "sampling/createMessage" }));
        res.write(sseEvent(progress(2)));
        res.end(sseEvent({ jsonrpc: "2.0", id, result: { done: true } }));
      });
      const message = rpc("tools/call", { name: "slow" });
      const ex = exchange();
      const response = await transport.request(message, ex);
      expect(response).toEqual({ jsonrpc: "2.0", id: message.id, result: { done: true } });
      expect(ex.notifications).toEqual([
        progress(1),
        {
          jsonrpc: "2.0",
          method: "notifications/message",
          params: { level: "info", data: "multi\nline" },
        },
        progress(2),
      ]);
      expect(diagnostics.map((d) => d.kind)).toEqual([
        "invalid-message",
        "invalid-message",
        "unknown-response",
        "unexpected-request",
      ]);
    });

    it("reads a stream written one byte per chunk, flushed between bytes", async () => {
      const text = "héllo wörld, 世界 😀";
      const { transport } = await setup(async (received, res) => {
        startSse(res);
        res.socket?.setNoDelay(true);
        const stream = Buffer.from(
          `: hi\r\n${sseEvent({ jsonrpc: "2.0", method: "notifications/message", params: { data: text } })}` +
            `data: {"jsonrpc":"2.0",\r\ndata: "id":${JSON.stringify(received.message?.id)},\r\n` +
            `data: "result":{"text":${JSON.stringify(text)}}}\r\n\r\n`,
        );
        for (const byte of stream) {
          await new Promise<void>((resolve) => res.write(Uint8Array.of(byte), () => resolve()));
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        res.end();
      });
      const ex = exchange();
      const response = await transport.request(rpc("x"), ex);
      expect(response).toMatchObject({ result: { text } });
      expect(ex.notifications[0]?.params).toEqual({ data: text });
    });

    it("rejects with a retryable transport error when the stream ends before the response", async () => {
      const { transport } = await setup((_received, res) => {
        startSse(res);
        res.end(sseEvent(progress(1)));
      });
      const ex = exchange();
      const error = await rejection(transport.request(rpc("tools/call", { name: "t" }), ex));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/stream .* ended before the response/);
      expect(error.data).toEqual({ retryable: true });
      expect(ex.notifications).toHaveLength(1);
    });

    it("keeps delivering when a notification handler throws", async () => {
      const { transport, diagnostics } = await setup((received, res) => {
        startSse(res);
        res.write(sseEvent(progress(1)));
        res.end(sseEvent(resultFor(received, { ok: 1 })));
      });
      const ex = exchange();
      ex.onNotification = () => {
        throw new Error("handler bug");
      };
      expect(await transport.request(rpc("x"), ex)).toMatchObject({ result: { ok: 1 } });
      expect(diagnostics[0]?.detail).toMatch(/handler threw/);
    });

    it("returns the response without waiting for a server that keeps the stream open", async () => {
      let closed!: () => void;
      const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
      const { transport } = await setup((received, res) => {
        startSse(res);
        res.on("close", closed);
        res.write(sseEvent(resultFor(received, { early: true })));
      });
      expect(await transport.request(rpc("x"), exchange())).toMatchObject({
        result: { early: true },
      });
      await serverSawClose;
    });
  });

  describe("HTTP transport: response size cap", () => {
    const big = "x".repeat(5_000);
    it.each([
      ["a JSON body with Content-Length", "length"],
      ["a chunked JSON body", "chunked"],
      ["one SSE event", "sse"],
    ])("rejects %s larger than maxResponseBytes", async (_label, mode) => {
      const { transport } = await setup(
        (received, res) => {
          const body = JSON.stringify(resultFor(received, { big }));
          if (mode === "length") return sendJson(res, 200, body);
          if (mode === "sse") {
            startSse(res);
            return void res.end(`data: ${body}\n\n`);
          }
          res.writeHead(200, { "content-type": "application/json" });
          res.write(body.slice(0, 3000));
          res.end(body.slice(3000));
        },
        { maxResponseBytes: 4096 },
      );
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/larger than 4096 bytes \(maxResponseBytes\)/);
    });

    it("lets a long SSE stream of small events through", async () => {
      const { transport } = await setup(
        (received, res) => {
          startSse(res);
          for (let i = 0; i < 100; i++) res.write(sseEvent(progress(i)));
          res.end(sseEvent(resultFor(received)));
        },
        { maxResponseBytes: 4096 },
      );
      const ex = exchange();
      await transport.request(rpc("x"), ex);
      expect(ex.notifications).toHaveLength(100);
    });
  });
});
