/**
 * The deprecated HTTP+SSE transport (MCP 2024-11-05), for servers that predate Streamable
 * HTTP: one long GET stream carries everything the server sends, opening with an `endpoint`
 * event that names where to POST; each message the client sends is its own POST, answered 202,
 * and responses arrive on the stream, matched by id. `connect()` falls back to it when a server
 * answers neither protocol of Streamable HTTP. Sending is left to an `HttpIo` (fetch, undici).
 */
import { localError } from "../protocol/index.js";
import type { McpError } from "../protocol/index.js";
import { parseMessage } from "../protocol/index.js";
import type {
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "../protocol/index.js";
import type { Transport, TransportDiagnostic } from "./transport.js";
import { drainBody, mediaType } from "../http/index.js";
import { httpError } from "../http/index.js";
import { credentialedIo } from "../auth/index.js";
import type { HttpIo, HttpIoResponse } from "../http/index.js";
import { networkError } from "../http/index.js";
import { copyHeaders, resolveHttpTarget } from "../http/index.js";
import { snippet } from "../http/index.js";
import { answerErrorStatus, unexpectedSuccess } from "../http/index.js";
import { answerServerRequest } from "./server-request-answer.js";
import { createSseReader } from "../http/index.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./streamable-http.js";
import type { StreamableHttpOptions } from "./streamable-http.js";

/** How long to wait for the `endpoint` event by default. */
export const DEFAULT_ENDPOINT_TIMEOUT_MS = 10_000;

// A 202 should have no body; past this it is cut off.
const DRAIN_LIMIT = 128 * 1024;

/** Options of an HTTP+SSE transport. */
export interface HttpSseOptions extends StreamableHttpOptions {
  /** How long to wait for the server's `endpoint` event. Default 10 s. */
  endpointTimeoutMs?: number;
}

/** Where to POST: what the `endpoint` event named, resolved against the stream's URL. */
export interface PostTarget {
  url: string;
  origin: string;
  path: string;
}

interface Pending {
  method: string;
  resolve(response: JsonRpcResponse): void;
  reject(error: unknown): void;
}

/**
 * Creates an HTTP+SSE transport that sends through the `HttpIo` `makeIo` returns. The stream
 * opens on the first message. Responses and server requests come on the stream; notifications
 * there go to `transport.onNotification` (nothing ties them to a request), requests to
 * `onRequest` (or -32601), the answer POSTed back. An aborted request sends
 * `notifications/cancelled`. The stream ending fails every request in flight and the
 * transport, as `close()` does.
 *
 * @throws McpError of kind `input` for a URL that is not http(s), a bad or reserved header, or
 *   a `maxResponseBytes` or `endpointTimeoutMs` that is not a positive integer.
 */
export function createLegacySseTransport(options: HttpSseOptions, makeIo: () => HttpIo): Transport {
  const target = resolveHttpTarget(options.url, options.headers);
  const streamUrl = `${target.origin}${target.path}`;
  const maxResponseBytes = positive("maxResponseBytes", options.maxResponseBytes);
  const endpointTimeoutMs = positive("endpointTimeoutMs", options.endpointTimeoutMs);
  const credentials = credentialedIo(target, options.url, options.auth, makeIo);
  const io = credentials.io;
  const lifetime = new AbortController();
  const pending = new Map<JsonRpcId, Pending>();
  let postTarget: Promise<PostTarget> | undefined;
  let broken: McpError | undefined;
  let closing: Promise<void> | undefined;
  const context = {
    endpoint: target.endpoint,
    maxResponseBytes,
    diagnostic(diagnostic: TransportDiagnostic) {
      transport.onDiagnostic?.(diagnostic);
    },
  };

  const transport: Transport = {
    endpoint: target.endpoint,
    setCredentials: (next) => credentials.use(next),
    onNotification: undefined,
    onDiagnostic: undefined,
    onRequest: undefined,
    async request(message, exchange) {
      if (exchange.aborted ?? exchange.signal.aborted) throw exchange.signal.reason;
      const where = await open(message.method);
      return new Promise<JsonRpcResponse>((resolve, reject) => {
        const onAbort = (): void => {
          if (!pending.delete(message.id)) return;
          reject(exchange.signal.reason);
          if (message.method !== "initialize") {
            const reason = exchange.signal.reason as unknown;
            void post(where, {
              jsonrpc: "2.0",
              method: "notifications/cancelled",
              params: {
                requestId: message.id,
                reason: reason instanceof Error ? reason.message : String(reason),
              },
            }).catch(report);
          }
        };
        const settle =
          <T>(finish: (value: T) => void) =>
          (value: T) => {
            exchange.signal.removeEventListener("abort", onAbort);
            finish(value);
          };
        pending.set(message.id, {
          method: message.method,
          resolve: settle(resolve),
          reject: settle(reject),
        });
        exchange.signal.addEventListener("abort", onAbort, { once: true });
        post(where, message).then(
          (answer) => {
            // A JSON-RPC error in a 4xx body answers the request at once.
            if (answer !== undefined) take(answer.id ?? message.id)?.resolve(answer);
          },
          (error: unknown) => take(message.id)?.reject(error),
        );
      });
    },
    async notify(message) {
      await post(await open(message.method), message);
    },
    close() {
      closing ??= shutdown();
      return closing;
    },
  };

  function closedError(method: string): McpError {
    return httpError("transport", `the transport to ${target.endpoint} is closed`, method);
  }

  function take(id: JsonRpcId): Pending | undefined {
    const entry = pending.get(id);
    pending.delete(id);
    return entry;
  }

  function report(error: unknown): void {
    if (closing !== undefined) return;
    context.diagnostic({ kind: "closed", detail: snippet(String(error)) });
  }

  async function shutdown(): Promise<void> {
    lifetime.abort();
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(closedError(entry.method));
    }
    await io.close().catch(() => undefined);
  }

  /** The POST target, opening the stream on first use. */
  function open(method: string): Promise<PostTarget> {
    if (closing !== undefined) return Promise.reject(closedError(method));
    if (broken !== undefined) return Promise.reject(broken);
    postTarget ??= connect(method);
    return postTarget;
  }

  /** Fails the transport: every request in flight, and every later one, with `error`. */
  function fail(error: McpError): void {
    if (closing !== undefined || broken !== undefined) return;
    broken = error;
    lifetime.abort();
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(error);
    }
  }

  /** GETs the stream and resolves with the endpoint its first `endpoint` event names. */
  async function connect(method: string): Promise<PostTarget> {
    const headers = copyHeaders(target.headers);
    delete headers["content-type"];
    headers.accept = "text/event-stream";
    let response: HttpIoResponse;
    try {
      response = await io.send({
        method: "GET",
        url: streamUrl,
        origin: target.origin,
        path: target.path,
        headers,
        abort: lifetime,
      });
    } catch (error) {
      throw closing === undefined
        ? networkError(error, method, target.endpoint)
        : closedError(method);
    }
    const status = response.status;
    const type = mediaType(response.header("content-type"));
    if (status < 200 || status >= 300) {
      await answerErrorStatus(response, { method }, context);
    }
    if (type !== "text/event-stream") {
      throw await unexpectedSuccess(response, method, type, context);
    }
    return new Promise<PostTarget>((resolve, reject) => {
      let found = false;
      const refuse = (error: McpError): void => {
        if (!found) reject(error);
        fail(error);
        response.body.discard();
      };
      const timer = setTimeout(
        () =>
          refuse(
            httpError(
              "transport",
              `${target.endpoint} sent no endpoint event within ${endpointTimeoutMs} ms: not an HTTP+SSE MCP server`,
              method,
            ),
          ),
        endpointTimeoutMs,
      );
      const reader = createSseReader({
        maxEventChars: maxResponseBytes,
        onNamedEvent(name, data) {
          if (name !== "endpoint" || found) {
            context.diagnostic({
              kind: "invalid-message",
              detail: `ignored an SSE event named ${JSON.stringify(snippet(name))}`,
            });
            return;
          }
          clearTimeout(timer);
          const where = resolveSseEndpoint(data, streamUrl);
          if (where === undefined) {
            // Messages carry the caller's credentials: never send them where the server points.
            return refuse(
              httpError(
                "transport",
                `${target.endpoint} named an endpoint on another origin or an invalid one (${JSON.stringify(snippet(data, 80))}); refusing to send messages there`,
                method,
              ),
            );
          }
          found = true;
          resolve(where);
        },
        onData: (data) => dispatch(data),
        onIgnored: (detail) => context.diagnostic({ kind: "invalid-message", detail }),
        onOverflow: () =>
          refuse(
            httpError(
              "transport",
              `an event from ${target.endpoint} is larger than ${maxResponseBytes} bytes (maxResponseBytes)`,
              method,
              { limit: maxResponseBytes },
            ),
          ),
      });
      const ended = (cause: unknown): void => {
        clearTimeout(timer);
        refuse(
          httpError(
            "transport",
            `the SSE stream from ${target.endpoint} closed; the HTTP+SSE session is over, connect again`,
            method,
            { retryable: true },
            cause,
          ),
        );
      };
      response.body.read({
        onData: (chunk) => reader.push(chunk),
        onEnd() {
          reader.end();
          ended(undefined);
        },
        onError: ended,
      });
    });
  }

  /** Routes one `message` event from the stream. */
  function dispatch(data: string): void {
    const incoming = parseMessage(data);
    switch (incoming.kind) {
      case "response": {
        const id = incoming.message.id;
        const entry = id === undefined ? undefined : take(id);
        if (entry !== undefined) entry.resolve(incoming.message);
        else {
          context.diagnostic({
            kind: "unknown-response",
            detail: `ignored a response to id ${snippet(JSON.stringify(id ?? null))}, no request is waiting for it`,
          });
        }
        return;
      }
      case "notification":
        try {
          transport.onNotification?.(incoming.message);
        } catch (error) {
          report(error);
        }
        return;
      case "request":
        void answer(incoming.message);
        return;
      case "invalid":
        context.diagnostic({
          kind: "invalid-message",
          detail: `ignored an SSE event that is not a JSON-RPC message (${incoming.reason}): ${snippet(data, 80)}`,
        });
    }
  }

  async function answer(request: JsonRpcRequest): Promise<void> {
    const response = await answerServerRequest(transport.onRequest, request);
    const where = await postTarget;
    if (where !== undefined) await post(where, response).catch(report);
  }

  /**
   * POSTs one message to the endpoint. Resolves with nothing on 2xx, with the JSON-RPC error a
   * 4xx body holds (for a request), and rejects otherwise.
   */
  async function post(
    where: PostTarget,
    message: JsonRpcRequest | JsonRpcNotification | JsonRpcResponse,
  ): Promise<JsonRpcResponse | undefined> {
    const method = "method" in message ? message.method : "response";
    if (closing !== undefined) throw closedError(method);
    let responded = false;
    try {
      const response = await io.send({
        url: where.url,
        origin: where.origin,
        path: where.path,
        headers: copyHeaders(target.headers),
        body: JSON.stringify(message),
        abort: undefined,
      });
      responded = true;
      if (response.status >= 200 && response.status < 300) {
        await drainBody(response.body, DRAIN_LIMIT);
        return undefined;
      }
      const id = "id" in message && "method" in message ? message.id : undefined;
      return await answerErrorStatus(
        response,
        id === undefined ? { method } : { method, id },
        context,
      );
    } catch (error) {
      if (closing !== undefined) throw closedError(method);
      throw networkError(error, method, target.endpoint, responded);
    }
  }

  return transport;
}

/** An option's value, or its default when absent; refuses anything but a positive integer. */
function positive(
  name: "maxResponseBytes" | "endpointTimeoutMs",
  value: number | undefined,
): number {
  const chosen =
    value ??
    (name === "maxResponseBytes" ? DEFAULT_MAX_RESPONSE_BYTES : DEFAULT_ENDPOINT_TIMEOUT_MS);
  if (!Number.isSafeInteger(chosen) || chosen <= 0) {
    throw localError("input", `${name} must be a positive integer`);
  }
  return chosen;
}

/**
 * The `endpoint` event's URI resolved against the stream's URL, or undefined when it is not a
 * URL or names another origin (a scheme, host or port of its own, `//host`, `\\host`).
 */
export function resolveSseEndpoint(data: string, streamUrl: string): PostTarget | undefined {
  let url: URL;
  let base: URL;
  try {
    base = new URL(streamUrl);
    url = new URL(data.trim(), base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  return { url: url.href, origin: url.origin, path: `${url.pathname}${url.search}` };
}
