import { describe, expect, it } from "vitest";
import type * as ErrorsModule from "../../runtime/errors.js";
import { connect, isMcpError, McpError, RUNTIME_VERSION } from "../../runtime/index.js";
import {
  DISCOVER_RESULT,
  RpcError,
  scriptedServer,
  waitForAbort,
} from "../support/scripted-server.js";

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (isMcpError(error)) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("connect and the request envelope", () => {
  it("discovers the server and stamps _meta on every request", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "complete", content: [] }),
    });
    const client = await connect({ server: server.handler });
    expect(client.server.info).toEqual({ name: "scripted", version: "1.2.3" });
    expect(client.server.capabilities).toEqual(DISCOVER_RESULT.capabilities);
    expect(client.protocolVersion).toBe("2026-07-28");
    await client.callTool("x", { a: 1 });
    const [discover, call] = server.requests;
    expect(discover?.method).toBe("server/discover");
    expect(call?.params).toEqual({
      name: "x",
      arguments: { a: 1 },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { name: "mcp-codegen", version: RUNTIME_VERSION },
      },
    });
    expect(discover?.id).not.toBe(call?.id);
    await client.close();
  });

  it("merges the caller's meta, declared capabilities and a custom clientInfo", async () => {
    const server = scriptedServer({ ping2: () => ({}) });
    const client = await connect(
      { server: server.handler },
      { capabilities: { elicitation: { form: {} } }, clientInfo: { name: "app", version: "9" } },
    );
    await client.request(
      "ping2",
      { x: 1 },
      { meta: { "com.example/trace": "t1", traceparent: "00-abc" } },
    );
    expect(server.requests[1]?.params).toEqual({
      x: 1,
      _meta: {
        "com.example/trace": "t1",
        traceparent: "00-abc",
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
        "io.modelcontextprotocol/clientInfo": { name: "app", version: "9" },
      },
    });
  });

  it("leaves clientInfo out when asked to", async () => {
    const server = scriptedServer({});
    await connect({ server: server.handler }, { clientInfo: false });
    const meta = server.requests[0]?.params?._meta as Record<string, unknown>;
    expect(Object.keys(meta).sort()).toEqual([
      "io.modelcontextprotocol/clientCapabilities",
      "io.modelcontextprotocol/protocolVersion",
    ]);
  });

  it.each([
    ["io.modelcontextprotocol/protocolVersion", "reserved"],
    ["dev.mcp/anything", "reserved"],
    ["bad key", "not a valid"],
    ["-x/y", "not a valid"],
  ])("refuses the caller meta key %j", async (key, why) => {
    const server = scriptedServer({ m: () => ({}) });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.request("m", {}, { meta: { [key]: 1 } }));
    expect(error.kind).toBe("input");
    expect(error.message).toContain(why);
    expect(server.requests).toHaveLength(1);
  });

  it("accepts a reserved-looking second label only when it is not mcp", async () => {
    const server = scriptedServer({ m: () => ({}) });
    const client = await connect({ server: server.handler });
    await client.request("m", {}, { meta: { "com.example.mcp/key": 1 } });
    expect(
      (server.requests[1]?.params?._meta as Record<string, unknown>)["com.example.mcp/key"],
    ).toBe(1);
  });

  it("skips discovery when asked", async () => {
    const server = scriptedServer({});
    const client = await connect({ server: server.handler }, { discover: false });
    expect(server.requests).toHaveLength(0);
    expect(() => client.server).toThrow(/server\/discover was not called/);
    const description = await client.discover();
    expect(description.instructions).toBeUndefined();
    expect(client.server.supportedVersions).toEqual(["2026-07-28"]);
  });
});

describe("version negotiation", () => {
  it("retries with a version the server names in UnsupportedProtocolVersion", async () => {
    const server = scriptedServer({
      "server/discover": (params) => {
        const meta = params._meta as Record<string, unknown>;
        const requested = meta["io.modelcontextprotocol/protocolVersion"];
        if (requested !== "2026-07-28") {
          throw new RpcError(-32022, "Unsupported protocol version", {
            supported: ["2026-07-28"],
            requested,
          });
        }
        return DISCOVER_RESULT;
      },
    });
    const client = await connect({ server: server.handler }, { protocolVersion: "2099-01-01" });
    expect(client.protocolVersion).toBe("2026-07-28");
    expect(
      server.requests.map(
        (r) =>
          (r.params?._meta as Record<string, unknown>)["io.modelcontextprotocol/protocolVersion"],
      ),
    ).toEqual(["2099-01-01", "2026-07-28"]);
  });

  it("names the server's versions when none is in common", async () => {
    const server = scriptedServer({
      "server/discover": () => {
        throw new RpcError(-32022, "Unsupported protocol version", {
          supported: ["2030-01-01", "2031-01-01"],
          requested: "2026-07-28",
        });
      },
    });
    const error = await rejection(connect({ server: server.handler }));
    expect(error.kind).toBe("protocol");
    expect(error.codeName).toBe("UnsupportedProtocolVersion");
    expect(error.message).toContain("2030-01-01, 2031-01-01");
  });

  it("explains a server that does not implement server/discover", async () => {
    const server = scriptedServer({
      "server/discover": () => {
        throw new RpcError(-32601, "Method not found");
      },
    });
    const error = await rejection(connect({ server: server.handler }));
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32601);
    expect(error.message).toMatch(/initialize-era/);
  });

  it("rejects a discover result without supportedVersions", async () => {
    const server = scriptedServer({
      "server/discover": () => ({ resultType: "complete", capabilities: {} }),
    });
    const error = await rejection(connect({ server: server.handler }));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain("supportedVersions");
  });
});

describe("errors and results", () => {
  it.each([
    [-32700, "jsonrpc", "ParseError"],
    [-32600, "jsonrpc", "InvalidRequest"],
    [-32601, "protocol", "MethodNotFound"],
    [-32602, "protocol", "InvalidParams"],
    [-32603, "execution", "InternalError"],
    [-32020, "protocol", "HeaderMismatch"],
    [-32021, "protocol", "MissingRequiredClientCapability"],
    [-32022, "protocol", "UnsupportedProtocolVersion"],
    [-32001, "protocol", undefined],
    [42, "protocol", undefined],
  ])("maps code %i to kind %s", async (code, kind, codeName) => {
    const data = { detail: ["x"] };
    const server = scriptedServer({
      "tools/call": () => {
        throw new RpcError(code, "the server's words", data);
      },
    });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.callTool("get_weather", {}));
    expect(error).toBeInstanceOf(McpError);
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(code);
    expect(error.codeName).toBe(codeName);
    expect(error.data).toEqual(data);
    expect(error.serverMessage).toBe("the server's words");
    expect(error.method).toBe("tools/call");
    expect(error.target).toBe("get_weather");
    expect(error.message).toContain('tools/call "get_weather"');
  });

  it("returns a tool result with isError: true instead of throwing", async () => {
    const server = scriptedServer({
      "tools/call": () => ({
        resultType: "complete",
        isError: true,
        content: [{ type: "text", text: "no" }],
      }),
    });
    const client = await connect({ server: server.handler });
    const result = await client.callTool("t");
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "no" }]);
  });

  it("treats an absent resultType as complete and an unknown one as a protocol error", async () => {
    const answer: { resultType?: string } = {};
    const server = scriptedServer({
      "tools/call": () => ({ ...answer, content: [] }),
    });
    const client = await connect({ server: server.handler });
    expect((await client.callTool("t")).content).toEqual([]);
    answer.resultType = "task";
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toContain('"task"');
  });

  it("surfaces input_required on tools/call and rejects it elsewhere", async () => {
    const inputRequired = { resultType: "input_required", requestState: "opaque" };
    const server = scriptedServer({
      "tools/call": () => inputRequired,
      "tools/list": () => inputRequired,
    });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.callTool("t"));
    expect(error.kind).toBe("input");
    expect(error.data).toEqual(inputRequired);
    expect(await client.request("tools/call", { name: "t" })).toEqual(inputRequired);
    const listError = await rejection(client.listTools());
    expect(listError.kind).toBe("protocol");
  });

  it("rejects results of the wrong shape", async () => {
    const server = scriptedServer({
      "tools/call": () => ({ resultType: "complete", content: "nope" }),
      "prompts/get": () => ({ resultType: "complete" }),
      "resources/read": () => ({ resultType: "complete", contents: {} }),
      "completion/complete": () => ({ resultType: "complete", completion: {} }),
    });
    const client = await connect({ server: server.handler });
    for (const promise of [
      client.callTool("t"),
      client.getPrompt("p"),
      client.readResource("file:///x"),
      client.complete({
        ref: { type: "ref/prompt", name: "p" },
        argument: { name: "a", value: "" },
      }),
    ]) {
      const error = await rejection(promise);
      expect(error.kind).toBe("protocol");
      expect(error.message).toContain("invalid result");
    }
  });

  it("isMcpError recognises errors from another copy of the runtime", async () => {
    const url = new URL("../../runtime/errors.ts", import.meta.url).href;
    const copy = (await import(`${url}?copy=1`)) as typeof ErrorsModule;
    expect(copy.McpError).not.toBe(McpError);
    const foreign = new copy.McpError({ kind: "timeout", message: "m" });
    expect(foreign instanceof McpError).toBe(false);
    expect(isMcpError(foreign)).toBe(true);
    expect(isMcpError(new Error("x"))).toBe(false);
    expect(isMcpError({ kind: "timeout" })).toBe(false);
  });

  it("fails every request after close", async () => {
    const server = scriptedServer({});
    const client = await connect({ server: server.handler });
    await client.close();
    const error = await rejection(client.listTools());
    expect(error.kind).toBe("transport");
  });
});

describe("timeouts, cancellation and progress", () => {
  it("times out, and the server sees the abort", async () => {
    let serverSaw: unknown;
    const server = scriptedServer({
      "tools/call": async (_params, context) => {
        serverSaw = await waitForAbort(context.signal);
        return { resultType: "complete", content: [] };
      },
    });
    const client = await connect({ server: server.handler });
    const error = await rejection(client.callTool("slow", {}, { timeout: 20 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("no response within 20 ms");
    expect(isMcpError(serverSaw) && serverSaw.kind).toBe("timeout");
  });

  it("cancels through the caller's signal, also when already aborted", async () => {
    const server = scriptedServer({
      "tools/call": async (_params, context) => {
        await waitForAbort(context.signal);
        return { resultType: "complete", content: [] };
      },
    });
    const client = await connect({ server: server.handler });
    const controller = new AbortController();
    const pending = rejection(client.callTool("slow", {}, { signal: controller.signal }));
    controller.abort(new Error("user pressed stop"));
    const error = await pending;
    expect(error.kind).toBe("cancelled");
    expect(error.message).toContain("user pressed stop");
    const again = await rejection(client.callTool("slow", {}, { signal: controller.signal }));
    expect(again.kind).toBe("cancelled");
    expect(server.requests.filter((r) => r.method === "tools/call")).toHaveLength(1);
  });

  it("routes progress by token and can extend the timeout on progress", async () => {
    const server = scriptedServer({
      "tools/call": async (params, context) => {
        const token = (params._meta as Record<string, unknown>).progressToken;
        for (let step = 1; step <= 8; step++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          context.notify({
            jsonrpc: "2.0",
            method: "notifications/progress",
            params: {
              progressToken: token as number,
              progress: step,
              total: 8,
              message: `step ${step}`,
            },
          });
          // A progress notification for another token must not reach this caller.
          context.notify({
            jsonrpc: "2.0",
            method: "notifications/progress",
            params: { progressToken: -1, progress: 99 },
          });
        }
        return { resultType: "complete", content: [] };
      },
    });
    const client = await connect({ server: server.handler });
    const seen: number[] = [];
    await client.callTool(
      "slow",
      {},
      {
        timeout: 120,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: 60_000,
        onProgress: (p) => seen.push(p.progress),
      },
    );
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const timedOut = await rejection(
      client.callTool("slow", {}, { timeout: 120, onProgress: () => undefined }),
    );
    expect(timedOut.kind).toBe("timeout");
  });

  it("asks for logs and routes them to the request's onLog", async () => {
    const server = scriptedServer({
      "tools/call": (params, context) => {
        const level = (params._meta as Record<string, unknown>)["io.modelcontextprotocol/logLevel"];
        context.notify({
          jsonrpc: "2.0",
          method: "notifications/message",
          params: { level, data: "hello" },
        });
        return { resultType: "complete", content: [] };
      },
    });
    const fallback: unknown[] = [];
    const client = await connect({ server: server.handler }, { onLog: (m) => fallback.push(m) });
    const logs: unknown[] = [];
    await client.callTool("t", {}, { logLevel: "info", onLog: (m) => logs.push(m) });
    expect(logs).toEqual([{ level: "info", data: "hello" }]);
    await client.callTool("t", {}, { logLevel: "debug" });
    expect(fallback).toEqual([{ level: "debug", data: "hello" }]);
  });

  it("answers 1,000 concurrent calls each to its own caller", async () => {
    const server = scriptedServer({
      "tools/call": async (params) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        return { resultType: "complete", content: [], structuredContent: params.arguments };
      },
    });
    const client = await connect({ server: server.handler });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => client.callTool<{ i: number }>("echo", { i })),
    );
    expect(results.map((r) => r.structuredContent?.i)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i),
    );
  });
});

describe("pagination", () => {
  function pagedServer(pages: Record<string, { items: string[]; next?: unknown }>) {
    return scriptedServer({
      "tools/list": (params) => {
        const page = pages[String(params.cursor ?? "<first>")];
        if (page === undefined) throw new RpcError(-32602, "Invalid cursor");
        const tools = page.items.map((name) => ({ name, inputSchema: { type: "object" } }));
        return page.next === undefined
          ? { resultType: "complete", tools }
          : { resultType: "complete", tools, nextCursor: page.next };
      },
    });
  }

  it("follows every cursor, treating the empty string as a cursor", async () => {
    const server = pagedServer({
      "<first>": { items: ["a", "b"], next: "" },
      "": { items: ["c"], next: "p3" },
      p3: { items: ["d"] },
    });
    const client = await connect({ server: server.handler });
    expect((await client.listTools()).map((t) => t.name)).toEqual(["a", "b", "c", "d"]);
    const cursors = server.requests
      .filter((r) => r.method === "tools/list")
      .map((r) => r.params?.cursor);
    expect(cursors).toEqual([undefined, "", "p3"]);
    const first = await client.listPage("tools/list");
    expect(first.nextCursor).toBe("");
    const second = await client.listPage("tools/list", { cursor: "" });
    expect(second.items.map((t) => t.name)).toEqual(["c"]);
  });

  it("fails on a repeated cursor, past the page cap, on a non-string cursor and an invalid cursor", async () => {
    const loop = await connect({
      server: pagedServer({
        "<first>": { items: ["a"], next: "x" },
        x: { items: ["b"], next: "x" },
      }).handler,
    });
    expect((await rejection(loop.listTools())).message).toContain("repeated a cursor");
    const long = await connect({
      server: pagedServer({
        "<first>": { items: ["a"], next: "1" },
        "1": { items: ["b"], next: "2" },
        "2": { items: ["c"] },
      }).handler,
    });
    expect((await rejection(long.listTools({ maxPages: 2 }))).message).toContain(
      "more than 2 pages",
    );
    expect((await rejection(long.listTools({ maxItems: 2 }))).message).toContain(
      "more than 2 items",
    );
    const numeric = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: 7 } }).handler,
    });
    expect((await rejection(numeric.listTools())).message).toContain("nextCursor is not a string");
    const huge = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: "x".repeat(20_000) } }).handler,
    });
    expect((await rejection(huge.listTools())).message).toContain("longer than");
    const invalid = await connect({
      server: pagedServer({ "<first>": { items: ["a"], next: "gone" } }).handler,
    });
    const error = await rejection(invalid.listTools());
    expect(error.code).toBe(-32602);
  });
});
