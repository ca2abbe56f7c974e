/**
 * A Streamable HTTP response stream that breaks before its answer: reads are sent again once,
 * as a new request with a new id; a tool call is sent again only when the server marks the tool
 * read-only or idempotent; otherwise the caller gets a retryable transport error.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect, isMcpError, type Tool } from "@mcp-codegen/runtime";
import { HTTP_IMPLEMENTATIONS } from "./http-test-server.js";

interface Received {
  method: string;
  id: unknown;
}

const received: Received[] = [];
/** How many more requests get a stream that is cut before the answer. */
let breakNext = 0;
let server: Server;
let url: string;

function answer(method: string, params: Record<string, unknown>): Record<string, unknown> {
  if (method === "server/discover") {
    return {
      resultType: "complete",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
    };
  }
  if (method === "tools/list") {
    return { resultType: "complete", tools: [{ name: "t", inputSchema: { type: "object" } }] };
  }
  return { resultType: "complete", content: [{ type: "text", text: String(params.name) }] };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const message = JSON.parse(body) as {
        id: unknown;
        method: string;
        params: Record<string, unknown>;
      };
      received.push({ method: message.method, id: message.id });
      response.writeHead(200, { "content-type": "text/event-stream" });
      if (breakNext > 0) {
        breakNext--;
        const progress = {
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: 1, progress: 1 },
        };
        response.write(`data: ${JSON.stringify(progress)}\n\n`, () => response.destroy());
        return;
      }
      const reply = {
        jsonrpc: "2.0",
        id: message.id,
        result: answer(message.method, message.params),
      };
      response.end(`data: ${JSON.stringify(reply)}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  breakNext = 0;
});

// connect() over each HTTP implementation, given as a ready transport.
describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  describe("a response stream that breaks before the answer", () => {
    it("re-sends a list once, with a new id", async () => {
      const client = await connect(create({ url }));
      received.length = 0;
      breakNext = 1;
      expect((await client.listTools()).map((tool) => tool.name)).toEqual(["t"]);
      expect(received.map((r) => r.method)).toEqual(["tools/list", "tools/list"]);
      expect(received[0]!.id).not.toEqual(received[1]!.id);
      await client.close();
    });

    it("gives up after one re-send", async () => {
      const client = await connect(create({ url }));
      received.length = 0;
      breakNext = 2;
      const error = await client.listTools().catch((e: unknown) => e);
      expect(isMcpError(error) && error.kind).toBe("transport");
      expect(received).toHaveLength(2);
      await client.close();
    });

    it("does not re-send a tool call that may have effects, and says it may be retried", async () => {
      const client = await connect(create({ url }));
      received.length = 0;
      breakNext = 1;
      const error = await client.callTool("t", {}).catch((e: unknown) => e);
      if (!isMcpError(error)) throw new Error("expected an McpError");
      expect(error.kind).toBe("transport");
      expect((error.data as { retryable?: boolean }).retryable).toBe(true);
      expect(received.map((r) => r.method)).toEqual(["tools/call"]);
      await client.close();
    });

    it("re-sends a tool call the server marks read-only or idempotent", async () => {
      const client = await connect(create({ url }));
      for (const annotations of [{ readOnlyHint: true }, { idempotentHint: true }]) {
        received.length = 0;
        breakNext = 1;
        const definition: Tool = { name: "t", inputSchema: { type: "object" }, annotations };
        const result = await client.callTool("t", {}, undefined, definition);
        expect(result.content).toEqual([{ type: "text", text: "t" }]);
        expect(received.map((r) => r.method)).toEqual(["tools/call", "tools/call"]);
      }
      await client.close();
    });
  });
});
