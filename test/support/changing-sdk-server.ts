/**
 * A real MCP server, built with the official server SDK and served over Streamable HTTP on a
 * loopback port, whose tools can change between two requests: the SDK builds a fresh server for
 * each request from whatever `serve()` was last given, so a test pulls one contract and checks
 * against the next without restarting anything.
 */
import { createMcpHandler, McpServer, type ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { RunningHttpServer } from "../fixtures/servers/loopback.js";
import { serveFetch } from "../fixtures/servers/node-fetch-server.js";

/** One tool as the server offers it: an object input with string arguments. */
export interface ChangingTool {
  name: string;
  title?: string;
  description: string;
  annotations?: ToolAnnotations;
  /** Argument names; each is a string, required unless listed in `optional`. */
  args?: readonly string[];
  optional?: readonly string[];
}

export interface ChangingServer extends RunningHttpServer {
  /** What the server offers from its next request on. */
  serve(tools: readonly ChangingTool[]): void;
}

/** Starts the server on `http://127.0.0.1:<port>/mcp`, offering `tools`. */
export async function startChangingSdkServer(
  tools: readonly ChangingTool[],
): Promise<ChangingServer> {
  let current = tools;
  const handler = createMcpHandler(() => build(current));
  const running = await serveFetch((request) => handler.fetch(request), "/mcp");
  return {
    url: running.url,
    serve: (next) => {
      current = next;
    },
    close: async () => {
      await handler.close();
      await running.close();
    },
  };
}

function build(tools: readonly ChangingTool[]): McpServer {
  const server = new McpServer({ name: "weather", version: "1.0.0" });
  for (const tool of tools) {
    const shape = Object.fromEntries(
      (tool.args ?? []).map((arg) => {
        const type = z.string();
        return [arg, tool.optional?.includes(arg) === true ? type.optional() : type];
      }),
    );
    server.registerTool(
      tool.name,
      {
        ...(tool.title === undefined ? {} : { title: tool.title }),
        description: tool.description,
        inputSchema: z.object(shape),
        ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
      },
      () => ({ content: [{ type: "text", text: "ok" }] }),
    );
  }
  return server;
}
