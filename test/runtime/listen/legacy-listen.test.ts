// `client.listen()` in the initialize era over stdio: against the real legacy server-everything
// (resources/subscribe and its simulated updates) and a scripted legacy server
// (test/fixtures/stdio-misbehaving/legacy-listen-server.mjs) for unsolicited list changes, cache
// invalidation, missing capabilities, reference-counted unsubscribes, overflow and a dying server.
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { McpClient } from "../../../runtime/client/client.js";
import { connect, type ConnectOptions } from "../../../runtime/client/connect.js";
import type { JsonRpcNotification } from "../../../runtime/protocol/jsonrpc.js";
import type { Subscription } from "../../../runtime/listen/listen.js";
import type { LogMessage } from "../../../runtime/protocol/types.js";
import "../../../runtime/node/index.js";
import { CONFIG_URI } from "../../fixtures/servers/listen-server.js";
import { rejection } from "../client-helpers.js";

const FIXTURE = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/legacy-listen-server.mjs", import.meta.url),
);
const EVERYTHING = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const SDK_SERVER = [
  "--import",
  pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href,
  fileURLToPath(new URL("../../fixtures/servers/legacy-listen-stdio.ts", import.meta.url)),
];
const LEGACY = { era: "legacy", protocolVersion: "2025-11-25" } as const;

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function open(args: string[], options: ConnectOptions = {}): Promise<McpClient> {
  const client = await connect(
    { command: process.execPath, args, stderr: "ignore" },
    { prior: LEGACY, ...options },
  );
  clients.push(client);
  expect(client.era).toBe("legacy");
  return client;
}

const fixture = (declared: string, options: ConnectOptions = {}) =>
  open([FIXTURE, declared], options);

/** The `resources/subscribe` and `resources/unsubscribe` requests the fixture read, in order. */
async function subscriptionRequests(client: McpClient): Promise<string[]> {
  const result = await client.callTool("messages", {});
  const seen = (result.structuredContent as { seen: JsonRpcNotification[] }).seen;
  return seen
    .filter((m) => m.method === "resources/subscribe" || m.method === "resources/unsubscribe")
    .map((m) => `${m.method.slice("resources/".length)} ${String(m.params?.uri)}`);
}

/** Has the fixture send these notifications; they reach the client before the answer. */
async function serverSends(
  client: McpClient,
  notifications: { method: string; params?: Record<string, unknown> }[],
  count = 1,
): Promise<void> {
  await client.callTool("notify", { notifications, count });
}

/** Reads `count` notifications, then leaves the subscription open. */
async function take(subscription: Subscription, count: number): Promise<JsonRpcNotification[]> {
  const taken: JsonRpcNotification[] = [];
  while (taken.length < count) {
    const step = await subscription.next();
    if (step.done === true) break;
    taken.push(step.value);
  }
  return taken;
}

const updated = (uri: string) => ({ method: "notifications/resources/updated", params: { uri } });

describe("listen against the legacy server-everything", () => {
  it("subscribes to a resource, receives its updates, and unsubscribes on break", async () => {
    const logs: string[] = [];
    let unsubscribed: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (unsubscribed = resolve));
    const client = await open([EVERYTHING, "stdio"], {
      onLog: (message: LogMessage) => {
        logs.push(String(message.data));
        if (String(message.data).startsWith("Received Unsubscribe")) unsubscribed();
      },
    });
    const [resource] = await client.listResources();
    const uri = resource!.uri;
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.acknowledged).toEqual({ resourceSubscriptions: [uri] });
    // The server confirmed the subscribe before listen resolved.
    expect(logs.some((line) => line.includes(`Subscribe Resource request for URI: ${uri}`))).toBe(
      true,
    );
    // Sends an update for every subscribed URI at once, then every 5 s.
    await client.callTool("toggle-subscriber-updates", {});
    for await (const notification of subscription) {
      expect(notification).toMatchObject(updated(uri));
      break;
    }
    await gone;
    expect(logs.filter((line) => line.startsWith("Received Unsubscribe"))).toEqual([
      `Received Unsubscribe Resource request: ${uri} `,
    ]);
  });
});

describe("listen against the official SDK's serveStdio, opened in the initialize era", () => {
  it("delivers its list changes and resource updates, and unsubscribes on close", async () => {
    const client = await open(SDK_SERVER);
    const subscribed = async () =>
      (
        (await client.callTool("subscribed", {})).structuredContent as {
          uris: string[];
        }
      ).uris;
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    expect(subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: [CONFIG_URI],
    });
    expect(await subscribed()).toEqual([CONFIG_URI]);
    await client.callTool("touch", { uri: CONFIG_URI });
    await client.callTool("add_tool", {});
    expect(await take(subscription, 2)).toEqual([
      expect.objectContaining(updated(CONFIG_URI)),
      expect.objectContaining({ method: "notifications/tools/list_changed" }),
    ]);
    await subscription.close();
    await expect.poll(subscribed).toEqual([]);
  });
});

describe("listen against a scripted legacy server", () => {
  it("delivers unsolicited list changes to the subscriptions that asked for them", async () => {
    const others: JsonRpcNotification[] = [];
    const client = await fixture("listChanged", { onNotification: (n) => others.push(n) });
    const tools = await client.listen({ toolsListChanged: true });
    const both = await client.listen({ toolsListChanged: true, promptsListChanged: true });
    expect(tools.acknowledged).toEqual({ toolsListChanged: true });
    await serverSends(client, [
      { method: "notifications/tools/list_changed" },
      { method: "notifications/prompts/list_changed" },
      { method: "notifications/resources/list_changed" },
    ]);
    expect((await take(tools, 1)).map((n) => n.method)).toEqual([
      "notifications/tools/list_changed",
    ]);
    expect((await take(both, 2)).map((n) => n.method)).toEqual([
      "notifications/tools/list_changed",
      "notifications/prompts/list_changed",
    ]);
    // Nobody listened for it: it goes to onNotification, as an unclaimed one does in 2026.
    expect(others.map((n) => n.method)).toEqual(["notifications/resources/list_changed"]);
    await tools.close();
    await serverSends(client, [{ method: "notifications/tools/list_changed" }]);
    expect(await tools.next()).toEqual({ value: undefined, done: true });
    expect((await take(both, 1)).map((n) => n.method)).toEqual([
      "notifications/tools/list_changed",
    ]);
  });

  it("a list change invalidates the cached list, with or without a subscription", async () => {
    const client = await fixture("listChanged");
    const names = async () => (await client.listResources()).map((r) => r.name);
    expect(await names()).toEqual(["list 1"]);
    expect(await names()).toEqual(["list 1"]);
    await serverSends(client, [{ method: "notifications/resources/list_changed" }]);
    expect(await names()).toEqual(["list 2"]);
  });

  it("leaves out of the acknowledgment the list changes the server did not declare", async () => {
    const client = await fixture("subscribe");
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ["test://a"],
    });
    expect(subscription.requested).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ["test://a"],
    });
    expect(subscription.acknowledged).toEqual({ resourceSubscriptions: ["test://a"] });
  });

  it("refuses resource subscriptions when the server did not declare resources.subscribe", async () => {
    const client = await fixture("listChanged");
    const error = await rejection(client.listen({ resourceSubscriptions: ["test://a"] }));
    expect(error).toMatchObject({ kind: "input" });
    expect(error.message).toBe(
      "listen: the server did not declare resources.subscribe, so it cannot send resource updates; leave out resourceSubscriptions, or poll with readResource",
    );
    expect(await subscriptionRequests(client)).toEqual([]);
  });

  it("subscribes once per URI and unsubscribes when the last subscriber ends", async () => {
    const client = await fixture("subscribe");
    const first = await client.listen({ resourceSubscriptions: ["test://a", "test://b"] });
    const second = await client.listen({ resourceSubscriptions: ["test://a"] });
    await serverSends(client, [updated("test://a"), updated("test://b/part"), updated("test://c")]);
    expect((await take(first, 2)).map((n) => n.params?.uri)).toEqual(["test://a", "test://b/part"]);
    expect((await take(second, 1)).map((n) => n.params?.uri)).toEqual(["test://a"]);
    await first.close();
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual(["subscribe test://a", "subscribe test://b", "unsubscribe test://b"]);
    await serverSends(client, [updated("test://a")]);
    for await (const notification of second) {
      expect(notification.params?.uri).toBe("test://a");
      break;
    }
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual([
        "subscribe test://a",
        "subscribe test://b",
        "unsubscribe test://b",
        "unsubscribe test://a",
      ]);
  });

  it("keeps a URI subscribed when a new subscriber comes as the last one leaves", async () => {
    const client = await fixture("subscribe");
    const leaving = await client.listen({ resourceSubscriptions: ["test://a"] });
    void leaving.close();
    const coming = await client.listen({ resourceSubscriptions: ["test://a"] });
    // The unsubscribe reaches the server before the new subscribe, so the server ends subscribed.
    expect(await subscriptionRequests(client)).toEqual([
      "subscribe test://a",
      "unsubscribe test://a",
      "subscribe test://a",
    ]);
    await serverSends(client, [updated("test://a")]);
    expect((await take(coming, 1)).map((n) => n.params?.uri)).toEqual(["test://a"]);
  });

  it("rejects with the server's error when it refuses a subscribe, and undoes the others", async () => {
    const client = await fixture("subscribe");
    const error = await rejection(
      client.listen({ resourceSubscriptions: ["test://ok", "test://forbidden"] }),
    );
    expect(error).toMatchObject({ code: -32602 });
    expect(error.message).toContain("cannot watch test://forbidden");
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual(["subscribe test://ok", "subscribe test://forbidden", "unsubscribe test://ok"]);
  });

  it("closes an overflowing subscription: the buffered notifications, then an overflow error", async () => {
    const client = await fixture("subscribe");
    const subscription = await client.listen(
      { resourceSubscriptions: ["test://dir"] },
      {
        bufferSize: 3,
      },
    );
    const parts = [1, 2, 3, 4, 5].map((n) => updated(`test://dir/${n}`));
    await serverSends(client, parts);
    const read: unknown[] = [];
    const error = await rejection(
      (async () => {
        for await (const notification of subscription) read.push(notification.params?.uri);
      })(),
    );
    expect(read).toEqual(["test://dir/1", "test://dir/2", "test://dir/3"]);
    expect(error).toMatchObject({ kind: "transport", data: { overflow: true, bufferSize: 3 } });
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual(["subscribe test://dir", "unsubscribe test://dir"]);
  });

  it("ends with a transport error when the server dies (restart: false)", async () => {
    const client = await fixture("subscribe,listChanged", { restart: false });
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ["test://a"],
    });
    await client.callTool("die", {});
    const error = await rejection(subscription.next());
    expect(error).toMatchObject({ kind: "transport" });
    expect(error.message).toMatch(
      /^listen: the connection closed \(.+\); connect again and listen again to resume$/,
    );
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it("subscribes again on the restarted server, and the subscription goes on", async () => {
    const client = await fixture("subscribe,listChanged", {
      restart: { initialDelayMs: 5, maxDelayMs: 20 },
    });
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ["test://a"],
    });
    await client.callTool("die", {});
    await vi.waitFor(() => expect(client.status).toMatchObject({ state: "ready", restarts: 1 }), {
      timeout: 20_000,
    });
    // The new process saw initialize, then the subscribe again.
    await expect.poll(() => subscriptionRequests(client)).toEqual(["subscribe test://a"]);
    await serverSends(client, [
      { method: "notifications/resources/updated", params: { uri: "test://a" } },
    ]);
    expect(await take(subscription, 1)).toMatchObject([
      { method: "notifications/resources/updated", params: { uri: "test://a" } },
    ]);
    await subscription.close();
  });

  it("ends cleanly on the caller's signal, and on client close", async () => {
    const client = await fixture("subscribe,listChanged");
    const controller = new AbortController();
    const aborted = await client.listen(
      { resourceSubscriptions: ["test://a"] },
      { signal: controller.signal },
    );
    const closed = await client.listen({ toolsListChanged: true });
    controller.abort();
    expect(await aborted.next()).toEqual({ value: undefined, done: true });
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual(["subscribe test://a", "unsubscribe test://a"]);
    const pending = closed.next();
    await client.close();
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it("rejects when the caller aborts before the subscribe is answered", async () => {
    const client = await fixture("subscribe");
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(
      client.listen({ resourceSubscriptions: ["test://a"] }, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ kind: "cancelled" });
    // The subscribe was already sent; its answer is undone.
    await expect
      .poll(() => subscriptionRequests(client))
      .toEqual(["subscribe test://a", "unsubscribe test://a"]);
  });
});
