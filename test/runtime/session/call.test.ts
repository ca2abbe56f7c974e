/**
 * `Call` on its own, with no session behind it: it is given a timeout and one router as plain
 * values, and the session drives progress through `progressed()`. These pin that contract.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Call, type NotificationRouter } from "../../../runtime/session/call.js";
import type { JsonRpcNotification } from "../../../runtime/protocol/jsonrpc.js";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import type { LogMessage } from "../../../runtime/protocol/types.js";

const noRoute: NotificationRouter = () => {};

describe("Call", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("hands notifications to the router with its own log sink", () => {
    const seen: Array<[string, unknown]> = [];
    const route: NotificationRouter = (notification, onLog) =>
      seen.push([notification.method, onLog]);
    const onLog = (_message: LogMessage): void => {};
    const call = new Call({ onLog }, {}, 0, route);
    const notification: JsonRpcNotification = { jsonrpc: "2.0", method: "notifications/message" };
    call.onNotification(notification);
    new Call(undefined, {}, 0, route).onNotification(notification);
    expect(seen).toEqual([
      ["notifications/message", onLog],
      ["notifications/message", undefined],
    ]);
  });

  it("stops its deadline while paused and starts a full one on resume", () => {
    const call = new Call(undefined, { method: "tools/list" }, 100, noRoute);
    vi.advanceTimersByTime(60);
    const resume = call.pauseTimeout();
    vi.advanceTimersByTime(10_000);
    expect(call.aborted).toBe(false);
    resume();
    resume(); // a second resume starts no second timer
    vi.advanceTimersByTime(99);
    expect(call.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.aborted).toBe(true);
    call.finish();
  });

  it("times out after the default timeout when the options give none", () => {
    const call = new Call(undefined, { method: "tools/list" }, 100, noRoute);
    vi.advanceTimersByTime(99);
    expect(call.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.aborted).toBe(true);
    const reason: unknown = call.signal.reason;
    expect(isMcpError(reason) && reason.kind).toBe("timeout");
    call.finish();
  });

  it("the options' timeout wins over the default; 0 means none", () => {
    const call = new Call({ timeout: 0 }, {}, 100, noRoute);
    vi.advanceTimersByTime(10_000);
    expect(call.aborted).toBe(false);
    call.finish();
  });

  it("progressed() pushes the deadline out only with resetTimeoutOnProgress", () => {
    const onProgress = (): void => {};
    const resetting = new Call(
      { timeout: 100, onProgress, resetTimeoutOnProgress: true, maxTotalTimeout: 350 },
      {},
      0,
      noRoute,
    );
    const plain = new Call({ timeout: 100, onProgress }, {}, 0, noRoute);
    for (let elapsed = 0; elapsed < 300; elapsed += 60) {
      vi.advanceTimersByTime(60);
      resetting.progressed();
      plain.progressed();
    }
    expect(plain.aborted).toBe(true);
    expect(resetting.aborted).toBe(false);
    // Never past maxTotalTimeout (350 ms from the start), however much progress arrives.
    vi.advanceTimersByTime(40);
    resetting.progressed();
    vi.advanceTimersByTime(10);
    expect(resetting.aborted).toBe(true);
    resetting.finish();
    plain.finish();
  });

  it("finish() stops the timer", () => {
    const call = new Call(undefined, {}, 100, noRoute);
    call.finish();
    vi.advanceTimersByTime(1_000);
    expect(call.aborted).toBe(false);
  });
});
