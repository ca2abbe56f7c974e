/**
 * `putLaidOut` finds the placeholder line by searching the text instead of splitting it into
 * lines: on generated modules made of the lines that matter (the placeholder, indented or not,
 * with text around it; the ignore comment, indented or not; blank lines, tabs, `\r`), it gives
 * exactly what the line-splitting version gave, throwing where it threw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LaidOutPart } from "../../templates/module-text.js";
import { putLaidOut } from "../../templates/put-laid-out.js";

const PLACEHOLDER = "validators: $validators$,";

/** The line-splitting version, as generate.ts had it: the reference. */
function splitLinesVersion(formatted: string, part: LaidOutPart): string {
  const lines = formatted.split("\n");
  const at = lines.findIndex(
    (line, i) =>
      line.trimStart() === part.placeholder && lines[i - 1]?.trim() === "// prettier-ignore",
  );
  if (at < 0) throw new Error(`formatted module lost its placeholder ${part.placeholder}`);
  const column = lines[at]!.length - part.placeholder.length;
  lines[at] = `${" ".repeat(column)}${part.layout(column)}`;
  return lines.join("\n");
}

const part: LaidOutPart = {
  placeholder: PLACEHOLDER,
  layout: (column) => `validators: (z) => {\n${" ".repeat(column + 2)}return z;\n},${column}`,
};

const indent = fc.constantFrom("", " ", "    ", "\t", "  \t ", "\u00a0");
const line = fc.oneof(
  indent.map((space) => `${space}${PLACEHOLDER}`),
  indent.map((space) => `${space}// prettier-ignore`),
  fc.tuple(indent, fc.constantFrom(" ", "\r", "x", ",")).map(([a, b]) => `${a}${PLACEHOLDER}${b}`),
  fc.tuple(indent, fc.constantFrom("x ", "// ")).map(([a, b]) => `${a}${b}${PLACEHOLDER}`),
  indent.map((space) => `${space}// prettier-ignore more`),
  fc.constantFrom("", "});", "export const a = 1;", "\r"),
);
const module = fc.array(line, { maxLength: 12 }).map((lines) => lines.join("\n"));

function outcome(run: () => string): { text: string } | { error: string } {
  try {
    return { text: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("putLaidOut", () => {
  it("puts the part where the line-splitting version did, on generated modules", () => {
    fc.assert(
      fc.property(module, (text) => {
        expect(outcome(() => putLaidOut(text, part))).toEqual(
          outcome(() => splitLinesVersion(text, part)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("replaces the placeholder under the ignore comment at its column", () => {
    const text = `a\n  // prettier-ignore\n  ${PLACEHOLDER}\n});`;
    expect(putLaidOut(text, part)).toBe(
      `a\n  // prettier-ignore\n  validators: (z) => {\n    return z;\n},2\n});`,
    );
  });

  it("throws when no placeholder line sits under the ignore comment", () => {
    expect(() => putLaidOut(`${PLACEHOLDER}\n// prettier-ignore`, part)).toThrow(
      "lost its placeholder",
    );
  });
});
