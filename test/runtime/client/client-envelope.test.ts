import { describe, expect, it } from "vitest";
import { connect, RUNTIME_VERSION } from "@mcp-codegen/runtime";
import { DISCOVER_RESULT, RpcError, scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

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
      {
        capabilities: { elicitation: { form: {} } },
        handlers: { elicitation: "manual" },
        clientInfo: { name: "app", version: "9" },
      },
    );
    await client.request(
      "ping2",
      { x: 1 },
      { meta: { "com.example/trace": "t1", traceparent: TRACEPARENT } },
    );
    expect(server.requests[1]?.params).toEqual({
      x: 1,
      _meta: {
        "com.example/trace": "t1",
        traceparent: TRACEPARENT,
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

  it.each(["auto", "2026-07-28"])(
    "names the capabilities a server requires (-32021), with protocol %s, and does not fall back",
    async (protocol) => {
      const server = scriptedServer({
        "server/discover": () => {
          throw new RpcError(-32021, "Server requires elicitation", {
            requiredCapabilities: { elicitation: {}, roots: {} },
          });
        },
      });
      const error = await rejection(connect({ server: server.handler }, { protocol }));
      expect(error.code).toBe(-32021);
      expect(error.message).toContain(
        "requires client capabilities this client did not declare: elicitation, roots; pass the matching handlers",
      );
      expect(server.requests.map((request) => request.method)).toEqual(["server/discover"]);
    },
  );

  it("explains a server that does not implement server/discover", async () => {
    const server = scriptedServer({
      "server/discover": () => {
        throw new RpcError(-32601, "Method not found");
      },
    });
    const error = await rejection(connect({ server: server.handler }));
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32601);
    expect(error.message).toMatch(
      /neither as an MCP 2026-07-28 server \(server\/discover: Method not found\) nor as an initialize-era server/,
    );
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
