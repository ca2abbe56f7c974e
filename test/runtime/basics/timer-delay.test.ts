/**
 * `timerDelay`: the delay every runtime timer is given. A request timeout above what a timer can
 * hold (2^31 - 1 ms) used to overflow into a 1 ms timer and fail every call at once.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connect } from "@mcp-codegen/runtime";
import { MAX_TIMER_DELAY_MS, timerDelay } from "../../../runtime/basics/timer-delay.js";
import { scriptedServer } from "../../support/scripted-server.js";

describe("timerDelay", () => {
  const table: Array<{ given: number; want: number }> = [
    { given: 0, want: 0 },
    { given: 20, want: 20 },
    { given: MAX_TIMER_DELAY_MS, want: MAX_TIMER_DELAY_MS },
    { given: MAX_TIMER_DELAY_MS + 1, want: MAX_TIMER_DELAY_MS },
    { given: 3_000_000_000, want: MAX_TIMER_DELAY_MS },
    { given: 1e21, want: MAX_TIMER_DELAY_MS },
    { given: -5, want: 0 },
    { given: Number.NaN, want: 0 },
  ];
  for (const { given, want } of table) {
    it(`${given} → ${want}`, () => expect(timerDelay(given)).toBe(want));
  }

  it("always lands in [0, 2^31 - 1] and keeps every delay a timer can hold", () => {
    fc.assert(
      fc.property(fc.double(), (ms) => {
        const delay = timerDelay(ms);
        expect(delay >= 0 && delay <= MAX_TIMER_DELAY_MS).toBe(true);
        // `===`, not `toBe`: -0 becomes 0, which is the same delay.
        if (ms >= 0 && ms <= MAX_TIMER_DELAY_MS) expect(delay === ms).toBe(true);
      }),
    );
  });
});

describe("a request timeout longer than a timer can wait", () => {
  /** A server that answers every call a few event-loop turns later, well past 1 ms. */
  const lateServer = () =>
    scriptedServer({
      "tools/call": async () => {
        await new Promise((resolve) => setTimeout(resolve, 25));
        return { resultType: "complete", content: [{ type: "text", text: "late" }] };
      },
    });

  it("waits for the answer instead of timing out at once", async () => {
    const client = await connect({ server: lateServer().handler }, { timeout: 3_000_000_000 });
    const result = await client.callTool("late", {});
    expect(result.content).toEqual([{ type: "text", text: "late" }]);
    await client.close();
  });

  it("waits for any such timeout, per request or per client", async () => {
    const client = await connect({ server: lateServer().handler });
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: MAX_TIMER_DELAY_MS + 1, max: 1e300, noNaN: true }),
        fc.boolean(),
        async (timeout, resetOnProgress) => {
          const result = await client.callTool(
            "late",
            {},
            { timeout, resetTimeoutOnProgress: resetOnProgress, onProgress: () => undefined },
          );
          expect(result.content).toEqual([{ type: "text", text: "late" }]);
        },
      ),
      { numRuns: 15 },
    );
    await client.close();
  });
});
