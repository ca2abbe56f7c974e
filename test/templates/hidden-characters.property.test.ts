/**
 * The one table of hidden characters, judged by the Unicode properties themselves rather than by
 * a list: over the whole code point range, every Default_Ignorable_Code_Point, format (Cf) and
 * bidi control character is in it, and none of them survives raw in any of the three outputs that
 * carry server text: text for a model (`textForModel`, removed), generated comments and literals
 * (`jsDocText`, `lineComment`, `stringLiteral`, shown as `\uXXXX`) and terminal lines
 * (`toTerminalLine`, shown as escapes), in runs of any length. Visible text goes through as it is.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toTerminalLine } from "../../cli/terminal/terminal-text.js";
import { isHiddenCharacter } from "../../runtime/basics/hidden-characters.js";
import { textForModel } from "../../runtime/ai/model-text.js";
import { jsDocText, lineComment, stringLiteral } from "../../templates/escape.js";

/** The oracle: what must never reach a reader raw, from the Unicode properties. */
const MUST_HIDE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Bidi_Control}\p{Zl}\p{Zp}]/u;
const MUST_HIDE_GLOBAL = new RegExp(MUST_HIDE.source, "gu");

/** Every code point the oracle names (about 4,200 on Unicode 15/16). */
const HIDDEN_CODE_POINTS: number[] = [];
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  if (MUST_HIDE.test(String.fromCodePoint(code))) HIDDEN_CODE_POINTS.push(code);
}

/** Printable text none of the outputs changes: letters, marks, digits, most punctuation. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{S}\p{P}]$/u;
const visibleChar = fc
  .integer({ min: 0x21, max: 0x10ffff })
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))
  .filter((char) => VISIBLE.test(char) && !MUST_HIDE.test(char) && !'*@\\"/'.includes(char));

const hiddenChar = fc.constantFrom(...HIDDEN_CODE_POINTS).map((code) => String.fromCodePoint(code));

/** Visible text with runs of hidden characters, short and long, anywhere in it. */
const mixed = fc
  .array(
    fc.oneof(
      visibleChar,
      hiddenChar,
      fc.tuple(hiddenChar, fc.integer({ min: 1, max: 300 })).map(([char, n]) => char.repeat(n)),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

const OUTPUTS: [string, (text: string) => string][] = [
  ["textForModel", (text) => textForModel(text, { maxBytes: 1_000_000 })],
  ["jsDocText", (text) => jsDocText(text, { maxLength: 1_000_000 }).join("\n")],
  ["lineComment", (text) => lineComment(text, { maxLength: 1_000_000 })],
  ["stringLiteral", (text) => stringLiteral(text)],
  ["toTerminalLine", (text) => toTerminalLine(text)],
];

describe("the hidden-character table", () => {
  it("holds every Default_Ignorable_Code_Point, Cf, bidi control and line separator", () => {
    const missing = HIDDEN_CODE_POINTS.filter(
      (code) => !isHiddenCharacter(String.fromCodePoint(code)),
    );
    expect(missing.map((code) => code.toString(16))).toEqual([]);
  });

  it("holds no letter, digit, mark, symbol, punctuation or space but those", () => {
    const extra: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (VISIBLE.test(char) && !MUST_HIDE.test(char) && isHiddenCharacter(char)) {
        extra.push(code.toString(16));
      }
    }
    expect(extra).toEqual([]);
  });
});

describe.each(OUTPUTS)("%s", (_name, output) => {
  it("lets no hidden character through raw, however long the run", () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(output(text).match(MUST_HIDE_GLOBAL) ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves visible text as it is", () => {
    fc.assert(
      fc.property(fc.array(visibleChar, { minLength: 1, maxLength: 40 }), (chars) => {
        const text = chars.join("");
        const out = output(text);
        expect(_name === "stringLiteral" ? JSON.parse(out) : out.replace(/^\/\/ /, "")).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
