/**
 * The HTTP transport against the official SDK's Streamable HTTP server (a real McpServer
 * behind `createMcpHandler`, served by node:http through a small web-standard adapter).
 */
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import type { McpHttpHandler } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import type { JsonRpcRequest } from "../../runtime/protocol/jsonrpc.js";
import {
  buildMcpParamHeaders,
  findMcpParamHeaders,
} from "../../runtime/calls/mcp-param-headers.js";
import type { Transport } from "../../runtime/transports/transport.js";
import { HTTP_IMPLEMENTATIONS, exchange } from "./http-test-server.js";
import { serveWeb } from "./sdk-web-server.js";
import type { WebServer } from "./sdk-web-server.js";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

function buildServer(): McpServer {
  const server = new McpServer({ name: "sdk-test", version: "1.0.0" });
  server.registerTool(
    "echo",
    {
      description: "Echoes its text, reporting progress first",
      inputSchema: z.object({
        text: z.string(),
        region: z.string().meta({ "x-mcp-header": "Region" }),
      }),
    },
    async ({ text, region }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        await ctx.mcpReq.notify({
          method: "notifications/progress",
          params: { progressToken, progress: 1, total: 2 },
        });
      }
      return { content: [{ type: "text", text: `${region}: ${text}` }] };
    },
  );
  return server;
}

let handler: McpHttpHandler;
let http: WebServer;
let nextId = 1;

const request = (method: string, params: Record<string, unknown> = {}): JsonRpcRequest => ({
  jsonrpc: "2.0",
  id: nextId++,
  method,
  params: { ...params, _meta: { ...META, ...(params._meta as object | undefined) } },
});

beforeAll(async () => {
  handler = createMcpHandler(buildServer, { legacy: "reject" });
  http = await serveWeb((request) => handler.fetch(request));
});

afterAll(async () => {
  await handler.close();
  await http.close();
});

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  let transport: Transport;
  beforeAll(() => {
    transport = create({ url: http.url });
  });
  afterAll(() => transport.close());

  describe("HTTP transport against the official SDK server", () => {
    it("discovers the server", async () => {
      const message = request("server/discover");
      const response = await transport.request(message, exchange());
      expect(response).toMatchObject({ jsonrpc: "2.0", id: message.id });
      expect("result" in response && response.result).toMatchObject({
        supportedVersions: expect.arrayContaining(["2026-07-28"]),
      });
    });

    it("lists the tool, mirrors its x-mcp-header and calls it over SSE with progress", async () => {
      const listed = await transport.request(request("tools/list"), exchange());
      const tools = ("result" in listed ? listed.result.tools : undefined) as Array<{
        name: string;
        inputSchema: unknown;
      }>;
      const echo = tools.find((tool) => tool.name === "echo");
      const found = findMcpParamHeaders(echo?.inputSchema);
      expect(found).toEqual({
        ok: true,
        headers: [{ name: "Region", path: ["region"], type: "string" }],
      });
      if (!found.ok) return;

      const args = { text: "hello", region: "eu-north-1" };
      const ex = exchange(buildMcpParamHeaders(found.headers, args));
      const message = request("tools/call", {
        name: "echo",
        arguments: args,
        _meta: { progressToken: "tok" },
      });
      const response = await transport.request(message, ex);
      expect(response).toMatchObject({
        id: message.id,
        result: { content: [{ type: "text", text: "eu-north-1: hello" }] },
      });
      expect(ex.notifications).toEqual([
        {
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: "tok", progress: 1, total: 2 },
        },
      ]);
    });

    it("gets the server's HeaderMismatch back as an error response without the header", async () => {
      const message = request("tools/call", {
        name: "echo",
        arguments: { text: "x", region: "eu" },
      });
      const response = await transport.request(message, exchange());
      expect(response).toMatchObject({ id: message.id, error: { code: -32020 } });
    });
  });
});
