/**
 * A generated factory started lazily: `createTripPlannerClient(target, { lazy: true })` (the
 * example generated from the demo server) returns while the server still holds the handshake,
 * a call made then waits for it, and the connection ends `ready`. The official SDK serves the
 * demo over Streamable HTTP behind a gate the test opens, so "before the server answered" is
 * a fact of the test, not a race.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach, expect, it, vi } from "vitest";
import type { ConnectionState } from "@mcp-codegen/runtime";
import { createDemoServer } from "../../../examples/demo-server/server.js";
import {
  createTripPlannerClient,
  type TripPlannerClient,
} from "../../../examples/trip-planner/index.js";
import { serveWeb, type WebServer } from "../sdk-web-server.js";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The demo server, answering nothing until `open()` is called. */
async function gatedDemoServer(): Promise<WebServer & { open(): void; methods(): string[] }> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler = createMcpHandler(() => createDemoServer());
  const web = await serveWeb(async (request) => {
    await gate;
    return handler.fetch(request);
  });
  // What arrived, answered or not: the JSON-RPC method of each POST.
  const methods = () =>
    web.received
      .filter((entry) => entry.body.startsWith("{"))
      .map((entry) => (JSON.parse(entry.body) as { method?: string }).method ?? "(response)");
  return Object.assign(web, { open, methods });
}

it("a generated client made with lazy: true returns before the handshake and queues calls until it", async () => {
  const server = await gatedDemoServer();
  open.push(server);
  const states: ConnectionState[] = [];
  const client: TripPlannerClient = await createTripPlannerClient(
    { url: server.url },
    { lazy: true, onStatus: (status) => states.push(status.state) },
  );
  open.push(client);
  expect(client.raw.status.state).not.toBe("ready");

  const weather = client.tools.getWeather({ city: "Oslo" });
  // The server holds the handshake: the call has not gone out, and the client is not ready.
  await vi.waitFor(() => expect(server.methods()).toContain("server/discover"));
  expect(server.methods()).not.toContain("tools/call");
  expect(client.raw.status.state).toBe("discovering");

  server.open();
  const result = await weather;
  expect(result.isError).not.toBe(true);
  expect(JSON.stringify(result.content)).toContain("Oslo");
  expect(server.methods()).toContain("tools/call");
  expect(client.raw.status.state).toBe("ready");
  expect(states.indexOf("ready")).toBe(states.length - 1);
  expect(states.slice(0, -1)).toEqual(["connecting", "discovering"]);
});
