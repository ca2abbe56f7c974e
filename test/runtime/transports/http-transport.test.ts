import { describe, expect, it } from "vitest";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  progress,
  rejection,
  resultFor,
  rpc,
  sendJson,
  useTransports,
} from "../http-test-server.js";

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);

  describe("HTTP transport: JSON answers", () => {
    it("POSTs the message and returns the JSON response", async () => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received, { tools: [] })),
      );
      const message = rpc("tools/list");
      const response = await transport.request(message, exchange());
      expect(response).toEqual({ jsonrpc: "2.0", id: message.id, result: { tools: [] } });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]?.method).toBe("POST");
      expect(server.received[0]?.url).toBe("/mcp");
      expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(message);
    });

    it("sends the protocol, caller and exchange headers and no session headers", async () => {
      const { server, transport } = await setup(
        (received, res) => sendJson(res, 200, resultFor(received, { content: [] })),
        { headers: { Authorization: "Bearer secret-token", "X-Trace": "t1" } },
      );
      const message = rpc("tools/call", { name: "météo", arguments: { region: "eu" } });
      await transport.request(
        message,
        exchange({ "Mcp-Param-Region": "eu", "Mcp-Session-Id": "s-1", "Last-Event-ID": "4" }),
      );
      const headers = server.received[0]?.headers ?? {};
      expect(headers["content-type"]).toBe("application/json");
      expect(headers.accept).toBe("application/json, text/event-stream");
      expect(headers["mcp-protocol-version"]).toBe("2026-07-28");
      expect(headers["mcp-method"]).toBe("tools/call");
      expect(headers["mcp-name"]).toBe(`=?base64?${Buffer.from("météo").toString("base64")}?=`);
      expect(headers["mcp-param-region"]).toBe("eu");
      expect(headers.authorization).toBe("Bearer secret-token");
      expect(headers["x-trace"]).toBe("t1");
      expect(headers).not.toHaveProperty("mcp-session-id");
      expect(headers).not.toHaveProperty("last-event-id");
    });

    it.each([
      ["resources/read", { uri: "file:///tmp/a b.txt" }, "file:///tmp/a b.txt"],
      ["prompts/get", { name: "greet" }, "greet"],
      ["tasks/get", { taskId: "task-1" }, "task-1"],
    ])("mirrors %s into Mcp-Name", async (method, params, want) => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      await transport.request(rpc(method, params), exchange());
      expect(server.received[0]?.headers["mcp-name"]).toBe(want);
    });

    it("omits MCP-Protocol-Version when the message has no _meta version", async () => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      await transport.request({ jsonrpc: "2.0", id: "legacy", method: "tools/list" }, exchange());
      expect(server.received[0]?.headers).not.toHaveProperty("mcp-protocol-version");
      expect(server.received[0]?.headers).not.toHaveProperty("mcp-name");
    });

    it("fills in the request id of an error response that has none", async () => {
      const { transport } = await setup((_received, res) =>
        sendJson(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse" } }),
      );
      const message = rpc("tools/list");
      expect(await transport.request(message, exchange())).toEqual({
        jsonrpc: "2.0",
        id: message.id,
        error: { code: -32700, message: "Parse" },
      });
    });

    it.each([
      [
        "a response to another id",
        { jsonrpc: "2.0", id: "other", result: {} },
        /response to id "other"/,
      ],
      ["a notification", progress(1), /a notification \("notifications\/progress"\)/],
      ["a JSON array", [], /not a JSON-RPC message \(not a JSON object/],
      ["text that is not JSON", "<html>oops</html>", /not valid JSON: "<html>oops<\/html>"/],
    ])("rejects %s in a JSON body as a transport error", async (_label, body, message) => {
      const { transport } = await setup((_received, res) => sendJson(res, 200, body));
      const error = await rejection(transport.request(rpc("tools/list"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(message);
    });

    it("reads a JSON body with a charset parameter and mixed-case type", async () => {
      const { transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received, { ok: true }), {
          "content-type": "Application/JSON; charset=utf-8",
        }),
      );
      const response = await transport.request(rpc("x"), exchange());
      expect(response).toMatchObject({ result: { ok: true } });
    });
  });

  describe("HTTP transport: input errors", () => {
    it("rejects a header value undici refuses as input, without sending", async () => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      const error = await rejection(
        transport.request(rpc("x"), exchange({ "Mcp-Param-Bad": "a\r\nInjected: 1" })),
      );
      expect(error.kind).toBe("input");
      expect(server.received).toHaveLength(0);
    });

    it("rejects a message JSON cannot serialise as input", async () => {
      const { server, transport } = await setup((received, res) =>
        sendJson(res, 200, resultFor(received)),
      );
      const error = await rejection(transport.request(rpc("x", { n: 1n }), exchange()));
      expect(error.kind).toBe("input");
      expect(error.message).toMatch(/cannot be serialised as JSON/);
      expect(server.received).toHaveLength(0);
    });

    it.each([0, -1, 1.5, Number.NaN])("refuses maxResponseBytes %d", (maxResponseBytes) => {
      expect(() => create({ url: "http://127.0.0.1:1/mcp", maxResponseBytes })).toThrow(
        /maxResponseBytes must be a positive integer/,
      );
    });
  });
});
