// The official reference server `@modelcontextprotocol/server-everything` over HTTP, both ways
// it offers: Streamable HTTP with sessions (`streamableHttp`) and the deprecated HTTP+SSE
// transport (`sse`). `connect` in auto mode finds the era and the transport by itself; the same
// calls and handlers then work as over stdio, and a server that forgets the session (it was
// restarted) is re-initialized without the caller noticing.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { McpClient } from "../../runtime/client/client.js";
import { connect, type ConnectOptions } from "../../runtime/client/connect.js";
import type { InputHandlers } from "../../runtime/input/input-handlers.js";
import "../../runtime/node/index.js";
import {
  freePort,
  startEverythingHttp as start,
  stopEverythingHttp,
  stopServer as stop,
} from "../support/everything-http.js";

const clients: McpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(stopEverythingHttp);

const handlers: InputHandlers = {
  elicitation: () => ({
    action: "accept",
    content: { name: "Ada", check: true, email: "ada@example.com" },
  }),
  roots: () => ({ roots: [{ uri: "file:///srv/project", name: "project" }] }),
};

async function open(url: string, options: ConnectOptions = {}): Promise<McpClient> {
  const client = await connect({ url }, { handlers, ...options });
  clients.push(client);
  return client;
}

const text = (result: { content: unknown[] }) =>
  result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");

describe("server-everything over Streamable HTTP", () => {
  it("is found to be initialize-era and answers calls, server requests and progress", async () => {
    const port = await freePort();
    await start("streamableHttp", port);
    const client = await open(`http://127.0.0.1:${port}/mcp`);
    expect(client.era).toBe("legacy");
    expect(client.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    const tools = (await client.listTools()).map((tool) => tool.name);
    expect(tools).toContain("echo");
    expect(text(await client.callTool("echo", { message: "over http" }))).toBe("Echo: over http");
    // The server asks the client for roots and for input: the handlers answer over HTTP.
    expect(text(await client.callTool("get-roots-list", {}))).toContain("file:///srv/project");
    expect(text(await client.callTool("trigger-elicitation-request", {}))).toContain("Ada");
    const progress: number[] = [];
    const long = await client.callTool(
      "trigger-long-running-operation",
      { duration: 1, steps: 2 },
      { onProgress: ({ progress: value }) => progress.push(value) },
    );
    expect(text(long)).toContain("Long running operation completed");
    expect(progress).toEqual([1, 2]);
  });

  it("starts a new session when a restarted server no longer knows the old one", async () => {
    const port = await freePort();
    const first = await start("streamableHttp", port);
    const client = await open(`http://127.0.0.1:${port}/mcp`);
    expect(text(await client.callTool("echo", { message: "before" }))).toBe("Echo: before");
    await stop(first);
    await start("streamableHttp", port);
    expect(text(await client.callTool("echo", { message: "after" }))).toBe("Echo: after");
  });
});

describe("server-everything over the deprecated HTTP+SSE transport", () => {
  it("falls back to HTTP+SSE, says so in the verdict, and takes it straight from a prior", async () => {
    const port = await freePort();
    await start("sse", port);
    const url = `http://127.0.0.1:${port}/sse`;
    const client = await open(url);
    expect(client.verdict).toEqual({
      era: "legacy",
      protocolVersion: "2025-11-25",
      httpTransport: "sse",
    });
    expect(text(await client.callTool("echo", { message: "old transport" }))).toBe(
      "Echo: old transport",
    );
    expect(text(await client.callTool("get-roots-list", {}))).toContain("file:///srv/project");
    const again = await open(url, { prior: client.verdict });
    expect(again.verdict?.httpTransport).toBe("sse");
    expect(text(await again.callTool("echo", { message: "again" }))).toBe("Echo: again");
  });
});
