/**
 * The floor over Streamable HTTP: the least client code that can call the echo tool. One POST
 * per call with `request()` on a keep-alive undici `Agent`, the protocol headers, the body read
 * as text and parsed once, the id checked. No SSE, no status mapping, no timeouts.
 *
 * The URL is split into origin and path once: the top-level `undici.request(url)` parses it on
 * every call, which measured about 20% slower, and a floor must be the cheapest way.
 */
import { Agent } from "undici";
import type { BenchClient } from "./bench-client.js";
import { ECHO_HTTP_HEADERS, echoRequest } from "./envelope.js";

interface Reply {
  id?: number;
  result?: { structuredContent?: unknown };
  error?: { message?: string };
}

export function connectFloorHttp(url: string): BenchClient {
  // The same pool settings the runtime's transport uses, so both get the same connections.
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  const { origin, pathname, search } = new URL(url);
  const path = pathname + search;
  let nextId = 1;
  return {
    async call(i) {
      const id = nextId++;
      const response = await dispatcher.request({
        origin,
        path,
        method: "POST",
        headers: ECHO_HTTP_HEADERS,
        body: echoRequest(id, i),
      });
      const reply = JSON.parse(await response.body.text()) as Reply;
      if (reply.id !== id) throw new Error(`answer to id ${reply.id} for request ${id}`);
      if (reply.result === undefined) throw new Error(reply.error?.message ?? "no result");
      return reply.result.structuredContent;
    },
    close: () => dispatcher.close(),
  };
}
