/**
 * The deprecated HTTP+SSE transport (2024-11-05) against a scripted node:http server, through
 * both I/Os: the `endpoint` event, responses matched by id on the stream, notifications and
 * server requests there, `notifications/cancelled`, and the ways it refuses to go on.
 */
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createFetchHttpSseTransport } from "../../../runtime/transports/fetch-transport.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../../../runtime/protocol/jsonrpc.js";
import { createHttpSseTransport } from "../../../runtime/node/http.js";
import type { HttpSseTransportOptions } from "../../../runtime/node/http.js";
import type { Transport, TransportDiagnostic } from "../../../runtime/transports/transport.js";
import { legacyRequest, until, withMethod } from "../http-legacy-helpers.js";
import { exchange, rejection, sseEvent, startServer, startSse } from "../http-test-server.js";
import type { Received, TestServer } from "../http-test-server.js";

const IMPLEMENTATIONS = [
  { name: "undici", create: createHttpSseTransport },
  { name: "fetch", create: createFetchHttpSseTransport },
];

/** What a scripted test server does with each POSTed request (the stream is `stream()`). */
type OnRequest = (message: JsonRpcRequest, stream: ServerResponse, received: Received) => void;

interface Scripted {
  server: TestServer;
  stream(): ServerResponse;
  streamClosed(): boolean;
}

async function scripted(
  onRequest: OnRequest,
  endpoint = "/messages?session=abc",
): Promise<Scripted> {
  let stream: ServerResponse | undefined;
  let closed = false;
  const server = await startServer((received, res) => {
    if (received.method === "GET") {
      stream = res;
      res.on("close", () => {
        closed = true;
      });
      startSse(res);
      if (endpoint !== "") res.write(`event: endpoint\ndata: ${endpoint}\n\n`);
      return;
    }
    res.writeHead(202).end();
    const message = received.message as JsonRpcRequest | undefined;
    if (message?.id !== undefined && message.method !== undefined && stream !== undefined) {
      onRequest(message, stream, received);
    }
  });
  return {
    server,
    stream: () => stream as ServerResponse,
    streamClosed: () => closed,
  };
}

const echo: OnRequest = (message, stream) =>
  stream.write(sseEvent({ jsonrpc: "2.0", id: message.id, result: { echoed: message.method } }));

describe.each(IMPLEMENTATIONS)("over $name", ({ create }) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function open(
    server: TestServer,
    options: Omit<HttpSseTransportOptions, "url"> = {},
  ): { transport: Transport; diagnostics: TransportDiagnostic[] } {
    const transport = create({ url: `${server.url.replace(/\/mcp$/, "")}/sse`, ...options });
    const diagnostics: TransportDiagnostic[] = [];
    transport.onDiagnostic = (diagnostic) => diagnostics.push(diagnostic);
    cleanups.push(
      () => server.close(),
      () => transport.close(),
    );
    return { transport, diagnostics };
  }

  describe("HTTP+SSE transport", () => {
    it("GETs the stream, POSTs to the endpoint it names and reads responses from the stream", async () => {
      const { server } = await scripted(echo);
      const { transport, diagnostics } = open(server);
      const first = legacyRequest("initialize", { protocolVersion: "2024-11-05" });
      const second = legacyRequest("tools/list");
      const answers = await Promise.all([
        transport.request(first, exchange()),
        transport.request(second, exchange()),
      ]);
      expect(answers).toEqual([
        { jsonrpc: "2.0", id: first.id, result: { echoed: "initialize" } },
        { jsonrpc: "2.0", id: second.id, result: { echoed: "tools/list" } },
      ]);
      const gets = server.received.filter((entry) => entry.method === "GET");
      expect(gets).toHaveLength(1);
      expect(gets[0]?.url).toBe("/sse");
      expect(gets[0]?.headers.accept).toBe("text/event-stream");
      const posts = server.received.filter((entry) => entry.method === "POST");
      expect(posts.map((entry) => entry.url)).toEqual([
        "/messages?session=abc",
        "/messages?session=abc",
      ]);
      expect(diagnostics).toEqual([]);
    });

    it("delivers notifications and answers server requests through onRequest", async () => {
      const { server } = await scripted((message, stream, received) => {
        if (received.message?.method !== "tools/call") return;
        stream.write(sseEvent({ jsonrpc: "2.0", method: "notifications/message", params: {} }));
        stream.write(sseEvent({ jsonrpc: "2.0", id: "s-1", method: "roots/list" }));
        void until(() => server.received.some((entry) => entry.message?.id === "s-1")).then(() =>
          stream.write(sseEvent({ jsonrpc: "2.0", id: message.id, result: {} })),
        );
      });
      const { transport } = open(server);
      const notifications: JsonRpcNotification[] = [];
      transport.onNotification = (notification) => notifications.push(notification);
      transport.onRequest = (request) =>
        Promise.resolve({ jsonrpc: "2.0", id: request.id, result: { roots: [] } });
      const message = legacyRequest("tools/call");
      expect(await transport.request(message, exchange())).toEqual({
        jsonrpc: "2.0",
        id: message.id,
        result: {},
      });
      expect(notifications.map((notification) => notification.method)).toEqual([
        "notifications/message",
      ]);
      const answer = server.received.find((entry) => entry.message?.id === "s-1");
      expect(answer?.url).toBe("/messages?session=abc");
      expect(JSON.parse(answer?.body ?? "")).toEqual({
        jsonrpc: "2.0",
        id: "s-1",
        result: { roots: [] },
      });
    });

    it("sends notifications/cancelled when a request is aborted", async () => {
      const { server } = await scripted(() => undefined);
      const { transport } = open(server);
      const ex = exchange();
      const message = legacyRequest("tools/call");
      const pending = transport.request(message, ex);
      await until(() => server.received.some((entry) => entry.message?.id === message.id));
      const reason = ex.abort();
      expect(await rejection(pending)).toBe(reason);
      await until(() => withMethod(server.received, "notifications/cancelled").length === 1);
      expect(withMethod(server.received, "notifications/cancelled")[0]?.message?.params).toEqual({
        requestId: message.id,
        reason: reason.message,
      });
    });

    it("fails requests in flight when the stream ends, and later ones too", async () => {
      const { server, stream } = await scripted((_message, sse) => sse.end());
      const { transport } = open(server);
      const error = await rejection(transport.request(legacyRequest("tools/list"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("closed");
      expect(stream().writableEnded).toBe(true);
      const later = await rejection(transport.request(legacyRequest("tools/list"), exchange()));
      expect(later).toBe(error);
    });

    it("closes the stream and fails requests in flight on close()", async () => {
      const scriptedServer = await scripted(() => undefined);
      const { transport } = open(scriptedServer.server);
      const pending = transport.request(legacyRequest("tools/list"), exchange());
      await until(() => scriptedServer.server.received.some((entry) => entry.method === "POST"));
      const failed = rejection(pending);
      await transport.close();
      expect((await failed).message).toContain("is closed");
      await until(() => scriptedServer.streamClosed());
    });

    it("refuses an endpoint on another origin", async () => {
      const { server } = await scripted(echo, "http://elsewhere.example/messages");
      const { transport } = open(server);
      const error = await rejection(transport.request(legacyRequest("initialize"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("another origin");
      expect(server.received.filter((entry) => entry.method === "POST")).toEqual([]);
    });

    it("gives up when no endpoint event comes", async () => {
      const { server } = await scripted(echo, "");
      const { transport } = open(server, { endpointTimeoutMs: 50 });
      const error = await rejection(transport.request(legacyRequest("initialize"), exchange()));
      expect(error.message).toContain("no endpoint event within 50 ms");
    });

    it("reports a server that refuses the GET", async () => {
      const server = await startServer((_received, res) => void res.writeHead(405).end());
      const { transport } = open(server);
      const error = await rejection(transport.request(legacyRequest("initialize"), exchange()));
      expect(error.data).toMatchObject({ status: 405 });
    });
  });
});
