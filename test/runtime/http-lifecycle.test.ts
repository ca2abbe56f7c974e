import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import type { Dispatcher } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpTransport } from "../../runtime/node/http.js";
import {
  HTTP_IMPLEMENTATIONS,
  exchange,
  progress,
  rejection,
  resultFor,
  rpc,
  sendJson,
  sseEvent,
  startServer,
  startSse,
  tick,
} from "./http-test-server.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

describe.each(HTTP_IMPLEMENTATIONS)("over $name", ({ name, create }) => {
  describe("HTTP transport: cancellation", () => {
    it("closes the SSE stream on abort, the server sees the close, and nothing else is sent", async () => {
      const serverSawClose = signal();
      const server = await startServer((_received, res) => {
        startSse(res);
        res.on("close", () => {
          if (!res.writableFinished) serverSawClose.fire();
        });
        res.write(sseEvent(progress(1)));
      });
      const transport = create({ url: server.url });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      const ex = exchange();
      let reason: unknown;
      ex.onNotification = (notification) => {
        ex.notifications.push(notification);
        reason = ex.abort();
      };
      const error = await rejection(transport.request(rpc("tools/call", { name: "slow" }), ex));
      expect(error).toBe(reason);
      expect(error.kind).toBe("cancelled");
      await serverSawClose.promise;
      await tick();
      expect(server.received.map((r) => r.message?.method)).toEqual(["tools/call"]);
    });

    // An injected dispatcher is an option of the undici transport only.
    it.each(name === "undici" ? ["an owned pool", "an injected dispatcher"] : ["an owned pool"])(
      "aborts a request still waiting for its headers, on %s",
      async (kind) => {
        const serverSawClose = signal();
        const requestArrived = signal();
        const server = await startServer((_received, res) => {
          res.on("close", serverSawClose.fire);
          requestArrived.fire();
        });
        const agent = new Agent();
        const transport = create({
          url: server.url,
          ...(kind === "an owned pool" ? {} : { dispatcher: agent }),
        });
        cleanups.push(
          () => server.close(),
          () => agent.close(),
          () => transport.close(),
        );
        const ex = exchange();
        const pending = transport.request(rpc("x"), ex);
        await requestArrived.promise;
        const reason = ex.abort();
        expect(await rejection(pending)).toBe(reason);
        await serverSawClose.promise;
      },
    );

    it("sends nothing for an already aborted signal", async () => {
      const server = await startServer((received, res) => sendJson(res, 200, resultFor(received)));
      const transport = create({ url: server.url });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      const ex = exchange();
      const reason = ex.abort();
      expect(await rejection(transport.request(rpc("x"), ex))).toBe(reason);
      expect(server.received).toHaveLength(0);
    });
  });

  describe("HTTP transport: connection failures", () => {
    it("says the server is unreachable on connection refused, without URL credentials", async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const transport = create({ url: `http://alice:s3cret@127.0.0.1:${port}/mcp` });
      cleanups.push(() => transport.close());
      expect(transport.endpoint).toBe(`http://127.0.0.1:${port}/mcp`);
      const error = await rejection(transport.request(rpc("server/discover"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toBe(
        `server/discover: cannot reach the MCP server at http://127.0.0.1:${port}/mcp: connection refused; the server is unreachable, check that it is running and that the URL is right`,
      );
      expect(error.data).toEqual({ code: "ECONNREFUSED" });
      expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain("s3cret");
    });

    it("says the server is unreachable when TLS fails (https to a plain HTTP server)", async () => {
      const server = await startServer((received, res) => sendJson(res, 200, resultFor(received)));
      const transport = create({ url: server.url.replace("http:", "https:") });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(
        /^x: cannot reach the MCP server at https:\/\/127\.0\.0\.1:\d+\/mcp: TLS failed \(.+\); the server is unreachable/,
      );
      expect(error.data).toMatchObject({ code: expect.stringMatching(/SSL|TLS/) });
    });

    it("sends URL credentials as Basic auth", async () => {
      const server = await startServer((received, res) => sendJson(res, 200, resultFor(received)));
      const transport = create({ url: server.url.replace("//", "//alice:s3cret@") });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      await transport.request(rpc("x"), exchange());
      expect(server.received[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from("alice:s3cret").toString("base64")}`,
      );
    });

    it("reports a connection the server drops mid-request as lost and retryable", async () => {
      const server = await startServer((_received, res) => {
        res.socket?.destroy();
      });
      const transport = create({ url: server.url });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      const error = await rejection(transport.request(rpc("x"), exchange()));
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/connection to http:\/\/127\.0\.0\.1:\d+\/mcp was lost/);
      expect(error.data).toMatchObject({ retryable: true });
    });
  });

  describe("HTTP transport: concurrency and pooling", () => {
    it("answers 100 concurrent requests each to its caller, over reused connections", async () => {
      const server = await startServer((received, res) => {
        const n = received.message?.params?.n as number;
        // Answer out of order: later requests first.
        setTimeout(() => sendJson(res, 200, resultFor(received, { n })), (100 - n) % 7);
      });
      const transport = create({ url: server.url });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      const wave = () =>
        Promise.all(
          Array.from({ length: 100 }, (_, n) =>
            transport.request(rpc("echo", { n }), exchange()).then((r) => ({ n, r })),
          ),
        );
      for (const { n, r } of await wave()) expect(r).toMatchObject({ result: { n } });
      const afterFirst = server.connections();
      for (const { n, r } of await wave()) expect(r).toMatchObject({ result: { n } });
      expect(afterFirst).toBeLessThanOrEqual(100);
      // undici's pool may open the odd extra connection, but most of the second wave reuses.
      expect(server.connections() - afterFirst).toBeLessThan(50);
      expect(server.received).toHaveLength(200);
    });

    it.each(["json", "sse"])("reuses one connection for sequential %s answers", async (mode) => {
      const server = await startServer((received, res) => {
        if (mode === "json") return sendJson(res, 200, resultFor(received));
        startSse(res);
        res.write(sseEvent(progress(1)));
        res.end(sseEvent(resultFor(received)));
      });
      const transport = create({ url: server.url });
      cleanups.push(
        () => server.close(),
        () => transport.close(),
      );
      for (let i = 0; i < 10; i++) await transport.request(rpc("x"), exchange());
      expect(server.received).toHaveLength(10);
      // undici frees a connection one event-loop turn after its response completes, so a caller
      // that sends the next request at once gets a second connection; the two then alternate.
      expect(server.connections()).toBeLessThanOrEqual(2);
    });
  });

  describe("HTTP transport: close", () => {
    it("rejects requests in flight with a transport error and refuses new ones", async () => {
      const arrived = signal();
      const server = await startServer((_received, res) => {
        startSse(res);
        res.write(": waiting\n\n");
        arrived.fire();
      });
      const transport = create({ url: server.url });
      cleanups.push(() => server.close());
      const pending = rejection(transport.request(rpc("tools/call", { name: "t" }), exchange()));
      await arrived.promise;
      await Promise.all([transport.close(), transport.close()]);
      const error = await pending;
      expect(error.kind).toBe("transport");
      expect(error.message).toMatch(/^tools\/call: the transport to .* is closed$/);
      const after = await rejection(transport.request(rpc("x"), exchange()));
      expect(after.kind).toBe("transport");
      const notified = await rejection(transport.notify({ jsonrpc: "2.0", method: "n" }));
      expect(notified.kind).toBe("transport");
    });
  });
});

// `dispatcher` is the undici transport's own option (fetch has no equivalent to inject).
describe("HTTP transport over undici: an injected dispatcher", () => {
  it("sends through an injected dispatcher and leaves it open on close", async () => {
    const server = await startServer((received, res) => sendJson(res, 200, resultFor(received)));
    const dispatched: string[] = [];
    class CountingAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
        dispatched.push(`${options.method} ${String(options.origin)}${options.path}`);
        return super.dispatch(options, handler);
      }
    }
    const agent = new CountingAgent();
    cleanups.push(
      () => server.close(),
      () => agent.close(),
    );
    const transport = createHttpTransport({ url: server.url, dispatcher: agent });
    await transport.request(rpc("x"), exchange());
    await transport.close();
    expect(dispatched).toEqual([`POST ${server.url}`]);
    const again = createHttpTransport({ url: server.url, dispatcher: agent });
    await again.request(rpc("y"), exchange());
    expect(dispatched).toHaveLength(2);
    expect(agent.closed).toBe(false);
  });

  it("rejects in-flight requests on an injected dispatcher too", async () => {
    const arrived = signal();
    const server = await startServer(() => arrived.fire());
    const agent = new Agent();
    cleanups.push(
      () => server.close(),
      () => agent.close(),
    );
    const transport = createHttpTransport({ url: server.url, dispatcher: agent });
    const pending = rejection(transport.request(rpc("x"), exchange()));
    await arrived.promise;
    await transport.close();
    expect((await pending).kind).toBe("transport");
  });
});
