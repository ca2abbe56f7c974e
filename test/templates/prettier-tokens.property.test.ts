/**
 * The direct printer's string scanning against its oracles: `stringEnd` finds where any string
 * literal ends, escaped quotes and backslash runs included, and `printStringToken` spells every
 * literal as prettier does (or declines), with and without escapes in it.
 */
import fc from "fast-check";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../templates/format.js";
import { stringEnd } from "../../templates/direct-layout.js";
import { printStringToken } from "../../templates/prettier-tokens.js";

/** Text made of what makes string scanning hard: both quotes, backslashes, escapes' letters. */
const tricky = fc
  .array(fc.constantFrom('"', "'", "\\", "n", "u", "x", "0", "a", " ", "é", "`"), {
    maxLength: 24,
  })
  .map((chars) => chars.join(""));

/** `content` as a valid literal in `quote`: backslashes doubled, that quote escaped. */
function literal(content: string, quote: '"' | "'"): string {
  return `${quote}${content.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`)}${quote}`;
}

describe("stringEnd", () => {
  it("ends a literal at its closing quote, whatever precedes and follows it", () => {
    fc.assert(
      fc.property(tricky, tricky, fc.constantFrom<'"' | "'">('"', "'"), (content, tail, quote) => {
        const text = literal(content, quote);
        expect(stringEnd(`${text}${tail}`, 0)).toBe(text.length);
        expect(stringEnd(`x = ${text}${tail}`, 4)).toBe(4 + text.length);
      }),
      { numRuns: 500 },
    );
  });

  it("says a literal whose closing quote is missing or escaped is unterminated", () => {
    fc.assert(
      fc.property(tricky, fc.constantFrom<'"' | "'">('"', "'"), (content, quote) => {
        const open = literal(content, quote).slice(0, -1);
        expect(stringEnd(open, 0)).toBeUndefined();
        expect(stringEnd(`${open}\\${quote}`, 0)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe("printStringToken", () => {
  it("spells a literal as prettier does, or leaves it to prettier", async () => {
    await fc.assert(
      fc.asyncProperty(tricky, fc.constantFrom<'"' | "'">('"', "'"), async (content, quote) => {
        const raw = literal(content, quote);
        const printed = printStringToken(raw);
        if (printed === undefined) return;
        const pretty = await format(`x = ${raw};\n`, PRETTIER_OPTIONS);
        expect(`x = ${printed};\n`).toBe(pretty);
      }),
      { numRuns: 300 },
    );
  });

  it("spells JSON text in double quotes as prettier does, as the emitters write definitions", async () => {
    // Values whose JSON holds escapes of every kind JSON writes (`\"`, `\\`, `\n`, `\u0001`…),
    // and letters after a backslash, which the escape-by-escape path must read.
    const value = fc.jsonValue({
      maxDepth: 2,
      stringUnit: fc.constantFrom('"', "\\", "\n", "\u0001", "q", "a", " ", "é", "'"),
    });
    await fc.assert(
      fc.asyncProperty(value, async (json) => {
        const raw = JSON.stringify(JSON.stringify(json));
        const printed = printStringToken(raw);
        expect(printed).toBeDefined();
        // A long literal goes to the next line after `x =`; only its spelling is compared.
        const pretty = await format(`x = ${raw};\n`, PRETTIER_OPTIONS);
        expect(`x = ${printed};\n`).toBe(pretty.replace(/^x =\s+/, "x = "));
      }),
      { numRuns: 300 },
    );
  });

  it("spells literals with escapes prettier rewrites as prettier does, or leaves them to it", async () => {
    // Written as source, not made from a value: `\d` and `\q` are escapes nothing would write.
    const piece = fc.constantFrom('\\"', "\\\\", "\\d", "\\q", "\\n", '"', "'", "a");
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 12 }),
        fc.constantFrom<'"' | "'">('"', "'"),
        async (pieces, quote) => {
          const content = pieces.filter((text) => text !== quote).join("");
          const raw = `${quote}${content}${quote}`;
          const printed = printStringToken(raw);
          if (printed === undefined) return;
          const pretty = await format(`x = ${raw};\n`, PRETTIER_OPTIONS);
          expect(`x = ${printed};\n`).toBe(pretty);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("prints escape-free literals itself, the embedded definitions among them", () => {
    fc.assert(
      fc.property(tricky, (content) => {
        const plain = content.replaceAll("\\", "");
        expect(printStringToken(literal(plain, "'"))).toBeDefined();
        expect(printStringToken(literal(plain, '"'))).toBeDefined();
      }),
    );
  });
});
