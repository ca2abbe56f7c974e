/**
 * Loopback HTTP servers for the HTTP transport tests: real `node:http` on 127.0.0.1, port 0,
 * recording what each request carried so tests assert on what the server actually received.
 */
import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { McpError } from "../../runtime/protocol/errors.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../../runtime/protocol/jsonrpc.js";
import { createFetchHttpTransport } from "../../runtime/transports/fetch-transport.js";
import { createHttpTransport } from "../../runtime/node/http.js";
import type { HttpTransportOptions } from "../../runtime/node/http.js";
import type {
  RequestExchange,
  Transport,
  TransportDiagnostic,
} from "../../runtime/transports/transport.js";

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body; undefined when it was not JSON. */
  message: { id?: unknown; method?: string; params?: Record<string, unknown> } | undefined;
}

export type Handler = (
  received: Received,
  res: ServerResponse,
  req: IncomingMessage,
) => void | Promise<void>;

export interface TestServer {
  url: string;
  server: Server;
  received: Received[];
  /** TCP connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a server that reads each body, records it, then calls `handler`. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let message: Received["message"];
      try {
        message = JSON.parse(body) as Received["message"];
      } catch {
        message = undefined;
      }
      const entry: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
        message,
      };
      received.push(entry);
      Promise.resolve(handler(entry, res, req)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    server,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with one JSON value. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = typeof value === "string" ? value : JSON.stringify(value);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** Starts an SSE response. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
}

/** One SSE event carrying `message`. */
export function sseEvent(message: unknown): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}

/** The JSON-RPC result response to the received request. */
export function resultFor(received: Received, result: Record<string, unknown> = {}): unknown {
  return { jsonrpc: "2.0", id: received.message?.id, result };
}

export const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

let nextId = 1;

/** A request with modern `_meta` and a fresh id. */
export function rpc(method: string, params: Record<string, unknown> = {}): JsonRpcRequest {
  return { jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: META } };
}

export function progress(value: number): JsonRpcNotification {
  return {
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: "p", progress: value },
  };
}

/** An exchange that records notifications; `abort()` cancels it with a `cancelled` McpError. */
export function exchange(headers?: Record<string, string>): RequestExchange & {
  notifications: JsonRpcNotification[];
  abort(): McpError;
} {
  const controller = new AbortController();
  const notifications: JsonRpcNotification[] = [];
  const result = {
    signal: controller.signal,
    notifications,
    onNotification: (notification: JsonRpcNotification) => notifications.push(notification),
    abort() {
      const reason = new McpError({ kind: "cancelled", message: "cancelled by the test" });
      controller.abort(reason);
      return reason;
    },
  };
  return headers === undefined ? result : { ...result, headers };
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error("expected the promise to reject");
}

/** Resolves on the next turn of the event loop, letting queued I/O run. */
export function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Creates a transport to `options.url`: one of the HTTP implementations. */
export type CreateHttpTransport = (options: HttpTransportOptions) => Transport;

/**
 * The two Streamable HTTP implementations the transport tests run against: the core over
 * undici (what `connect({ url })` uses on Node) and the core over `fetch` (other platforms).
 */
export const HTTP_IMPLEMENTATIONS: ReadonlyArray<{ name: string; create: CreateHttpTransport }> = [
  { name: "undici", create: createHttpTransport },
  { name: "fetch", create: createFetchHttpTransport },
];

/**
 * Registers an afterEach that closes what `setup` opened, and returns `setup`: a server running
 * `handler` and a transport to it (made by `create`) that records its diagnostics.
 */
export function useTransports(
  create: CreateHttpTransport = createHttpTransport,
): (
  handler: Handler,
  options?: Omit<HttpTransportOptions, "url">,
) => Promise<{ server: TestServer; transport: Transport; diagnostics: TransportDiagnostic[] }> {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (handler, options = {}) => {
    const server = await startServer(handler);
    const transport = create({ url: server.url, ...options });
    const diagnostics: TransportDiagnostic[] = [];
    transport.onDiagnostic = (diagnostic) => diagnostics.push(diagnostic);
    cleanups.push(
      () => server.close(),
      () => transport.close(),
    );
    return { server, transport, diagnostics };
  };
}
