/**
 * The ends and limits of `client.listen()` that a well-behaved SDK server does not show: error
 * answers, a server's `notifications/cancelled`, a missing acknowledgment, a dropped HTTP
 * stream, buffer overflow and coalescing, the caller's signal. Scripted servers, in process and
 * over loopback HTTP.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "@mcp-codegen/runtime";
import type { JsonRpcNotification, McpClient, Subscription } from "@mcp-codegen/runtime";
import {
  RpcError,
  scriptedServer,
  waitForAbort,
  type MethodHandler,
} from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";
import { sseEvent, startServer, startSse, type TestServer } from "../http-test-server.js";

const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

type ListenContext = Parameters<MethodHandler>[1];

/** A notification on the listen stream `context` belongs to. */
function tagged(context: ListenContext, method: string, params: Record<string, unknown> = {}) {
  const notification: JsonRpcNotification = {
    jsonrpc: "2.0",
    method,
    params: { ...params, _meta: { [SUBSCRIPTION_ID]: context.request.id } },
  };
  context.notify(notification);
}

function acknowledge(context: ListenContext, params: Record<string, unknown>) {
  tagged(context, "notifications/subscriptions/acknowledged", {
    notifications: params.notifications,
  });
}

async function drain(subscription: Subscription): Promise<JsonRpcNotification[]> {
  const all: JsonRpcNotification[] = [];
  for await (const notification of subscription) all.push(notification);
  return all;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

const clients: McpClient[] = [];
const httpServers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(httpServers.splice(0).map((server) => server.close()));
});

async function connectTo(listen: MethodHandler, onNotification?: (n: JsonRpcNotification) => void) {
  const server = scriptedServer({ "subscriptions/listen": listen });
  const client = await connect(
    { server: server.handler },
    onNotification === undefined ? {} : { onNotification },
  );
  clients.push(client);
  return { server, client };
}

describe("listen: how it ends", () => {
  it("yields what came before an error answer, then throws the server's error", async () => {
    const { client } = await connectTo(async (params, context) => {
      acknowledge(context, params);
      await tick();
      tagged(context, "notifications/tools/list_changed");
      throw new RpcError(-32603, "shutting down badly");
    });
    const subscription = await client.listen({ toolsListChanged: true });
    expect((await subscription.next()).value?.method).toBe("notifications/tools/list_changed");
    const error = await rejection(subscription.next());
    expect(error).toMatchObject({ kind: "execution", code: -32603 });
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it("rejects listen() with the server's error when it refuses before acknowledging", async () => {
    const { client } = await connectTo(() => {
      throw new RpcError(-32602, "unknown filter");
    });
    const error = await rejection(client.listen({ toolsListChanged: true }));
    expect(error).toMatchObject({ kind: "protocol", code: -32602 });
  });

  it("rejects listen() when the server answers without acknowledging", async () => {
    const { client } = await connectTo(() => ({ resultType: "complete" }));
    const error = await rejection(client.listen({ toolsListChanged: true }));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain("before acknowledging");
  });

  it("ends cleanly on the server's notifications/cancelled naming it, and releases the request", async () => {
    let aborted: Promise<unknown> = Promise.resolve();
    const { client } = await connectTo(async (params, context) => {
      acknowledge(context, params);
      aborted = waitForAbort(context.signal);
      await tick();
      tagged(context, "notifications/prompts/list_changed");
      context.notify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: context.request.id, reason: "server shutting down" },
      });
      return new Promise(() => undefined);
    });
    const subscription = await client.listen({ promptsListChanged: true });
    expect((await drain(subscription)).map((n) => n.method)).toEqual([
      "notifications/prompts/list_changed",
    ]);
    await aborted;
  });

  it("times out waiting for the acknowledgment, and cancels the request", async () => {
    let aborted: Promise<unknown> = Promise.resolve();
    const { client } = await connectTo((_params, context) => {
      aborted = waitForAbort(context.signal);
      return new Promise(() => undefined);
    });
    const error = await rejection(client.listen({ toolsListChanged: true }, { timeout: 50 }));
    expect(error.kind).toBe("timeout");
    await aborted;
  });

  it("the caller's signal cancels listen() before the acknowledgment and ends it after", async () => {
    const { client } = await connectTo(async (params, context) => {
      await tick();
      acknowledge(context, params);
      return waitForAbort(context.signal).then(() => ({}));
    });
    const early = new AbortController();
    const pending = client.listen({ toolsListChanged: true }, { signal: early.signal });
    early.abort();
    expect((await rejection(pending)).kind).toBe("cancelled");
    const late = new AbortController();
    const subscription = await client.listen({ toolsListChanged: true }, { signal: late.signal });
    const reading = drain(subscription);
    late.abort();
    expect(await reading).toEqual([]);
  });

  it("throws a transport error when the HTTP stream drops without an answer", async () => {
    const server = await startServer((received, res) => {
      if (received.message?.method === "server/discover") {
        startSse(res);
        res.end(
          sseEvent({
            jsonrpc: "2.0",
            id: received.message.id,
            result: { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: {} },
          }),
        );
        return;
      }
      startSse(res);
      const meta = { [SUBSCRIPTION_ID]: received.message?.id };
      res.write(
        sseEvent({
          jsonrpc: "2.0",
          method: "notifications/subscriptions/acknowledged",
          params: { notifications: { toolsListChanged: true }, _meta: meta },
        }),
      );
      res.write(
        sseEvent({
          jsonrpc: "2.0",
          method: "notifications/tools/list_changed",
          params: { _meta: meta },
        }),
      );
      setTimeout(() => res.destroy(), 20);
    });
    httpServers.push(server);
    const client = await connect({ url: server.url });
    clients.push(client);
    const subscription = await client.listen({ toolsListChanged: true });
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const notification of subscription) seen.push(notification.method);
      })(),
    );
    expect(seen).toEqual(["notifications/tools/list_changed"]);
    expect(error.kind).toBe("transport");
  });
});

describe("listen: routing and the buffer", () => {
  it("passes notifications for no open subscription to onNotification", async () => {
    const others: string[] = [];
    const { client } = await connectTo(
      async (params, context) => {
        acknowledge(context, params);
        await tick();
        context.notify({ jsonrpc: "2.0", method: "notifications/untagged" });
        context.notify({
          jsonrpc: "2.0",
          method: "notifications/tools/list_changed",
          params: { _meta: { [SUBSCRIPTION_ID]: String(context.request.id) } },
        });
        return { resultType: "complete" };
      },
      (notification) => others.push(notification.method),
    );
    const subscription = await client.listen({ toolsListChanged: true });
    expect(await drain(subscription)).toEqual([]);
    // The id is compared with its JSON type kept: "2" is not 2.
    expect(others).toEqual(["notifications/untagged", "notifications/tools/list_changed"]);
  });

  it("queues a repeated change once", async () => {
    const { client } = await connectTo(async (params, context) => {
      acknowledge(context, params);
      await tick();
      for (let i = 0; i < 3; i++) tagged(context, "notifications/tools/list_changed");
      tagged(context, "notifications/resources/updated", { uri: "file:///a" });
      tagged(context, "notifications/resources/updated", { uri: "file:///a" });
      tagged(context, "notifications/resources/updated", { uri: "file:///b" });
      return { resultType: "complete" };
    });
    const subscription = await client.listen({ toolsListChanged: true });
    await tick();
    await tick();
    const all = await drain(subscription);
    expect(all.map((n) => n.params?.uri ?? n.method)).toEqual([
      "notifications/tools/list_changed",
      "file:///a",
      "file:///b",
    ]);
  });

  it("closes the subscription when more than bufferSize notifications wait, then throws", async () => {
    let aborted: Promise<unknown> = Promise.resolve();
    const { client } = await connectTo(async (params, context) => {
      acknowledge(context, params);
      aborted = waitForAbort(context.signal);
      await tick();
      for (const uri of ["a", "b", "c", "d"]) {
        tagged(context, "notifications/resources/updated", { uri });
      }
      return new Promise(() => undefined);
    });
    const subscription = await client.listen(
      { resourceSubscriptions: ["a", "b", "c", "d"] },
      { bufferSize: 3 },
    );
    await aborted;
    const seen: unknown[] = [];
    const error = await rejection(
      (async () => {
        for await (const notification of subscription) seen.push(notification.params?.uri);
      })(),
    );
    expect(seen).toEqual(["a", "b", "c"]);
    expect(error.kind).toBe("transport");
    expect(error.data).toEqual({ overflow: true, bufferSize: 3 });
  });
});
