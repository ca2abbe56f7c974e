/**
 * Capability detection overlaps the main listing: the first listing with fewer capabilities
 * declared is sent while the main `tools/list` is still unanswered — pipelined on the pull's own
 * connection for a 2026-07-28 server, in a session of its own for an initialize-era one (and no
 * more sessions than a sequential pull opens). Proof: a server (the official SDK's low-level
 * Server over Streamable HTTP on a loopback port) that holds its answer to the first
 * `tools/list` until a second one has arrived. A pull that lists one after the other waits on
 * it until its timeout; an overlapping pull goes through.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { pullContract } from "../../../cli/pull/pull-contract.js";
import type { Reporter } from "../../../cli/terminal/index.js";
import { serveFetch } from "../../fixtures/servers/node-fetch-server.js";
import type { RunningHttpServer } from "../../fixtures/servers/loopback.js";

const TOOLS = ["alpha", "beta"].map((name) => ({ name, inputSchema: { type: "object" as const } }));

interface HeldServer extends RunningHttpServer {
  /** The methods of every request received, in order. */
  methods: string[];
}

/** The server; its first `tools/list` is answered only once a second one has arrived. */
async function heldServer(): Promise<HeldServer> {
  let secondArrived = () => {};
  const second = new Promise<void>((resolve) => (secondArrived = resolve));
  let lists = 0;
  const handler = createMcpHandler(
    () => {
      const server = new Server(
        { name: "held", version: "1.0.0" },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler("tools/list", async () => {
        lists += 1;
        if (lists === 1) await second;
        else secondArrived();
        return { tools: TOOLS };
      });
      return server;
    },
    { onerror: () => undefined },
  );
  const methods: string[] = [];
  const running = await serveFetch(async (request) => {
    const body = (await request
      .clone()
      .json()
      .catch(() => undefined)) as { method?: unknown } | undefined;
    if (typeof body?.method === "string") methods.push(body.method);
    return handler.fetch(request);
  }, "/mcp");
  return {
    ...running,
    methods,
    close: async () => {
      secondArrived();
      await handler.close();
      await running.close();
    },
  };
}

const warnings: string[] = [];
const reporter: Reporter = {
  progress: () => undefined,
  info: () => undefined,
  warn: (line) => void warnings.push(line),
  error: (line) => void warnings.push(line),
};

let server: HeldServer | undefined;
afterEach(async () => {
  await server?.close();
  warnings.length = 0;
});

describe("capability detection", () => {
  it.each([
    ["a 2026-07-28 server, on the pull's connection", "2026-07-28", 1],
    ["an initialize-era server, in a session of its own", "2025-11-25", 2],
  ])(
    "sends its first listing while the main one is unanswered: %s",
    async (_, protocol, sessions) => {
      server = await heldServer();
      const contract = await pullContract(
        { url: server.url },
        { reporter, label: "held", protocol, timeout: 3000 },
      );
      expect(contract.tools.map((tool) => tool.name)).toEqual(["alpha", "beta"]);
      // Both tools are listed with fewer capabilities too: nothing is gated, nothing recorded.
      expect(contract.toolCapabilities).toBeUndefined();
      expect(warnings).toEqual([]);
      expect(server.methods.filter((method) => method === "tools/list")).toHaveLength(2);
      const opened = server.methods.filter((m) => m === "initialize" || m === "server/discover");
      expect(opened).toHaveLength(sessions);
    },
  );
});
