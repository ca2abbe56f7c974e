/**
 * The fetch transport sends with the `fetch` it is given and nothing else, and maps what a
 * platform's `fetch` throws (no codes in browsers) to the same errors as the undici transport.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFetchHttpTransport } from "../../../runtime/transports/fetch-transport.js";
import type { FetchFunction } from "../../../runtime/transports/fetch-transport.js";
import {
  exchange,
  rejection,
  resultFor,
  rpc,
  sendJson,
  sseEvent,
  startServer,
  startSse,
} from "../http-test-server.js";
import type { TestServer } from "../http-test-server.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function jsonServer(): Promise<TestServer> {
  const server = await startServer((received, res) => {
    if (received.message?.id === undefined) res.writeHead(202).end();
    else sendJson(res, 200, resultFor(received, { ok: true }));
  });
  cleanups.push(() => server.close());
  return server;
}

/** A fetch that records each call's URL and init, then delegates to the real one. */
function countingFetch(): {
  fetch: FetchFunction;
  calls: Array<{ url: string; init: RequestInit }>;
} {
  const realFetch = globalThis.fetch;
  const calls: Array<{ url: string; init: RequestInit }> = [];
  return {
    calls,
    fetch: (url, init) => {
      calls.push({ url, init });
      return realFetch(url, init);
    },
  };
}

function refusingGlobalFetch(): void {
  vi.stubGlobal("fetch", () => Promise.reject(new Error("the global fetch was used")));
}

describe("createFetchHttpTransport: the fetch it sends with", () => {
  it("uses only the fetch it is given, for requests and notifications", async () => {
    const server = await jsonServer();
    const counting = countingFetch();
    refusingGlobalFetch();
    const transport = createFetchHttpTransport({ url: server.url, fetch: counting.fetch });
    cleanups.push(() => transport.close());
    const response = await transport.request(rpc("tools/list"), exchange());
    expect(response).toMatchObject({ result: { ok: true } });
    await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(counting.calls.map((call) => [call.url, call.init.method])).toEqual([
      [server.url, "POST"],
      [server.url, "POST"],
    ]);
    expect(counting.calls[0]?.init.redirect).toBe("manual");
    expect(server.received.map((r) => r.message?.method)).toEqual([
      "tools/list",
      "notifications/initialized",
    ]);
  });

  it("looks the global fetch up at each request when none is given", async () => {
    const server = await jsonServer();
    const transport = createFetchHttpTransport({ url: server.url });
    cleanups.push(() => transport.close());
    const counting = countingFetch();
    vi.stubGlobal("fetch", counting.fetch);
    await transport.request(rpc("x"), exchange());
    expect(counting.calls).toHaveLength(1);
  });

  it("refuses a header value fetch rejects as input, without calling fetch", async () => {
    const server = await jsonServer();
    const counting = countingFetch();
    const transport = createFetchHttpTransport({ url: server.url, fetch: counting.fetch });
    cleanups.push(() => transport.close());
    const error = await rejection(
      transport.request(rpc("x"), exchange({ "Mcp-Param-Bad": "a\r\nInjected: 1" })),
    );
    expect(error.kind).toBe("input");
    expect(error.message).toMatch(/^x: cannot send the request: /);
    expect(counting.calls).toHaveLength(0);
  });

  it("aborts the fetch's signal when the exchange aborts mid-stream", async () => {
    const server = await startServer((_received, res) => {
      startSse(res);
      res.write(sseEvent({ jsonrpc: "2.0", method: "notifications/message", params: {} }));
    });
    cleanups.push(() => server.close());
    const counting = countingFetch();
    const transport = createFetchHttpTransport({ url: server.url, fetch: counting.fetch });
    cleanups.push(() => transport.close());
    const ex = exchange();
    let reason: unknown;
    ex.onNotification = () => (reason = ex.abort());
    const error = await rejection(transport.request(rpc("x"), ex));
    expect(error).toBe(reason);
    expect(counting.calls[0]?.init.signal?.aborted).toBe(true);
  });
});

describe("createFetchHttpTransport: what a platform's fetch throws", () => {
  const url = "http://mcp.invalid/mcp";

  it("reports a browser-style TypeError without a code as a transport failure", async () => {
    const transport = createFetchHttpTransport({
      url,
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const error = await rejection(transport.request(rpc("x"), exchange()));
    expect(error.kind).toBe("transport");
    expect(error.message).toBe(`x: request to ${url} failed: Failed to fetch`);
    expect(error.data).toEqual({});
  });

  it("finds Node's system code in the cause of `fetch failed`", async () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const transport = createFetchHttpTransport({
      url,
      fetch: () => Promise.reject(new TypeError("fetch failed", { cause })),
    });
    const error = await rejection(transport.request(rpc("x"), exchange()));
    expect(error.kind).toBe("transport");
    expect(error.message).toMatch(/cannot reach the MCP server at .*: connection refused/);
    expect(error.data).toEqual({ code: "ECONNREFUSED" });
  });

  it("reports an abort nobody here asked for as a lost, retryable request", async () => {
    const transport = createFetchHttpTransport({
      url,
      fetch: () => Promise.reject(new DOMException("The operation was aborted.", "AbortError")),
    });
    const error = await rejection(transport.request(rpc("x"), exchange()));
    expect(error.kind).toBe("transport");
    expect(error.message).toMatch(/was aborted before the answer arrived/);
    expect(error.data).toEqual({ retryable: true });
  });

  it("reports a stream that fails without a code after the head as lost and retryable", async () => {
    const event = new TextEncoder().encode(
      sseEvent({ jsonrpc: "2.0", method: "notifications/message", params: {} }),
    );
    const transport = createFetchHttpTransport({
      url,
      fetch: () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(event);
            setTimeout(() => controller.error(new TypeError("network error")), 5);
          },
        });
        const headers = { "content-type": "text/event-stream" };
        return Promise.resolve(new Response(body, { status: 200, headers }));
      },
    });
    const ex = exchange();
    const error = await rejection(transport.request(rpc("x"), ex));
    expect(ex.notifications).toHaveLength(1);
    expect(error.kind).toBe("transport");
    expect(error.message).toBe(
      `x: the connection to ${url} was lost before the answer arrived (network error)`,
    );
    expect(error.data).toEqual({ retryable: true });
  });

  it("reads a response without a body as an empty one", async () => {
    const transport = createFetchHttpTransport({
      url,
      fetch: () => Promise.resolve(new Response(null, { status: 202 })),
    });
    await transport.notify({ jsonrpc: "2.0", method: "n" });
    const error = await rejection(transport.request(rpc("x"), exchange()));
    expect(error.message).toMatch(/answered HTTP 202 with no content type/);
  });
});
