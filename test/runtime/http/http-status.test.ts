import { describe, expect, it } from "vitest";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  rejection,
  rpc,
  sendJson,
  useTransports,
} from "../http-test-server.js";
import type { Handler } from "../http-test-server.js";

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  const setup = useTransports(create);

  /** A server that answers every POST with this status, headers and body. */
  function answering(status: number, body: string, headers: Record<string, string> = {}): Handler {
    return (_received, res) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body);
    };
  }

  describe("HTTP transport: JSON-RPC errors in 4xx bodies are answers", () => {
    const unsupported = {
      code: -32022,
      message: "Unsupported protocol version",
      data: { supported: ["2025-11-25"], requested: "2026-07-28" },
    };
    it.each([
      ["400 with the request id", 400, true, unsupported],
      ["400 without an id", 400, false, { code: -32020, message: "Header mismatch" }],
      ["404 Method not found", 404, false, { code: -32601, message: "Method not found" }],
      ["422 with some other code", 422, true, { code: -32602, message: "Invalid params" }],
    ])("%s", async (_label, status, withId, error) => {
      const { transport } = await setup((received, res) =>
        sendJson(res, status, {
          jsonrpc: "2.0",
          ...(withId ? { id: received.message?.id } : {}),
          error,
        }),
      );
      const message = rpc("server/discover");
      expect(await transport.request(message, exchange())).toEqual({
        jsonrpc: "2.0",
        id: message.id,
        error,
      });
    });

    it("does not take a 4xx error response for another id as the answer", async () => {
      const { transport } = await setup(
        answering(
          400,
          JSON.stringify({ jsonrpc: "2.0", id: "x", error: { code: 1, message: "m" } }),
        ),
      );
      const error = await rejection(transport.request(rpc("a"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.data).toMatchObject({ status: 400, error: { code: 1 } });
    });
  });

  describe("HTTP transport: statuses that are transport errors", () => {
    it.each([
      [400, "", /rejected the request \(HTTP 400\)$/],
      [
        404,
        "Not Found",
        /no MCP endpoint at http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP 404\), check the URL: Not Found/,
      ],
      [
        405,
        "",
        /does not accept POST \(HTTP 405\): not a Streamable HTTP MCP endpoint, maybe a legacy HTTP\+SSE server/,
      ],
      [413, "", /refused the request body as too large \(HTTP 413\)/],
      [431, "", /refused the request headers as too large \(HTTP 431\)/],
      [
        500,
        "<html>\u001b[2J\u202eboom\n\n</html>",
        /failed \(HTTP 500\): <html> \[2J boom <\/html>$/,
      ],
      [503, "try later", /failed \(HTTP 503\): try later/],
      [429, "slow down", /rejected the request \(HTTP 429\): slow down/],
    ])("HTTP %i", async (status, body, message) => {
      const { transport } = await setup(answering(status, body, { "content-type": "text/html" }));
      const error = await rejection(transport.request(rpc("tools/list"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.method).toBe("tools/list");
      expect(error.message).toMatch(message);
      expect(error.message.startsWith("tools/list: ")).toBe(true);
      expect(error.data).toMatchObject({ status });
    });

    it("keeps the JSON-RPC error of a 5xx in data", async () => {
      const { transport } = await setup(
        answering(
          500,
          JSON.stringify({
            jsonrpc: "2.0",
            id: null,
            error: { code: -32603, message: "Internal" },
          }),
        ),
      );
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/HTTP 500\): Internal$/);
      expect(error.data).toEqual({
        status: 500,
        body: "Internal",
        error: { code: -32603, message: "Internal" },
      });
    });

    it("names the target of a redirect", async () => {
      const { transport } = await setup(answering(307, "", { location: "http://elsewhere/mcp/" }));
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.message).toMatch(
        /redirected \(HTTP 307\) to "http:\/\/elsewhere\/mcp\/"; use that URL/,
      );
      expect(error.data).toMatchObject({ status: 307, location: "http://elsewhere/mcp/" });
    });

    it.each([
      [
        "202 to a request",
        202,
        "",
        "application/json",
        /HTTP 202 with content type "application\/json"/,
      ],
      [
        "200 text/html",
        200,
        "<p>hi</p>",
        "text/html",
        /HTTP 200 with content type "text\/html", not a JSON-RPC response .*: <p>hi<\/p>/,
      ],
      ["200 without a type", 200, "{}", "", /HTTP 200 with no content type/],
    ])("rejects %s", async (_label, status, body, type, message) => {
      const { transport } = await setup((_received, res) => {
        res.writeHead(status, type === "" ? {} : { "content-type": type });
        res.end(body);
      });
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(message);
    });
  });

  describe("HTTP transport: 401 and 403 are auth errors", () => {
    it("parses the Bearer challenge of a 401", async () => {
      const { transport } = await setup(
        answering(401, "", {
          "www-authenticate":
            'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp", scope="mcp:read", error="invalid_token", error_description="expired"',
        }),
      );
      const error = await rejection(transport.request(rpc("tools/list"), exchange()));
      expect(error.kind).toBe("auth");
      expect(error.data).toEqual({
        status: 401,
        resource_metadata: "https://mcp.example/.well-known/oauth-protected-resource/mcp",
        scope: "mcp:read",
        error: "invalid_token",
        error_description: "expired",
      });
      expect(error.message).toMatch(
        /requires authorization \(HTTP 401\): invalid_token: expired; required scope: "mcp:read"/,
      );
    });

    it("reports insufficient_scope on a 403", async () => {
      const { transport } = await setup(
        answering(403, "", {
          "www-authenticate": 'Bearer error="insufficient_scope", scope="files:write"',
        }),
      );
      const error = await rejection(
        transport.request(rpc("tools/call", { name: "w" }), exchange()),
      );
      expect(error.kind).toBe("auth");
      expect(error.data).toEqual({
        status: 403,
        error: "insufficient_scope",
        scope: "files:write",
      });
      expect(error.message).toMatch(/lacks a scope .* \(HTTP 403\)/);
    });

    it("keeps the JSON-RPC body of a 403 without a challenge (a rejected Origin)", async () => {
      const body = { jsonrpc: "2.0", error: { code: -32600, message: "Invalid Origin" } };
      const { transport } = await setup(answering(403, JSON.stringify(body)));
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("auth");
      expect(error.data).toEqual({ status: 403, jsonrpcError: body.error });
      expect(error.message).toMatch(/refused access \(HTTP 403\): Invalid Origin/);
    });

    it("is an auth error for a notification too", async () => {
      const { transport } = await setup(answering(401, "", { "www-authenticate": "Bearer" }));
      const error = await rejection(
        transport.notify({ jsonrpc: "2.0", method: "notifications/x" }),
      );
      expect(error.kind).toBe("auth");
    });
  });

  describe("HTTP transport: notify", () => {
    it.each([202, 200, 204])("accepts %i", async (status) => {
      const message = { jsonrpc: "2.0" as const, method: "notifications/initialized" };
      const { server, transport } = await setup((_received, res) => {
        res.writeHead(status);
        res.end(status === 204 ? undefined : "ignored");
      });
      await transport.notify(message);
      expect(server.received[0]?.headers["mcp-method"]).toBe("notifications/initialized");
      expect(JSON.parse(server.received[0]?.body ?? "")).toEqual(message);
    });

    it("rejects an error status with the server's JSON-RPC message", async () => {
      const { transport } = await setup(
        answering(400, JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: "No" } })),
      );
      const error = await rejection(
        transport.notify({ jsonrpc: "2.0", method: "notifications/x" }),
      );
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/HTTP 400\): No$/);
    });
  });
});
