/**
 * A hand-written Streamable HTTP MCP server (2026-07-28 only) whose contract is built from each
 * request: a test hands it a function of the request's headers and URL, so the server can echo
 * back the credentials it was sent, in prose, names, keys or enums, as a careless or hostile
 * server does. Answers `server/discover` and `tools/list`; a `fail` answer turns `tools/list`
 * into a JSON-RPC error carrying a message of the test's choosing.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { listenLoopback, type RunningHttpServer } from "../fixtures/servers/loopback.js";

/** What the server was sent: headers (lower-case names) and the path with its raw query. */
export interface EchoRequest {
  headers: IncomingHttpHeaders;
  url: string;
}

/** The tools to list, or an error message to fail `tools/list` with. */
export type EchoAnswer = { tools: unknown[] } | { fail: string };

export async function startEchoHttp(
  answer: (request: EchoRequest) => EchoAnswer,
  path = "/mcp",
): Promise<RunningHttpServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id?: number | string;
        method?: string;
      };
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      const reply = (body: Record<string, unknown>) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...body }));
      };
      const seen = { headers: request.headers, url: request.url ?? "" };
      if (message.method === "server/discover") {
        return reply({
          result: {
            resultType: "complete",
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: {} },
            ttlMs: 0,
            cacheScope: "public",
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "echo", version: "1.0.0" } },
          },
        });
      }
      if (message.method === "tools/list") {
        const answered = answer(seen);
        if ("fail" in answered) return reply({ error: { code: -32001, message: answered.fail } });
        const result = { resultType: "complete", ttlMs: 0, cacheScope: "public" };
        return reply({ result: { ...result, tools: answered.tools } });
      }
      reply({ error: { code: -32601, message: "Method not found" } });
    });
  });
  return listenLoopback(server, path);
}
