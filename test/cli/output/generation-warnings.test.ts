import { describe, expect, it } from "vitest";
import { ExitCode } from "../../../cli/terminal/exit-codes.js";
import {
  MAX_WARNING_LINES,
  reportGenerationWarnings,
} from "../../../cli/output/generation-warnings.js";
import type { Reporter } from "../../../cli/terminal/reporter.js";
import type { GenerationWarning } from "../../../templates/generation-warning.js";

function recorder(): Reporter & { lines: string[] } {
  const lines: string[] = [];
  const record = (kind: string) => (line: string) => lines.push(`${kind}: ${line}`);
  return {
    lines,
    progress: record("progress"),
    info: record("info"),
    warn: record("warning"),
    error: record("error"),
  };
}

const warning = (i: number): GenerationWarning => ({
  subject: 'tool "t"',
  pointer: `/inputSchema/properties/p${i}/type`,
  message: "typed as unknown",
});

describe("reportGenerationWarnings", () => {
  it("prints nothing and passes without warnings, strict or not", () => {
    for (const strict of [false, true]) {
      const reporter = recorder();
      reportGenerationWarnings("s", [], { reporter, strict });
      expect(reporter.lines).toEqual([]);
    }
  });

  it("prints one warning line each by default", () => {
    const reporter = recorder();
    reportGenerationWarnings("s", [warning(0), warning(1)], { reporter, strict: false });
    expect(reporter.lines).toEqual([
      'warning: s: tool "t" at #/inputSchema/properties/p0/type: typed as unknown',
      'warning: s: tool "t" at #/inputSchema/properties/p1/type: typed as unknown',
    ]);
  });

  it("under strict throws the first as exit 4 and prints the others as warnings", () => {
    const reporter = recorder();
    let thrown: unknown;
    try {
      reportGenerationWarnings("s", [warning(0), warning(1)], { reporter, strict: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ exitCode: ExitCode.Contract });
    expect((thrown as Error).message).toMatch(
      /^s: tool "t" at #\/inputSchema\/properties\/p0\/type: typed as unknown \(and 1 more warning\); --strict makes this an error/,
    );
    expect(reporter.lines).toEqual([
      'warning: s: tool "t" at #/inputSchema/properties/p1/type: typed as unknown',
    ]);
  });

  it("bounds what a server can make it print", () => {
    const reporter = recorder();
    const many = Array.from({ length: MAX_WARNING_LINES + 7 }, (_, i) => warning(i));
    reportGenerationWarnings("s", many, { reporter, strict: false });
    expect(reporter.lines).toHaveLength(MAX_WARNING_LINES + 1);
    expect(reporter.lines.at(-1)).toBe("warning: s: and 7 more generation warnings not shown");
  });
});
