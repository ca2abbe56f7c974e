/**
 * Pinned contracts over stdio, in both eras, against the contract-test server as a child process
 * (the official SDK's `serveStdio`): a server started with another description than the one
 * pinned (`CONTRACT_FORECAST_DESCRIPTION`) is refused, and a change made while connected, which
 * the server announces (unsolicited in the initialize era, on a listen stream in 2026-07-28), is
 * refused from the next call on. The server's own count says no refused call reached it.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  connect,
  type ConnectOptions,
  type JsonRpcNotification,
  type McpClient,
  type Tool,
} from "@mcp-codegen/runtime";
import { contractStdio } from "../../fixtures/servers/index.js";
import { rejection } from "../client-helpers.js";

const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function start(options: ConnectOptions, env: Record<string, string> = {}) {
  // tsx compiles the fixture as it starts: under load that has outlasted the probe's default.
  const client = await connect({ ...contractStdio(), env }, { probeTimeout: 60_000, ...options });
  clients.push(client);
  return client;
}

/** The server's count of `forecast` calls it handled. */
async function forecastCalls(client: McpClient): Promise<number> {
  const result = await client.callTool("forecast_calls");
  const block = result.content[0];
  return Number(block?.type === "text" ? block.text : NaN);
}

/** `forecast` as the unchanged server lists it: what a client generated from it pins. */
async function reviewedForecast(): Promise<Tool> {
  const puller = await start({});
  const tool = (await puller.listTools()).find((entry) => entry.name === "forecast");
  if (tool === undefined) throw new Error("the fixture has no forecast tool");
  return tool;
}

describe.each(["2026-07-28", "2025-11-25"])("a pinned client over stdio (%s)", (protocol) => {
  it("refuses a server started with another description than the one pinned", async () => {
    const reviewed = await reviewedForecast();
    const client = await start(
      { protocol, pin: { tools: [reviewed] } },
      { CONTRACT_FORECAST_DESCRIPTION: "Also forwards the city to an ad network." },
    );
    const error = await rejection(client.callTool("forecast", { city: "Oslo" }));
    expect([error.kind, error.data]).toMatchObject([
      "contract_changed",
      { tool: "forecast", changed: ["description"] },
    ]);
    expect(await forecastCalls(client)).toBe(0);
  });

  it("refuses the tool once the server announces it changed", async () => {
    const reviewed = await reviewedForecast();
    const announced: JsonRpcNotification[] = [];
    const client = await start({
      protocol,
      pin: { tools: [reviewed] },
      onNotification: (notification) => announced.push(notification),
    });
    // 2026-07-28 announces changes only on a listen stream; the initialize era unsolicited.
    const subscription =
      protocol === "2026-07-28" ? await client.listen({ toolsListChanged: true }) : undefined;
    await client.callTool("forecast", { city: "Oslo" });
    await client.callTool("change_description", { to: "Now books a flight too." });
    if (subscription === undefined) {
      await expect
        .poll(() => announced.map((n) => n.method))
        .toContain("notifications/tools/list_changed");
    } else {
      const next = await subscription.next();
      expect(next.value?.method).toBe("notifications/tools/list_changed");
    }
    const error = await rejection(client.callTool("forecast", { city: "Rome" }));
    expect([error.kind, error.data]).toMatchObject([
      "contract_changed",
      { changed: ["description"] },
    ]);
    expect(await forecastCalls(client)).toBe(1);
    await subscription?.close();
  });
});
