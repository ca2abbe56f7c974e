/**
 * HeaderMismatch (-32020) recovery: when a tool's `x-mcp-header` annotations changed after the
 * client got its definition, the server rejects the call; the client lists the tools again and
 * retries once with the headers the current definition asks for.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, isMcpError, type Tool } from "@mcp-codegen/runtime";
import { HTTP_IMPLEMENTATIONS } from "./http-test-server.js";

const CURRENT: Tool = {
  name: "forecast",
  inputSchema: {
    type: "object",
    properties: { region: { type: "string", "x-mcp-header": "Region" } },
  },
};
const STALE: Tool = {
  name: "forecast",
  inputSchema: { type: "object", properties: { region: { type: "string" } } },
};

const calls: IncomingHttpHeaders[] = [];
let server: Server;
let url: string;

function result(method: string, headers: IncomingHttpHeaders, args: Record<string, unknown>) {
  if (method === "server/discover") {
    return {
      resultType: "complete",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
    };
  }
  if (method === "tools/list") return { resultType: "complete", tools: [CURRENT] };
  if (headers["mcp-param-region"] !== args.region || args.mismatch === true) {
    return { error: { code: -32020, message: "Header mismatch: Mcp-Param-Region" } };
  }
  return {
    resultType: "complete",
    content: [{ type: "text", text: `sunny in ${String(args.region)}` }],
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const message = JSON.parse(body) as {
        id: number;
        method: string;
        params: { arguments?: Record<string, unknown> };
      };
      if (message.method === "tools/call") calls.push(request.headers);
      const outcome = result(message.method, request.headers, message.params.arguments ?? {});
      const reply =
        "error" in outcome
          ? { jsonrpc: "2.0", id: message.id, ...outcome }
          : { jsonrpc: "2.0", id: message.id, result: outcome };
      response.writeHead("error" in outcome ? 400 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// connect() over each HTTP implementation, given as a ready transport.
describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ create }) => {
  describe("HeaderMismatch recovery", () => {
    it("lists the tools again and retries with the headers the server now asks for", async () => {
      const client = await connect(create({ url }));
      calls.length = 0;
      const answer = await client.callTool("forecast", { region: "us-west1" }, undefined, STALE);
      expect(answer.content).toEqual([{ type: "text", text: "sunny in us-west1" }]);
      expect(calls.map((headers) => headers["mcp-param-region"])).toEqual([undefined, "us-west1"]);
      await client.close();
    });

    it("does not retry when listing again brings no new definition", async () => {
      const client = await connect(create({ url }));
      calls.length = 0;
      // The current definition, but a header value the server's check rejects every time.
      const error = await client
        .callTool("forecast", { region: "us-west1", mismatch: true }, undefined, CURRENT)
        .catch((e: unknown) => e);
      expect(isMcpError(error) && error.codeName).toBe("HeaderMismatch");
      expect(calls).toHaveLength(1);
      await client.close();
    });
  });
});
