import { describe, expect, it } from "vitest";
import { connect, isMcpError } from "@mcp-codegen/runtime";
import { scriptedServer, waitForAbort } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

// Progress every 25 ms for 24 steps (600 ms) against a 400 ms timeout: the call outlives its
// timeout only if progress resets it, with room for a slow, loaded machine between steps.
const STEPS = 24;
const PROGRESS_TIMEOUT = 400;

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
        for (let step = 1; step <= STEPS; step++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          context.notify({
            jsonrpc: "2.0",
            method: "notifications/progress",
            params: {
              progressToken: token as number,
              progress: step,
              total: STEPS,
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
        timeout: PROGRESS_TIMEOUT,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: 60_000,
        onProgress: (p) => seen.push(p.progress),
      },
    );
    expect(seen).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    const timedOut = await rejection(
      client.callTool("slow", {}, { timeout: PROGRESS_TIMEOUT, onProgress: () => undefined }),
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
