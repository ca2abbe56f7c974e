/**
 * Every wait on a task has an end, whatever the server says (2026-07-28 tasks extension, against
 * a server written from the spec, served over loopback HTTP or in process): polls never come
 * faster than the floor however small the caller's or the server's interval, a wait without a
 * `timeout` ends at the default deadline with the task id to resume from, and a server that keeps
 * asking for input gets at most `maxRounds` rounds of answers, as an ordinary request does.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_MAX_ROUNDS,
  DEFAULT_TASK_TIMEOUT_MS,
  MIN_TASK_POLL_INTERVAL_MS,
  connect,
  type JsonRpcRequest,
} from "@mcp-codegen/runtime";
import { scriptedServer } from "../../support/scripted-server.js";
import { rejection } from "../client-helpers.js";

const TASK = {
  taskId: "t-1",
  createdAt: "2026-07-28T10:30:00Z",
  lastUpdatedAt: "2026-07-28T10:30:00Z",
  ttlMs: null,
};

function gets(requests: JsonRpcRequest[]): number {
  return requests.filter((r) => r.method === "tasks/get").length;
}

/** A task that works forever and asks to be polled every `pollIntervalMs`. */
function foreverServer(pollIntervalMs: number) {
  const working = { ...TASK, status: "working", pollIntervalMs };
  return scriptedServer({
    "tools/call": () => ({ resultType: "task", ...working }),
    "tasks/get": () => ({ resultType: "complete", ...working }),
    "tasks/cancel": () => ({ resultType: "complete" }),
  });
}

/** A task that asks for a new sampling completion on every poll, under a fresh key. */
function greedyServer() {
  let asked = 0;
  return scriptedServer({
    "tools/call": () => ({ resultType: "task", ...TASK, status: "working", pollIntervalMs: 0 }),
    "tasks/get": () => {
      asked++;
      return {
        resultType: "complete",
        ...TASK,
        status: "input_required",
        pollIntervalMs: 0,
        inputRequests: {
          [`sample-${asked}`]: {
            method: "sampling/createMessage",
            params: {
              messages: [{ role: "user", content: { type: "text", text: `again ${asked}` } }],
              maxTokens: 10,
            },
          },
        },
      };
    },
    "tasks/update": () => ({ resultType: "complete" }),
    "tasks/cancel": () => ({ resultType: "complete" }),
  });
}

const sampling = (calls: { count: number }) => () => {
  calls.count++;
  return {
    role: "assistant" as const,
    content: { type: "text" as const, text: "ok" },
    model: "test",
  };
};

afterEach(() => {
  vi.useRealTimers();
});

describe("2026 tasks: the poll interval has a floor", () => {
  // given: the caller's and the server's interval; want: no more polls than the floor allows.
  it.each([
    [0, 0],
    [0, 1],
    [1, 0],
    [-5, 0],
    [Number.NaN, 0],
  ])("caller %s ms, server %s ms: at most one poll per floor", async (caller, server) => {
    const fixture = foreverServer(server);
    const client = await connect({ server: fixture.handler });
    const error = await rejection(
      client.callTool("x", {}, { task: "await", pollIntervalMs: caller, taskTimeout: 600 }),
    );
    expect(error.kind).toBe("timeout");
    expect(gets(fixture.requests)).toBeLessThanOrEqual(600 / MIN_TASK_POLL_INTERVAL_MS + 1);
    await client.close();
  });
});

describe("2026 tasks: a wait without a timeout ends", () => {
  it("fails with kind timeout at the default deadline, naming the task to resume", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fixture = foreverServer(60_000);
    const client = await connect({ server: fixture.handler });
    const waiting = rejection(client.awaitTask("t-1", { cancelOnStop: false }));
    await vi.advanceTimersByTimeAsync(DEFAULT_TASK_TIMEOUT_MS + 60_000);
    const error = await waiting;
    expect(error.kind).toBe("timeout");
    expect(error.data).toEqual({ taskId: "t-1" });
    expect(error.message).toContain('client.awaitTask("t-1")');
    expect(fixture.requests.some((r) => r.method === "tasks/cancel")).toBe(false);
    await client.close();
  });

  it("waits without end with timeout: Infinity", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fixture = foreverServer(60_000);
    const client = await connect({ server: fixture.handler });
    const stop = new AbortController();
    const waiting = rejection(client.awaitTask("t-1", { timeout: Infinity, signal: stop.signal }));
    await vi.advanceTimersByTimeAsync(DEFAULT_TASK_TIMEOUT_MS * 3);
    stop.abort();
    expect((await waiting).kind).toBe("cancelled");
    await client.close();
  });
});

describe("2026 tasks: input rounds are capped like a request's", () => {
  it("answers at most maxRounds rounds, then fails with kind input_required", async () => {
    const fixture = greedyServer();
    const calls = { count: 0 };
    const client = await connect(
      { server: fixture.handler },
      { handlers: { sampling: sampling(calls) } },
    );
    const error = await rejection(client.callTool("x", {}, { task: "await", taskTimeout: 3_000 }));
    expect(error.kind).toBe("input_required");
    expect(error.message).toContain("maxRounds");
    expect(error.data).toMatchObject({ status: "input_required" });
    expect(calls.count).toBe(DEFAULT_MAX_ROUNDS);
    const updates = fixture.requests.filter((r) => r.method === "tasks/update");
    expect(updates).toHaveLength(DEFAULT_MAX_ROUNDS);
    await client.close();
  });

  it("takes maxRounds from the call, and from awaitTask's options", async () => {
    const fixture = greedyServer();
    const calls = { count: 0 };
    const client = await connect(
      { server: fixture.handler },
      { handlers: { sampling: sampling(calls) } },
    );
    const viaCall = await rejection(
      client.callTool("x", {}, { task: "await", maxRounds: 3, taskTimeout: 3_000 }),
    );
    expect(viaCall.kind).toBe("input_required");
    expect(calls.count).toBe(3);
    calls.count = 0;
    const viaAwait = await rejection(client.awaitTask("t-1", { maxRounds: 2, timeout: 3_000 }));
    expect(viaAwait.kind).toBe("input_required");
    expect(calls.count).toBe(2);
    await client.close();
  });
});
