/**
 * `McpClient.setAuth`: a live Streamable HTTP connection switches to other credentials. The next
 * request carries them, a request in flight ends at once (the server sees it cancelled), results
 * cached as private to the old identity are not served to the new one, and a switch that cannot
 * apply fails with nothing changed.
 */
import { createServer } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connect, isMcpError, type McpClient } from "@mcp-codegen/runtime";
import { startKitchenSinkHttp } from "../../fixtures/servers/index.js";
import { listenLoopback, type RunningHttpServer } from "../../fixtures/servers/loopback.js";
import { scriptedServer } from "../../support/scripted-server.js";
import { cancelledCount, rejection } from "../client-helpers.js";

/**
 * A 2026-07-28 server whose one tool is named after the bearer token it was sent. `server/discover`
 * is answered once `handshake` resolves (at once by default), and is told to `discovered`.
 */
async function startIdentityServer(
  handshake: Promise<void> = Promise.resolve(),
  discovered: () => void = () => {},
): Promise<RunningHttpServer & { lists: string[] }> {
  const lists: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id?: number;
        method?: string;
      };
      const reply = (result: Record<string, unknown>) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
      };
      if (message.method === "server/discover") {
        discovered();
        return void handshake.then(() =>
          reply({
            resultType: "complete",
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: {} },
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "who", version: "1.0.0" } },
          }),
        );
      }
      const token = (request.headers.authorization ?? "none").replace(/^Bearer /, "");
      lists.push(token);
      // Cacheable for a minute, and only for this caller.
      reply({
        resultType: "complete",
        ttlMs: 60_000,
        cacheScope: "private",
        tools: [{ name: `for-${token}`, inputSchema: { type: "object" } }],
      });
    });
  });
  return Object.assign(await listenLoopback(server, "/mcp"), { lists });
}

const names = async (client: McpClient) => (await client.listTools()).map((tool) => tool.name);

describe("setAuth", () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  it("sends the new credentials from the next request on, and drops private cached results", async () => {
    const server = await startIdentityServer();
    open.push(server);
    const client = await connect({ url: server.url, headers: { authorization: "Bearer one" } });
    open.push(client);
    expect(await names(client)).toEqual(["for-one"]);
    expect(await names(client)).toEqual(["for-one"]);
    expect(server.lists).toEqual(["one"]); // the second list came from the cache

    client.setAuth({ headers: { authorization: "Bearer two" } });
    expect(await names(client)).toEqual(["for-two"]);
    expect(server.lists).toEqual(["one", "two"]);
  });

  it.each([
    { era: "modern", protocol: "auto" },
    { era: "legacy", protocol: "2025-11-25" },
  ])(
    "ends a call in flight at once, and the server sees it cancelled ($era era)",
    async ({ era, protocol }) => {
      // What the server received: each tool call's name and the credentials it came with.
      const calls: Array<{ tool: string | null; authorization: string | null }> = [];
      const server = await startKitchenSinkHttp({
        onRequest: (request, body) => {
          // The body, not the Mcp-Method header: the initialize era sends none. A GET or a
          // DELETE has no body.
          if (!body.startsWith("{")) return;
          const message = JSON.parse(body) as { method?: string; params?: { name?: string } };
          if (message.method !== "tools/call") return;
          const tool = message.params?.name ?? null;
          calls.push({ tool, authorization: request.headers.get("authorization") });
        },
      });
      open.push(server);
      const client = await connect(
        { url: server.url, headers: { authorization: "Bearer one" } },
        { protocol },
      );
      open.push(client);
      expect(client.era).toBe(era);
      const before = await cancelledCount(client);

      let held: () => void = () => {};
      const serverHolds = new Promise<void>((resolve) => (held = resolve));
      // The tool answers only when cancelled (or after 30 s); progress says the server holds it.
      const pending = rejection(client.callTool("waitForCancel", {}, { onProgress: () => held() }));
      await serverHolds;
      client.setAuth({ headers: { authorization: "Bearer two" } });
      const error = await pending;
      expect(error.kind).toBe("cancelled");
      expect(error.method).toBe("tools/call");
      expect(error.message).toBe(
        `tools/call "waitForCancel": cancelled because the client's credentials changed (client.setAuth) while the request was in flight; send it again to make it with the new credentials`,
      );

      // The aborted POST is the cancellation; the server learns of it asynchronously.
      await vi.waitFor(async () => expect(await cancelledCount(client)).toBeGreaterThan(before), {
        timeout: 5_000,
        interval: 25,
      });
      const echo = await client.callTool("echo", { text: "after" });
      expect(echo.structuredContent).toEqual({ text: "after" });
      expect(calls.find((call) => call.tool === "waitForCancel")?.authorization).toBe("Bearer one");
      expect(calls.filter((call) => call.tool === "echo")).toEqual([
        { tool: "echo", authorization: "Bearer two" },
      ]);
    },
  );

  it("applies to a connection still in its handshake (lazy start)", async () => {
    let answer: () => void = () => {};
    const handshake = new Promise<void>((resolve) => (answer = resolve));
    let discovered: () => void = () => {};
    const probed = new Promise<void>((resolve) => (discovered = resolve));
    const server = await startIdentityServer(handshake, discovered);
    open.push(server);
    const client = await connect(
      { url: server.url, headers: { authorization: "Bearer one" } },
      { lazy: true },
    );
    open.push(client);
    await probed;
    expect(client.status.state).toBe("discovering");
    client.setAuth({ headers: { authorization: "Bearer two" } });
    answer();
    // Made before the handshake ended, sent after it: with the credentials of the moment.
    expect(await names(client)).toEqual(["for-two"]);
    expect(server.lists).toEqual(["two"]);
  });

  it("changes nothing when the new credentials are refused", async () => {
    const server = await startIdentityServer();
    open.push(server);
    const client = await connect({ url: server.url, headers: { authorization: "Bearer one" } });
    open.push(client);
    for (const bad of [
      { headers: { "content-type": "text/plain" } },
      { headers: { "bad header": "x" } },
      { auth: {} },
    ]) {
      let thrown: unknown;
      try {
        client.setAuth(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isMcpError(thrown) && thrown.kind).toBe("input");
    }
    expect(await names(client)).toEqual(["for-one"]);
  });

  it("refuses a connection that sends no credentials", async () => {
    const client = await connect({ server: scriptedServer({}).handler });
    open.push(client);
    expect(() => client.setAuth({ headers: { authorization: "Bearer x" } })).toThrow(
      /setAuth switches the credentials of a Streamable HTTP connection/,
    );
  });
});
