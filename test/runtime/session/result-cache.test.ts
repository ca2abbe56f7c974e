/**
 * The result cache: `ttlMs` freshness (an injected clock), `cacheScope` partitions, the per-call
 * `cache` mode, coalescing of concurrent requests and what is never cached. Through the client
 * against scripted servers and the official SDK's HTTP server, and the cache class on its own.
 * Results nested past the depth bound: result-cache-depth.test.ts.
 */
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "@mcp-codegen/runtime";
import type { McpClient } from "@mcp-codegen/runtime";
import { ResultCache } from "../../../runtime/session/result-cache.js";
import type { Result } from "../../../runtime/protocol/types.js";
import { serveFetch } from "../../fixtures/servers/node-fetch-server.js";
import type { RunningHttpServer } from "../../fixtures/servers/loopback.js";
import { RpcError, scriptedServer, type MethodHandler } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

/** A clock the test moves by hand. */
function manualClock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

function toolList(names: string[], extra: Record<string, unknown> = {}) {
  return {
    resultType: "complete",
    tools: names.map((name) => ({ name, inputSchema: { type: "object" } })),
    ...extra,
  };
}

async function connectTo(methods: Record<string, MethodHandler>, clock = manualClock()) {
  const server = scriptedServer(methods);
  const client = await connect({ server: server.handler }, { cache: { now: clock.now } });
  const count = (method: string) => server.requests.filter((r) => r.method === method).length;
  return { server, client, clock, count };
}

describe("result cache: ttlMs", () => {
  it("serves a list from the cache while fresh and asks again once ttlMs has passed", async () => {
    const { client, clock, count } = await connectTo({
      "tools/list": () => toolList(["a"], { ttlMs: 1000, cacheScope: "public" }),
    });
    await client.listTools();
    await client.listTools();
    clock.advance(999);
    expect((await client.listTools()).map((t) => t.name)).toEqual(["a"]);
    expect(count("tools/list")).toBe(1);
    clock.advance(1);
    await client.listTools();
    expect(count("tools/list")).toBe(2);
  });

  it("does not cache a result whose ttlMs is absent, zero, negative or not a number", async () => {
    for (const ttl of [undefined, 0, -5, "1000"]) {
      const { client, count } = await connectTo({
        "prompts/list": () => ({ resultType: "complete", prompts: [], ttlMs: ttl }),
      });
      await client.listPrompts();
      await client.listPrompts();
      expect(count("prompts/list")).toBe(2);
    }
  });

  it("caches each page on its own clock, and drops every page when a cursor fails", async () => {
    let cursorValid = true;
    const { client, clock, count } = await connectTo({
      "resources/list": (params) => {
        if (params.cursor === undefined) {
          return { resources: [{ uri: "a:1", name: "1" }], nextCursor: "p2", ttlMs: 5000 };
        }
        if (!cursorValid) throw new RpcError(-32602, "Invalid cursor");
        return { resources: [{ uri: "a:2", name: "2" }], ttlMs: 100 };
      },
    });
    expect(await client.listResources()).toHaveLength(2);
    clock.advance(100);
    await client.listResources();
    // The first page is still fresh; the second expired and was fetched with its cursor.
    expect(count("resources/list")).toBe(3);
    clock.advance(100);
    cursorValid = false;
    await rejection(client.listResources());
    cursorValid = true;
    await client.listResources();
    // The failed cursor dropped the first page too: it was asked for again.
    expect(count("resources/list")).toBe(6);
  });

  it("caches server/discover and resources/read per URI, and hands out copies", async () => {
    const { client, count } = await connectTo({
      "server/discover": () => ({
        resultType: "complete",
        supportedVersions: ["2026-07-28"],
        capabilities: {},
        ttlMs: 60_000,
        cacheScope: "public",
      }),
      "resources/read": (params) => ({
        contents: [{ uri: params.uri, text: `text of ${String(params.uri)}` }],
        ttlMs: 60_000,
      }),
    });
    await client.discover();
    await client.discover();
    expect(count("server/discover")).toBe(2); // connect's probe, then one discover
    const first = await client.readResource("file:///a");
    first.contents[0]!.uri = "mutated";
    const again = await client.readResource("file:///a");
    expect(again.contents[0]!.uri).toBe("file:///a");
    await client.readResource("file:///b");
    expect(count("resources/read")).toBe(2);
  });

  it("keys on the caller's _meta: a request with other _meta is not served another's result", async () => {
    const { client, count } = await connectTo({
      "tools/list": () => toolList(["a"], { ttlMs: 60_000 }),
    });
    await client.listTools();
    await client.listTools({ meta: { "com.example/tenant": "x" } });
    await client.listTools({ meta: { "com.example/tenant": "x" } });
    expect(count("tools/list")).toBe(2);
  });
});

describe("result cache: modes", () => {
  it("refresh asks the server and stores the answer; bypass asks and stores nothing", async () => {
    let version = 1;
    const { client, count } = await connectTo({
      "tools/list": () => toolList([`v${version}`], { ttlMs: 60_000, cacheScope: "public" }),
    });
    expect((await client.listTools())[0]!.name).toBe("v1");
    version = 2;
    expect((await client.listTools())[0]!.name).toBe("v1");
    expect((await client.listTools({ cache: "bypass" }))[0]!.name).toBe("v2");
    expect((await client.listTools())[0]!.name).toBe("v1");
    expect((await client.listTools({ cache: "refresh" }))[0]!.name).toBe("v2");
    version = 3;
    expect((await client.listTools())[0]!.name).toBe("v2");
    expect(count("tools/list")).toBe(3);
    client.clearCache();
    expect((await client.listTools())[0]!.name).toBe("v3");
  });

  it("coalesces concurrent identical requests, including callers arriving during a refresh", async () => {
    let release: () => void = () => undefined;
    const { client, count } = await connectTo({
      "tools/list": async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return toolList(["a"], { ttlMs: 60_000 });
      },
    });
    const callers = [client.listTools(), client.listTools(), client.listTools()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await Promise.all(callers)).map((tools) => tools.length)).toEqual([1, 1, 1]);
    expect(count("tools/list")).toBe(1);

    const refresh = client.listTools({ cache: "refresh" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const joined = [client.listTools(), client.listPage("tools/list")];
    release();
    await Promise.all([refresh, ...joined]);
    expect(count("tools/list")).toBe(2);
  });

  it("a caller that joined a request its sender cancelled sends its own", async () => {
    let calls = 0;
    const { client, count } = await connectTo({
      "tools/list": async () => {
        if (++calls === 1) await new Promise((resolve) => setTimeout(resolve, 50));
        return toolList(["a"], { ttlMs: 60_000 });
      },
    });
    const controller = new AbortController();
    const first = client.listTools({ signal: controller.signal });
    const second = client.listTools();
    controller.abort();
    expect((await rejection(first)).kind).toBe("cancelled");
    expect(await second).toHaveLength(1);
    expect(count("tools/list")).toBe(2);
  });

  it("turns off with cache: false", async () => {
    const server = scriptedServer({ "tools/list": () => toolList(["a"], { ttlMs: 60_000 }) });
    const client = await connect({ server: server.handler }, { cache: false });
    await client.listTools();
    await client.listTools();
    expect(server.requests.filter((r) => r.method === "tools/list")).toHaveLength(2);
  });
});

describe("result cache: what is never cached", () => {
  it("never caches an input_required answer", async () => {
    let asked = 0;
    const { client, count } = await connectTo({
      "resources/read": () => {
        asked++;
        return {
          resultType: "input_required",
          requestState: "s1",
          ttlMs: 60_000,
          cacheScope: "public",
        };
      },
    });
    await rejection(client.readResource("file:///secret"));
    await rejection(client.readResource("file:///secret"));
    expect(count("resources/read")).toBe(asked);
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it("stores only complete results (the class on its own)", async () => {
    const cache = new ResultCache();
    let sent = 0;
    const send = (result: Result) => async () => {
      sent++;
      return result;
    };
    const pending = { resultType: "input_required", ttlMs: 1000, cacheScope: "public" };
    await cache.get("resources/read", { uri: "x" }, null, "use", send(pending));
    await cache.get("resources/read", { uri: "x" }, null, "use", send(pending));
    expect(sent).toBe(2);
    const legacy = { contents: [], ttlMs: 1000 };
    await cache.get("resources/read", { uri: "y" }, null, "use", send(legacy));
    await cache.get("resources/read", { uri: "y" }, null, "use", send(legacy));
    expect(sent).toBe(3);
    expect(cache.size).toBe(1);
  });
});

describe("result cache: scope and bounds", () => {
  it("keeps private results to their authorization context; public ones outlive a change", async () => {
    const cache = new ResultCache();
    let sent = 0;
    const get = (method: string, scope: string | undefined) =>
      cache.get(method, undefined, null, "use", async () => {
        sent++;
        return scope === undefined ? { ttlMs: 1000 } : { ttlMs: 1000, cacheScope: scope };
      });
    await get("tools/list", "public");
    await get("prompts/list", "private");
    await get("resources/list", undefined); // no scope: treated as private
    await Promise.all([get("tools/list", "public"), get("prompts/list", "private")]);
    await get("resources/list", undefined);
    expect(sent).toBe(3);
    cache.changeAuthorization();
    await get("tools/list", "public");
    await get("prompts/list", "private");
    await get("resources/list", undefined);
    expect(sent).toBe(5);
  });

  it("holds at most maxEntries results, dropping the least recently used", async () => {
    const cache = new ResultCache({ maxEntries: 2 });
    let sent = 0;
    const read = (uri: string) =>
      cache.get("resources/read", { uri }, null, "use", async () => {
        sent++;
        return { contents: [], ttlMs: 60_000 };
      });
    await read("a");
    await read("b");
    await read("a"); // a is now the most recent
    await read("c"); // evicts b
    expect(cache.size).toBe(2);
    expect(sent).toBe(3);
    await read("a");
    expect(sent).toBe(3);
    await read("b");
    expect(sent).toBe(4);
  });

  it("resources/updated for a URI drops that URI and the cached URIs it lies under", async () => {
    const cache = new ResultCache();
    const sent: string[] = [];
    const read = (uri: string) =>
      cache.get("resources/read", { uri }, null, "use", async () => {
        sent.push(uri);
        return { contents: [], ttlMs: 60_000 };
      });
    for (const uri of ["file:///dir", "file:///dir/a.txt", "file:///dir2", "file:///other"]) {
      await read(uri);
    }
    cache.invalidate("resources/read", "file:///dir/a.txt");
    for (const uri of ["file:///dir", "file:///dir/a.txt", "file:///dir2", "file:///other"]) {
      await read(uri);
    }
    expect(sent.slice(4)).toEqual(["file:///dir", "file:///dir/a.txt"]);
  });

  it("a notification during a fetch keeps its answer out of the cache", async () => {
    const cache = new ResultCache();
    let sent = 0;
    const list = () =>
      cache.get("tools/list", undefined, null, "use", async () => {
        sent++;
        cache.invalidate("tools/list");
        return { tools: [], ttlMs: 60_000 };
      });
    await list();
    await list();
    expect(sent).toBe(2);
  });
});

describe("result cache against the SDK's HTTP server", () => {
  let running: RunningHttpServer | undefined;
  let client: McpClient | undefined;
  afterEach(async () => {
    await client?.close();
    await running?.close();
  });

  it("honours the ttlMs the SDK puts on tools/list and re-asks after it", async () => {
    const handler = createMcpHandler(() => {
      const server = new McpServer(
        { name: "cache-test", version: "1.0.0" },
        { cacheHints: { "tools/list": { ttlMs: 1000, cacheScope: "public" } } },
      );
      server.registerTool("noop", { description: "Does nothing" }, () => ({ content: [] }));
      return server;
    });
    let lists = 0;
    running = await serveFetch(async (request) => {
      const body = (await request.clone().json()) as { method?: string };
      if (body.method === "tools/list") lists++;
      return handler.fetch(request);
    }, "/mcp");
    const clock = manualClock();
    client = await connect({ url: running.url }, { cache: { now: clock.now } });
    expect((await client.listTools()).map((t) => t.name)).toEqual(["noop"]);
    await client.listTools();
    expect(lists).toBe(1);
    clock.advance(1000);
    await client.listTools();
    expect(lists).toBe(2);
  });
});
