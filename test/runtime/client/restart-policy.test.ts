/**
 * The restart back-off and cap: given/want for the defaults and bad options, and properties
 * over any policy: the delay stays within its jittered bounds and never above the cap, and no
 * sliding window ever holds more restarts than allowed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RESTART_POLICY,
  RestartBudget,
  resolveRestartPolicy,
  restartDelay,
} from "../../../runtime/client/restart-policy.js";

const policies = fc
  .record({
    maxRestarts: fc.integer({ min: 0, max: 20 }),
    windowMs: fc.integer({ min: 1, max: 120_000 }),
    initialDelayMs: fc.integer({ min: 1, max: 5_000 }),
    maxDelayMs: fc.integer({ min: 1, max: 60_000 }),
  })
  .map((options) => resolveRestartPolicy(options));

describe("resolveRestartPolicy", () => {
  it("fills in the defaults", () => {
    expect(resolveRestartPolicy(undefined)).toEqual(DEFAULT_RESTART_POLICY);
    expect(resolveRestartPolicy({ maxRestarts: 2, windowMs: undefined })).toEqual({
      ...DEFAULT_RESTART_POLICY,
      maxRestarts: 2,
    });
  });

  it.each([
    [{ maxRestarts: -1 }, "restart.maxRestarts must be a non-negative finite number, got -1"],
    [{ windowMs: 0 }, "restart.windowMs must be a positive finite number, got 0"],
    [{ initialDelayMs: Number.NaN }, "restart.initialDelayMs must be a positive finite number"],
    [{ maxDelayMs: Infinity }, "restart.maxDelayMs must be a positive finite number, got Infinity"],
  ])("refuses %j", (options, message) => {
    expect(() => resolveRestartPolicy(options)).toThrow(message);
  });
});

describe("restartDelay", () => {
  it("doubles from the initial delay, between half and all of it", () => {
    const policy = resolveRestartPolicy({ initialDelayMs: 100, maxDelayMs: 1_000 });
    expect([0, 1, 2, 3, 4].map((attempt) => restartDelay(policy, attempt, 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect(restartDelay(policy, 2, 0.999_999)).toBeCloseTo(400, 3);
  });

  it("stays within the jittered bounds and under the cap, for any policy", () => {
    fc.assert(
      fc.property(
        policies,
        fc.nat({ max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (policy, attempt, random) => {
          const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);
          const delay = restartDelay(policy, attempt, random);
          return delay >= base / 2 && delay <= base && delay <= policy.maxDelayMs;
        },
      ),
    );
  });
});

describe("RestartBudget", () => {
  it("never allows more than maxRestarts within any window", () => {
    fc.assert(
      fc.property(
        policies,
        fc.array(fc.nat({ max: 10_000 }), { maxLength: 60 }),
        (policy, gaps) => {
          const budget = new RestartBudget(policy);
          const allowed: number[] = [];
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            if (budget.allow(now)) allowed.push(now);
          }
          return allowed.every(
            (time) =>
              allowed.filter((other) => other <= time && time - other < policy.windowMs).length <=
              policy.maxRestarts,
          );
        },
      ),
    );
  });

  it("allows again once the window has passed, and after reset()", () => {
    const budget = new RestartBudget(resolveRestartPolicy({ maxRestarts: 1, windowMs: 1_000 }));
    expect(budget.allow(0)).toBe(true);
    expect(budget.allow(999)).toBe(false);
    expect(budget.allow(1_000)).toBe(true);
    budget.reset();
    expect(budget.allow(1_001)).toBe(true);
  });
});
