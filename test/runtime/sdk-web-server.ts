/**
 * Serves a web-standard handler (`(Request) => Promise<Response>`, as the official SDK's HTTP
 * servers are) from node:http on 127.0.0.1, recording the method and headers of each request
 * so tests assert on what the server received.
 */
import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type WebHandler = (request: Request) => Promise<Response>;

export interface WebServer {
  url: string;
  server: Server;
  /** Every request's method, headers and body, in arrival order. */
  received: Array<{ method: string; headers: IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

export async function serveWeb(handler: WebHandler): Promise<WebServer> {
  const received: WebServer["received"] = [];
  const server = createServer((req, res) => {
    forward(handler, req, res, received).catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    server,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function forward(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  received: WebServer["received"],
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  received.push({ method: req.method ?? "", headers: req.headers, body: body.toString("utf8") });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, item);
    }
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE";
  const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    ...(hasBody ? { body } : {}),
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // An SSE stream may stay silent for a while; its head must reach the client now.
  res.flushHeaders();
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
