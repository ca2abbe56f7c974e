import { describe, expect, it } from "vitest";
import { readSingle, readSummary } from "./harness.js";

describe("readSummary", () => {
  it("reads each scenario's line, and the total, after the suite summary only", () => {
    const output = [
      "✗ not-a-summary-line: 0 passed, 1 failed",
      "=== SUITE SUMMARY ===",
      "",
      "✓ tools_call: 2 passed, 0 failed",
      "✗ auth/metadata-default: 0 passed, 7 failed",
      "✗ warned: 1 passed, 0 failed, 1 warnings",
      "- initialize: skipped",
      "",
      "Total: 3 passed, 7 failed, 1 warnings, 1 skipped",
    ].join("\n");
    const { outcomes, total } = readSummary(output);
    expect(outcomes.map(({ scenario, passed }) => [scenario, passed])).toEqual([
      ["tools_call", true],
      ["auth/metadata-default", false],
      ["warned", false],
      ["initialize", true],
    ]);
    expect(total).toBe("Total: 3 passed, 7 failed, 1 warnings, 1 skipped");
  });

  it("finds no outcomes in a single-scenario run, which prints no summary", () => {
    expect(readSummary("Passed: 2/2, 0 failed, 0 warnings\n")).toEqual({ outcomes: [], total: "" });
  });
});

describe("readSingle", () => {
  it("reads the counts of a single-scenario run", () => {
    const output =
      "Checks:\n...\nTest Results:\nPassed: 1/1, 0 failed, 0 warnings\n\n✅ OVERALL: PASSED\n";
    expect(readSingle(output)).toEqual({ passed: 1, failed: 0, warnings: 0 });
    expect(readSingle("Passed: 0/2, 1 failed, 1 warnings")).toEqual({
      passed: 0,
      failed: 1,
      warnings: 1,
    });
  });

  it("finds nothing in output without the closing line", () => {
    expect(readSingle("Client exited with code 2\n")).toBeUndefined();
  });
});
