import fc from "fast-check";
import { RegExpParser } from "@eslint-community/regexpp";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../../../templates/schema/lower/pattern.js";
import { toRe2 } from "../../../../templates/schema/lower/pattern-re2.js";
import {
  programSize,
  repeatsWithinLimit,
} from "../../../../templates/schema/lower/pattern-size.js";

const parse = (pattern: string) =>
  new RegExpParser({ ecmaVersion: 2022 }).parsePattern(pattern, 0, pattern.length, {
    unicode: true,
  });

describe("repeatsWithinLimit", () => {
  const cases: ReadonlyArray<[string, boolean]> = [
    ["a{1000}", true],
    ["a{1001}", false],
    ["(?:a{10}){100}", true],
    ["(?:a{10}){101}", false],
    ["(?:a{2,}){500}", true],
    ["(?:a{3,}){500}", false],
    ["(?:a*){1000}(?:b+)?", true],
    ["(?:a{0}){5000}", false],
    ["(?:a{5000}){0}", false],
    ["(?:a{500}){0}", true],
    ["(?:a{500}){1}", true],
    ["(?:(?:a{500}){2}){0}", true],
  ];
  it.each(cases)("%j → %j", (pattern, want) => {
    expect(repeatsWithinLimit(parse(pattern))).toBe(want);
  });
});

// Counted repetitions nested and in sequence, around classes, alternatives and plain quantifiers.
const count = fc.constantFrom(0, 1, 2, 3, 7, 10, 31, 100, 333, 999, 1000, 1001);
const bounds = fc
  .tuple(count, count, fc.constantFrom("range", "exact", "open", "star", "plus", "quest"))
  .map(([a, b, form]) => {
    const [min, max] = a <= b ? [a, b] : [b, a];
    if (form === "range") return `{${min},${max}}`;
    if (form === "exact") return `{${min}}`;
    if (form === "open") return `{${min},}`;
    return form === "star" ? "*" : form === "plus" ? "+" : "?";
  });
const atom = fc.constantFrom("a", "[ab]", ".", "\\s", "\\p{L}");
const pattern = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.tuple(atom, bounds).map(([a, q]) => `${a}${q}`),
    fc.tuple(tie("node"), bounds).map(([inner, q]) => `(?:${inner})${q}`),
    fc.tuple(tie("node"), tie("node")).map(([x, y]) => `${x}${y}`),
    fc.tuple(tie("node"), tie("node")).map(([x, y]) => `(?:${x}|${y})`),
  ),
})).node;

describe("what the generator admits", () => {
  it("always compiles in RE2 at full size, within the size it was admitted for", () => {
    fc.assert(
      fc.property(pattern, (text) => {
        const result = compilePattern(text);
        if (result.pattern === undefined) return;
        const program = RE2JS.compile(result.pattern.source);
        // The estimate leaves out RE2's fixed frame (start, captures, match): a few instructions.
        expect(program.programSize()).toBeLessThanOrEqual(programSize(parse(text)) + 8);
      }),
      { numRuns: 300 },
    );
  });

  it("is every pattern RE2 compiles, within the estimated size bound", () => {
    fc.assert(
      fc.property(pattern, (text) => {
        const parsed = parse(text);
        const translated = toRe2(parsed);
        // Only what is cheap to compile in full here: the generator never does.
        if (!("source" in translated) || programSize(parsed) > 20_000) return;
        let size: number;
        try {
          size = RE2JS.compile(translated.source).programSize();
        } catch {
          expect(compilePattern(text).pattern).toBeUndefined();
          return;
        }
        if (size <= 2048 && programSize(parsed) <= 2048)
          expect(compilePattern(text).pattern?.source).toBe(translated.source);
      }),
      { numRuns: 300 },
    );
  });
});
