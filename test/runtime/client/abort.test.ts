/**
 * The runtime's lean abort path, end to end. For speed, transports watch the session's exchanges
 * through their abort listener slot (`aborted` / `setAbortListener`) instead of `signal`; the
 * transport tests drive transports with plain signals, so this checks through `connect()` that a timeout, a caller's
 * cancellation, an already aborted signal and `close()` still reach a real server over stdio and
 * HTTP (with the transport's own connection pool, and with an injected one).
 */
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "@mcp-codegen/runtime";
import type { McpClient } from "@mcp-codegen/runtime";
import { kitchenSinkStdio, startKitchenSinkHttp } from "../../fixtures/servers/index.js";
import type { RunningHttpServer } from "../../fixtures/servers/index.js";
import { cancelledCount, rejection } from "../client-helpers.js";

/** Polls until the server has seen `count` cancellations; the notice travels asynchronously. */
async function serverSawCancellations(client: McpClient, count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await cancelledCount(client)) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server never saw ${count} cancellations`);
}

let http: RunningHttpServer | undefined;
const agents: Agent[] = [];

async function httpUrl(): Promise<string> {
  http ??= await startKitchenSinkHttp();
  return http.url;
}

const targets = [
  { name: "stdio", open: () => connect(kitchenSinkStdio()) },
  {
    name: "http",
    open: async () => connect({ url: await httpUrl() }),
  },
  {
    name: "http with an injected dispatcher",
    open: async () => {
      const dispatcher = new Agent();
      agents.push(dispatcher);
      return connect({ url: await httpUrl(), dispatcher });
    },
  },
];

afterAll(async () => {
  for (const agent of agents) await agent.close();
  await http?.close();
});

describe.each(targets)("aborting requests through connect() over $name", ({ open }) => {
  let client: McpClient;
  let before = 0;

  beforeAll(async () => {
    client = await open();
    before = await cancelledCount(client);
  });
  afterAll(async () => {
    await client.close();
  });

  it("times out and tells the server", async () => {
    const error = await rejection(client.callTool("waitForCancel", {}, { timeout: 300 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("no response within 300 ms");
    await serverSawCancellations(client, before + 1);
  });

  it("cancels through the caller's signal once the server holds the request", async () => {
    const controller = new AbortController();
    const pending = rejection(
      client.callTool(
        "waitForCancel",
        {},
        { signal: controller.signal, onProgress: () => controller.abort(new Error("stop")) },
      ),
    );
    const error = await pending;
    expect(error.kind).toBe("cancelled");
    expect(error.message).toContain("stop");
    await serverSawCancellations(client, before + 2);
  });

  it("rejects an already aborted signal, and the connection stays usable", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(
      client.callTool("waitForCancel", {}, { signal: controller.signal }),
    );
    expect(error.kind).toBe("cancelled");
    const echo = await client.callTool("echo", { text: "still here" });
    expect(echo.structuredContent).toEqual({ text: "still here" });
  });

  // Last: it closes the client.
  it("rejects a request in flight when the client closes", async () => {
    let held: () => void = () => {};
    const serverHolds = new Promise<void>((resolve) => (held = resolve));
    const pending = rejection(client.callTool("waitForCancel", {}, { onProgress: () => held() }));
    await serverHolds;
    await client.close();
    const error = await pending;
    expect(error.kind).toBe("transport");
  });
});
