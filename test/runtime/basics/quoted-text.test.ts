/**
 * `quotedText`: server text in an error message shows every hidden character and line break as
 * an escape, never raw, and is cut to its limit without splitting a surrogate pair.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hiddenCharacters } from "../../../runtime/basics/hidden-characters.js";
import { QUOTED_TEXT_MAX, quotedText } from "../../../runtime/basics/quoted-text.js";

describe("quotedText", () => {
  it.each([
    ["plain", "plain"],
    ["a\u202eb", "a\\u{202e}b"],
    ["line\nforged: ok", "line\\nforged: ok"],
    ["tab\there", "tab\\there"],
    ["zero\u200bwidth", "zero\\u{200b}width"],
    ["\u{e0041}tag", "\\u{e0041}tag"],
  ])("%j is quoted as %j", (given, want) => {
    expect(quotedText(given)).toBe(want);
  });

  it("cuts long text with an ellipsis, never between the halves of a pair", () => {
    expect(quotedText("x".repeat(300))).toBe(`${"x".repeat(QUOTED_TEXT_MAX)}…`);
    expect(quotedText(`${"x".repeat(9)}😀`, 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("never leaves a hidden character, a line break or a lone surrogate in what it returns", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), fc.nat(300), (text, max) => {
        const quoted = quotedText(text, max + 1);
        expect(quoted).not.toMatch(hiddenCharacters());
        expect(quoted).not.toMatch(/[\n\r]/);
        expect(quoted.length).toBeLessThanOrEqual(Math.max(text.length, 1) * 10 + 1);
      }),
    );
  });
});
