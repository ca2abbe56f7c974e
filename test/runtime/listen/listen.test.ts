/**
 * `client.listen()` against the official SDK's servers, over stdio (`serveStdio`) and Streamable
 * HTTP (`createMcpHandler`): the acknowledgment first, notifications tagged by subscription id,
 * cache invalidation, and the ways a subscription ends.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { McpHttpHandler } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connect, isMcpError } from "@mcp-codegen/runtime";
import type {
  ConnectOptions,
  JsonRpcNotification,
  McpClient,
  Subscription,
} from "@mcp-codegen/runtime";
import { CONFIG_URI, createListenServer, listenStdio } from "../../fixtures/servers/index.js";
import type { RunningHttpServer } from "../../fixtures/servers/index.js";
import { serveFetch } from "../../fixtures/servers/node-fetch-server.js";
import { rejection } from "../client-helpers.js";

const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

const clients: McpClient[] = [];
const servers: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The next notification, or a failure after `ms` (the iterator must not hang). */
async function nextOf(subscription: Subscription, ms = 5000): Promise<JsonRpcNotification> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no notification within ${ms} ms`)), ms);
  });
  try {
    const step = await Promise.race([subscription.next(), timeout]);
    if (step.done === true) throw new Error("the subscription ended");
    return step.value;
  } finally {
    clearTimeout(timer);
  }
}

/** Reads until the iterator ends; resolves with what it yielded, or rejects with its error. */
async function drain(subscription: Subscription): Promise<string[]> {
  const methods: string[] = [];
  for await (const notification of subscription) methods.push(notification.method);
  return methods;
}

describe("listen over stdio (SDK serveStdio)", () => {
  async function start(options: ConnectOptions = {}): Promise<McpClient> {
    const client = await connect(listenStdio(), options);
    clients.push(client);
    return client;
  }

  it("resolves on the acknowledgment and yields notifications tagged with its id", async () => {
    const client = await start();
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    expect(subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    await client.callTool("add_tool");
    const changed = await nextOf(subscription);
    expect(changed.method).toBe("notifications/tools/list_changed");
    expect(changed.params?._meta).toMatchObject({ [SUBSCRIPTION_ID]: subscription.id });
    await client.callTool("touch", { uri: CONFIG_URI });
    const updated = await nextOf(subscription);
    expect(updated.method).toBe("notifications/resources/updated");
    expect(updated.params?.uri).toBe(CONFIG_URI);
    await subscription.close();
  });

  it("invalidates the cached tool list and resource on the matching notification", async () => {
    const client = await start();
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    const before = (await client.listTools()).map((tool) => tool.name);
    const read = async () => (await client.readResource(CONFIG_URI)).contents[0];
    expect(await read()).toMatchObject({ text: '{"version":1}' });
    await client.callTool("add_tool");
    await nextOf(subscription);
    expect((await client.listTools()).map((tool) => tool.name)).toEqual([...before, "extra_1"]);
    await client.callTool("touch", { uri: CONFIG_URI });
    await nextOf(subscription);
    expect(await read()).toMatchObject({ text: '{"version":2}' });
    // Without a notification the cached copy is served (ttlMs 60 s).
    await client.callTool("add_tool");
    await nextOf(subscription);
    await subscription.close();
    const cached = (await client.listTools()).map((tool) => tool.name);
    expect(cached).toContain("extra_2");
  });

  it("demultiplexes two subscriptions sharing one stdio channel", async () => {
    const client = await start();
    const tools = await client.listen({ toolsListChanged: true });
    const resources = await client.listen({ resourceSubscriptions: [CONFIG_URI] });
    expect(tools.id).not.toBe(resources.id);
    await client.callTool("touch", { uri: CONFIG_URI });
    await client.callTool("add_tool");
    expect((await nextOf(resources)).method).toBe("notifications/resources/updated");
    expect((await nextOf(tools)).method).toBe("notifications/tools/list_changed");
    await tools.close();
    await resources.close();
  });

  it("ends cleanly on break, and the server stops sending to it", async () => {
    const client = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    await client.callTool("add_tool");
    for await (const notification of subscription) {
      expect(notification.method).toBe("notifications/tools/list_changed");
      break;
    }
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    // A new subscription still works on the same connection.
    const again = await client.listen({ toolsListChanged: true });
    await client.callTool("add_tool");
    expect((await nextOf(again)).method).toBe("notifications/tools/list_changed");
    await again.close();
  });

  it("ends cleanly when the server closes it gracefully (a listen result)", async () => {
    const client = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    await client.callTool("end");
    expect(await drain(subscription)).toEqual([]);
  });

  it("throws a transport error when the server process dies without answering", async () => {
    const client = await start({ restart: false });
    const subscription = await client.listen({ toolsListChanged: true });
    await client.callTool("crash");
    const error = await rejection(drain(subscription));
    expect(error.kind).toBe("transport");
  });

  it("goes on over the restarted server when the process dies", async () => {
    const client = await start({ restart: { initialDelayMs: 5, maxDelayMs: 20 } });
    const subscription = await client.listen({ toolsListChanged: true });
    await client.callTool("crash");
    await vi.waitFor(() => expect(client.status).toMatchObject({ state: "ready", restarts: 1 }), {
      timeout: 20_000,
    });
    // The renewed listen request may reach the new process after a first change: change the
    // tool list until the subscription hears of it.
    let heard = false;
    const next = subscription.next().finally(() => (heard = true));
    await vi.waitFor(
      async () => {
        await client.callTool("add_tool");
        expect(heard).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await next).toMatchObject({ value: { method: "notifications/tools/list_changed" } });
    await subscription.close();
  });

  it("ends cleanly when the client closes", async () => {
    const client = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    const reading = drain(subscription);
    await client.close();
    expect(await reading).toEqual([]);
  });
});

describe("listen over Streamable HTTP (SDK createMcpHandler)", () => {
  async function start(): Promise<{
    client: McpClient;
    handler: McpHttpHandler;
    count: (method: string) => number;
  }> {
    const handler = createMcpHandler(() => createListenServer());
    const seen: string[] = [];
    const running = await serveFetch(async (request) => {
      const body = (await request.clone().json()) as { method?: string };
      seen.push(String(body.method));
      return handler.fetch(request);
    }, "/mcp");
    servers.push({
      url: running.url,
      close: async () => {
        await handler.close();
        await running.close();
      },
    });
    const client = await connect({ url: running.url });
    clients.push(client);
    return { client, handler, count: (method) => seen.filter((m) => m === method).length };
  }

  it("ends its streams when the credentials change (setAuth)", async () => {
    const { client } = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    const reading = drain(subscription);
    client.setAuth({ headers: { "X-Tenant": "other" } });
    expect(await reading).toEqual([]);
    // The client goes on, under the new credentials.
    expect((await client.listTools()).length).toBeGreaterThan(0);
  });

  it("acknowledges, delivers tagged notifications on the POST's stream and invalidates the cache", async () => {
    const { client, handler, count } = await start();
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    expect(subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    await client.listTools();
    await client.listTools();
    await client.readResource(CONFIG_URI);
    expect(count("tools/list")).toBe(1);
    handler.notify.toolsChanged();
    const changed = await nextOf(subscription);
    expect(changed.method).toBe("notifications/tools/list_changed");
    expect(changed.params?._meta).toMatchObject({ [SUBSCRIPTION_ID]: subscription.id });
    await client.listTools();
    expect(count("tools/list")).toBe(2);
    handler.notify.resourceUpdated("file:///other.json");
    handler.notify.resourceUpdated(CONFIG_URI);
    expect((await nextOf(subscription)).params?.uri).toBe(CONFIG_URI);
    await client.readResource(CONFIG_URI);
    expect(count("resources/read")).toBe(2);
    await subscription.close();
  });

  it("closing the subscription closes its stream; later notifications reach no one", async () => {
    const { client, handler } = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    const reading = drain(subscription);
    await subscription.close();
    expect(await reading).toEqual([]);
    handler.notify.toolsChanged();
    const again = await client.listen({ promptsListChanged: true, toolsListChanged: true });
    // The server narrows the filter to what it can deliver: it has no prompts.
    expect(again.acknowledged).toEqual({ toolsListChanged: true });
    handler.notify.toolsChanged();
    expect((await nextOf(again)).method).toBe("notifications/tools/list_changed");
    await again.close();
  });

  it("ends cleanly when the client closes", async () => {
    const { client } = await start();
    const subscription = await client.listen({ toolsListChanged: true });
    const reading = drain(subscription);
    await client.close();
    expect(await reading).toEqual([]);
  });

  it("rejects when the server refuses the subscription", async () => {
    const handler = createMcpHandler(() => createListenServer(), { maxSubscriptions: 1 });
    const running = await serveFetch((request) => handler.fetch(request), "/mcp");
    servers.push({
      url: running.url,
      close: async () => {
        await handler.close();
        await running.close();
      },
    });
    const client = await connect({ url: running.url });
    clients.push(client);
    const first = await client.listen({ toolsListChanged: true });
    const error = await rejection(client.listen({ toolsListChanged: true }));
    expect(isMcpError(error) && error.method).toBe("subscriptions/listen");
    expect(error.code).toBe(-32603);
    await first.close();
  });
});
