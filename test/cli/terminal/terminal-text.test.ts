/**
 * `toTerminalLine` and the reporter: no control character reaches the terminal, whatever text a
 * server or library hands the CLI to print.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createReporter } from "../../../cli/terminal/reporter.js";
import { toTerminalLine } from "../../../cli/terminal/terminal-text.js";
import { isHiddenCharacter } from "../../../templates/escape.js";
import { UNSAFE_FOR_TERMINAL } from "../../support/terminal.js";

describe("toTerminalLine", () => {
  const table: Array<{ given: string; want: string }> = [
    { given: "plain text, unchanged", want: "plain text, unchanged" },
    { given: "two\nlines\r\nand\rmore", want: "two lines and more" },
    { given: "tab\there", want: "tab here" },
    { given: "\u001b[2K\u001b[1Aok", want: "\\x1b[2K\\x1b[1Aok" },
    {
      given: "\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007",
      want: "\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07",
    },
    {
      given: "vertical\u000btab, form\u000cfeed, nul\u0000",
      want: "vertical\\x0btab, form\\x0cfeed, nul\\x00",
    },
    { given: "del\u007f c1\u009b31m", want: "del\\x7f c1\\x9b31m" },
    {
      given: "bidi \u202eevil\u202c \u2066x\u2069 \u061c",
      want: "bidi \\u202eevil\\u202c \\u2066x\\u2069 \\u061c",
    },
    { given: "line\u2028para\u2029end", want: "line\\u2028para\\u2029end" },
    { given: "ünïcödé → 名前 🙂", want: "ünïcödé → 名前 🙂" },
  ];
  for (const { given, want } of table) {
    it(`${JSON.stringify(given)} → ${JSON.stringify(want)}`, () => {
      expect(toTerminalLine(given)).toBe(want);
    });
  }

  /** Strings dense in the characters that matter, mixed with ordinary text. */
  const hostile = fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom("\u061c", "\u200e", "\u202e", "\u2067", "\u2028", "\u2029", "\r\n"),
      fc.string({ unit: "grapheme", maxLength: 3 }),
    ),
  });

  it("never lets an unsafe character through, and keeps safe text as it is", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const line = toTerminalLine(text);
        expect(line).not.toMatch(UNSAFE_FOR_TERMINAL);
        if (!UNSAFE_FOR_TERMINAL.test(text)) expect(line).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("prints exactly one clean line per reporter call", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom("progress", "info", "warn", "error"), (text, kind) => {
        let out = "";
        const stream = { write: (chunk: string) => (out += chunk) };
        const reporter = createReporter({ interactive: true, stdout: stream, stderr: stream });
        reporter[kind as "info"](text);
        expect(out.endsWith("\n")).toBe(true);
        expect(out.slice(0, -1)).not.toMatch(UNSAFE_FOR_TERMINAL);
      }),
      { numRuns: 300 },
    );
  });
});

describe("one table of hidden characters", () => {
  it("the terminal escapes exactly what generated code never carries raw (plus line breaks, tabs)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
          fc.constantFrom("\u200b", "\u061c", "\u0085", "\ufff9", "\u{e0041}", "\u00ad", "\u3164"),
        ),
        (char) => {
          const changed = toTerminalLine(char) !== char;
          expect(changed).toBe(char === "\t" || char === "\n" || isHiddenCharacter(char));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("shows a hidden character past the BMP as one unambiguous escape", () => {
    expect(toTerminalLine("a\u{e0041}b")).toBe("a\\u{e0041}b");
  });
});
