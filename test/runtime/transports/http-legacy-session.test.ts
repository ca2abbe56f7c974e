/**
 * The initialize-era session of the HTTP transport against scripted servers: what the SDK
 * server cannot be made to do (forget a session, refuse or ignore a DELETE), the headers every
 * message carries, server requests on a response stream and `notifications/cancelled`.
 */
import { describe, expect, it } from "vitest";
import type { JsonRpcRequest } from "../../../runtime/protocol/jsonrpc.js";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  rejection,
  resultFor,
  rpc,
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
  withMethod,
} from "../http-legacy-helpers.js";

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);

  describe("initialize-era HTTP session", () => {
    it("sends the session id from the initialize response and the version on every later message", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (received, res) =>
          sendJson(res, 200, resultFor(received, { tools: [] })),
        ),
      );
      await legacyHandshake(transport);
      await transport.request(legacyRequest("tools/call", { name: "x" }), exchange());
      const [initialize, initialized, call] = server.received;
      expect(initialize?.headers).not.toHaveProperty("mcp-session-id");
      expect(initialize?.headers).not.toHaveProperty("mcp-method");
      expect(initialized?.headers["mcp-session-id"]).toBe("s-1");
      expect(initialized?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
      expect(call?.headers["mcp-session-id"]).toBe("s-1");
      expect(call?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
      expect(call?.headers).not.toHaveProperty("mcp-method");
      expect(call?.headers).not.toHaveProperty("mcp-name");
    });

    it.each(["has space", "tab\there", "caf\u00e9"])(
      "refuses a session id that is not visible ASCII (%j)",
      async (sessionId) => {
        const { server, transport } = await setup(
          legacyServer({ sessionIds: [sessionId] }, (received, res) =>
            sendJson(res, 200, resultFor(received)),
          ),
        );
        const error = await rejection(transport.request(legacyRequest("initialize"), exchange()));
        expect(error.kind).toBe("transport");
        expect(error.message).toContain("Mcp-Session-Id that is not visible ASCII");
        // No session began: the next message is still a 2026-07-28 one.
        await transport.request(rpc("ping"), exchange());
        expect(server.received.at(-1)?.headers["mcp-method"]).toBe("ping");
      },
    );

    it("keeps 2026-07-28 headers when no initialize succeeded", async () => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      await transport.request(rpc("tools/call", { name: "x" }), exchange());
      expect(server.received[0]?.headers["mcp-method"]).toBe("tools/call");
      expect(server.received[0]?.headers["mcp-name"]).toBe("x");
    });

    it("rejects with sessionExpired on a 404 to a session id, drops the id and takes a new one", async () => {
      let expired = false;
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1", "s-2"] }, (received, res) => {
          if (received.headers["mcp-session-id"] === "s-1" && expired) {
            res.writeHead(404).end();
            return;
          }
          sendJson(res, 200, resultFor(received));
        }),
      );
      await legacyHandshake(transport);
      expired = true;
      const error = await rejection(transport.request(legacyRequest("tools/list"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.data).toEqual({ status: 404, sessionExpired: true });
      expect(error.message).toContain("start a new session with initialize");
      await legacyHandshake(transport);
      await transport.request(legacyRequest("tools/list"), exchange());
      const [reinitialize] = withMethod(server.received, "initialize").slice(1);
      expect(reinitialize?.headers).not.toHaveProperty("mcp-session-id");
      expect(server.received.at(-1)?.headers["mcp-session-id"]).toBe("s-2");
    });

    it("reports a 404 without a session id as a missing endpoint, not an expiry", async () => {
      const { transport } = await setup(
        legacyServer({}, (_received, res) => void res.writeHead(404).end()),
      );
      await legacyHandshake(transport);
      const error = await rejection(transport.request(legacyRequest("tools/list"), exchange()));
      expect(error.data).toEqual({ status: 404 });
    });

    it("rejects a notification with sessionExpired on a 404 to a session id", async () => {
      let expired = false;
      const handshake = legacyServer({ sessionIds: ["s-1"] }, (received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      const { transport } = await setup((received, res, req) => {
        if (!expired) return handshake(received, res, req);
        res.writeHead(404).end();
      });
      await legacyHandshake(transport);
      expired = true;
      const error = await rejection(
        transport.notify({ jsonrpc: "2.0", method: "notifications/roots/list_changed" }),
      );
      expect(error.kind).toBe("transport");
      expect(error.data).toEqual({ status: 404, sessionExpired: true });
    });

    it.each([200, 405])("DELETEs the session on close (answered %i)", async (status) => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"], onDelete: status }, (received, res) =>
          sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await transport.close();
      const deleted = server.received.filter((entry) => entry.method === "DELETE");
      expect(deleted).toHaveLength(1);
      expect(deleted[0]?.headers["mcp-session-id"]).toBe("s-1");
      expect(deleted[0]?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
    });

    it("closes even when the server never answers the DELETE", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"], onDelete: "hang" }, (received, res) =>
          sendJson(res, 200, resultFor(received)),
        ),
      );
      await legacyHandshake(transport);
      await transport.close();
      expect(server.received.at(-1)?.method).toBe("DELETE");
    });

    it("sends no DELETE without a session id", async () => {
      const { server, transport } = await setup(
        legacyServer({}, (received, res) => sendJson(res, 200, resultFor(received))),
      );
      await legacyHandshake(transport);
      await transport.close();
      expect(server.received.some((entry) => entry.method === "DELETE")).toBe(false);
    });

    it("answers a server request on a response stream through onRequest, POSTing the response", async () => {
      const serverRequest = { jsonrpc: "2.0", id: "srv-1", method: "roots/list" };
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (received, res) => {
          startSse(res);
          res.write(sseEvent(serverRequest));
          // The tool's answer follows once the client has answered the server's request.
          void until(() => server.received.some((entry) => entry.message?.id === "srv-1")).then(
            () => res.end(sseEvent(resultFor(received, { content: [] }))),
          );
        }),
      );
      const asked: JsonRpcRequest[] = [];
      transport.onRequest = (request) => {
        asked.push(request);
        return Promise.resolve({ jsonrpc: "2.0", id: request.id, result: { roots: [] } });
      };
      await legacyHandshake(transport);
      const response = await transport.request(legacyRequest("tools/call"), exchange());
      expect(response).toMatchObject({ result: { content: [] } });
      expect(asked).toEqual([serverRequest]);
      const answer = server.received.find((entry) => entry.message?.id === "srv-1");
      expect(JSON.parse(answer?.body ?? "")).toEqual({
        jsonrpc: "2.0",
        id: "srv-1",
        result: { roots: [] },
      });
      expect(answer?.headers["mcp-session-id"]).toBe("s-1");
      expect(answer?.headers["mcp-protocol-version"]).toBe(LEGACY_VERSION);
    });

    it("answers a server request with -32601 when onRequest is unset", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (received, res) => {
          startSse(res);
          res.write(sseEvent({ jsonrpc: "2.0", id: 7, method: "sampling/createMessage" }));
          void until(() => server.received.some((entry) => entry.message?.id === 7)).then(() =>
            res.end(sseEvent(resultFor(received))),
          );
        }),
      );
      await legacyHandshake(transport);
      await transport.request(legacyRequest("tools/call"), exchange());
      const answer = server.received.find((entry) => entry.message?.id === 7);
      expect(JSON.parse(answer?.body ?? "")).toMatchObject({
        id: 7,
        error: { code: -32601 },
      });
    });

    it("sends notifications/cancelled when a request is aborted", async () => {
      const { server, transport } = await setup(
        legacyServer({ sessionIds: ["s-1"] }, (_received, res) => startSse(res)),
      );
      await legacyHandshake(transport);
      const ex = exchange();
      const message = legacyRequest("tools/call");
      const pending = transport.request(message, ex);
      await until(() => server.received.some((entry) => entry.message?.id === message.id));
      const reason = ex.abort();
      expect(await rejection(pending)).toBe(reason);
      await until(() => withMethod(server.received, "notifications/cancelled").length > 0);
      const [cancelled] = withMethod(server.received, "notifications/cancelled");
      expect(cancelled?.message?.params).toEqual({
        requestId: message.id,
        reason: reason.message,
      });
      expect(cancelled?.headers["mcp-session-id"]).toBe("s-1");
    });

    it("sends no notifications/cancelled for a 2026-07-28 request", async () => {
      const { server, transport } = await setup((received, res) =>
        received.message?.method === "ping"
          ? sendJson(res, 200, resultFor(received))
          : startSse(res),
      );
      const ex = exchange();
      const pending = transport.request(rpc("tools/call"), ex);
      await until(() => server.received.length > 0);
      ex.abort();
      await rejection(pending);
      await transport.request(rpc("ping"), exchange());
      expect(withMethod(server.received, "notifications/cancelled")).toEqual([]);
    });
  });
});
