/**
 * The initialize era of the HTTP transport against the official SDK's Streamable HTTP server
 * (`WebStandardStreamableHTTPServerTransport`), with sessions and without: the handshake, the
 * session and version headers, a server request on a response stream answered through
 * `onRequest`, a notification on the GET stream, and the DELETE that ends the session.
 */
import { randomUUID } from "node:crypto";
import { McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import type { JsonRpcNotification, JsonRpcRequest } from "../../runtime/protocol/jsonrpc.js";
import type { Transport } from "../../runtime/transports/transport.js";
import { HTTP_IMPLEMENTATIONS, exchange } from "./http-test-server.js";
import { serveWeb } from "./sdk-web-server.js";
import type { WebServer } from "./sdk-web-server.js";

const VERSION = "2025-11-25";
let nextId = 1;

function buildServer(): McpServer {
  const server = new McpServer({ name: "legacy-sdk", version: "1.0.0" });
  server.registerTool(
    "greet",
    { description: "Greets, logging first", inputSchema: z.object({}) },
    async (_args, ctx) => {
      await ctx.mcpReq.log("info", "greeting");
      return { content: [{ type: "text", text: "hello" }] };
    },
  );
  server.registerTool(
    "ask",
    { description: "Asks the user for a name", inputSchema: z.object({}) },
    async (_args, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        mode: "form",
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } } },
      });
      const name = answer.action === "accept" ? String(answer.content?.name) : answer.action;
      return { content: [{ type: "text", text: `hello ${name}` }] };
    },
  );
  return server;
}

interface Running {
  web: WebServer;
  mcp: McpServer;
  closedSessions: string[];
  transport: Transport;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(
  create: (options: { url: string }) => Transport,
  sessions: boolean,
): Promise<Running> {
  const closedSessions: string[] = [];
  const mcp = buildServer();
  const serverTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessionclosed: (id) => void closedSessions.push(id),
  });
  await mcp.connect(serverTransport);
  // Stateless: a server and transport per request, as the SDK documents it.
  const stateless = async (request: Request): Promise<Response> => {
    const perRequest = buildServer();
    const perTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
    });
    await perRequest.connect(perTransport);
    return perTransport.handleRequest(request);
  };
  const web = await serveWeb((request) =>
    sessions ? serverTransport.handleRequest(request) : stateless(request),
  );
  const transport = create({ url: web.url });
  cleanups.push(
    async () => {
      await mcp.close();
      await web.close();
    },
    () => transport.close(),
  );
  return { web, mcp, closedSessions, transport };
}

/** initialize, notifications/initialized, beginLegacySession: what the session does. */
async function handshake(transport: Transport): Promise<Record<string, unknown>> {
  const initialize: JsonRpcRequest = {
    jsonrpc: "2.0",
    id: nextId++,
    method: "initialize",
    params: {
      protocolVersion: VERSION,
      capabilities: { elicitation: { form: {} } },
      clientInfo: { name: "legacy-test", version: "1.0.0" },
    },
  };
  const response = await transport.request(initialize, exchange());
  if (!("result" in response)) throw new Error(`initialize failed: ${JSON.stringify(response)}`);
  await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
  transport.beginLegacySession?.(VERSION);
  return response.result;
}

function call(name: string): JsonRpcRequest {
  return { jsonrpc: "2.0", id: nextId++, method: "tools/call", params: { name, arguments: {} } };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  describe("initialize-era HTTP against the SDK server with sessions", () => {
    it("sends the session id and version after initialize, without 2026-07-28 headers", async () => {
      const { web, transport } = await start(create, true);
      const result = await handshake(transport);
      expect(result.protocolVersion).toBe(VERSION);
      const listed = await transport.request(
        { jsonrpc: "2.0", id: nextId++, method: "tools/list" },
        exchange(),
      );
      const tools = ("result" in listed ? listed.result.tools : []) as Array<{ name: string }>;
      expect(tools.map((tool) => tool.name)).toEqual(["greet", "ask"]);
      const [init, initialized, ...rest] = web.received.filter((r) => r.method === "POST");
      expect(init?.headers).not.toHaveProperty("mcp-session-id");
      expect(init?.headers).not.toHaveProperty("mcp-method");
      const session = initialized?.headers["mcp-session-id"];
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      const list = rest.find((r) => r.body.includes('"tools/list"'));
      expect(list?.headers["mcp-session-id"]).toBe(session);
      expect(list?.headers["mcp-protocol-version"]).toBe(VERSION);
      expect(list?.headers).not.toHaveProperty("mcp-method");
    });

    it("answers the server's elicitation request through onRequest, POSTing the response", async () => {
      const { web, transport } = await start(create, true);
      const asked: JsonRpcRequest[] = [];
      transport.onRequest = (request) => {
        asked.push(request);
        return Promise.resolve({
          jsonrpc: "2.0",
          id: request.id,
          result: { action: "accept", content: { name: "Ada" } },
        });
      };
      await handshake(transport);
      const response = await transport.request(call("ask"), exchange());
      expect(response).toMatchObject({
        result: { content: [{ type: "text", text: "hello Ada" }] },
      });
      expect(asked.map((request) => request.method)).toEqual(["elicitation/create"]);
      const answer = web.received.find((r) => r.body.includes('"action":"accept"'));
      expect(answer?.method).toBe("POST");
      expect(answer?.headers["mcp-session-id"]).toBeDefined();
      expect(answer?.headers["mcp-protocol-version"]).toBe(VERSION);
    });

    it("declines a server request with -32601 when nothing handles requests", async () => {
      const { transport } = await start(create, true);
      await handshake(transport);
      const response = await transport.request(call("ask"), exchange());
      // The SDK turns the error answer into a failed tool call that quotes its message.
      expect(response).toMatchObject({
        result: {
          isError: true,
          content: [{ type: "text", text: "Method not found: elicitation/create" }],
        },
      });
    });

    it("receives a notification on the GET stream", async () => {
      const { web, mcp, transport } = await start(create, true);
      const notifications: JsonRpcNotification[] = [];
      transport.onNotification = (notification) => notifications.push(notification);
      await handshake(transport);
      await until(() => web.received.some((r) => r.method === "GET"));
      const get = web.received.find((r) => r.method === "GET");
      expect(get?.headers.accept).toBe("text/event-stream");
      expect(get?.headers["mcp-session-id"]).toBeDefined();
      // The SDK drops a notification sent before the stream is registered: send until one lands.
      while (notifications.length === 0) {
        mcp.sendToolListChanged();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(notifications[0]).toEqual({
        jsonrpc: "2.0",
        method: "notifications/tools/list_changed",
      });
    });

    it("DELETEs the session on close", async () => {
      const { web, closedSessions, transport } = await start(create, true);
      await handshake(transport);
      const session = web.received[1]?.headers["mcp-session-id"];
      await transport.close();
      const deleted = web.received.find((r) => r.method === "DELETE");
      expect(deleted?.headers["mcp-session-id"]).toBe(session);
      expect(closedSessions).toEqual([session]);
    });
  });

  describe("initialize-era HTTP against the SDK server without sessions", () => {
    it("works without a session id and sends no DELETE", async () => {
      const { web, transport } = await start(create, false);
      await handshake(transport);
      const ex = exchange();
      const response = await transport.request(call("greet"), ex);
      expect(response).toMatchObject({ result: { content: [{ type: "text", text: "hello" }] } });
      await transport.close();
      expect(web.received.every((r) => r.headers["mcp-session-id"] === undefined)).toBe(true);
      expect(web.received.some((r) => r.method === "DELETE")).toBe(false);
      expect(web.received.at(-1)?.headers["mcp-protocol-version"]).toBe(VERSION);
    });
  });
});
