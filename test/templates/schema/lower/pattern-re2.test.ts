import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../../../templates/schema/lower/pattern.js";

// ECMAScript patterns built from the constructs the translation spells out differently in RE2
// (`.`, `\s`, `\w`, `\d`, their negations inside and outside classes, anchors, word boundaries,
// properties, astral characters, class syntax characters), small enough for `RegExp` to judge.
const atom = fc.constantFrom(
  "a",
  "b",
  "é",
  "😀",
  "-",
  "\\^",
  "/",
  "_",
  "#",
  "~",
  "\\?",
  "(?:)",
  "(?:a|_)",
  "[-a]",
  "[\\^_ /]",
  "\\]",
  "\\n",
  "\\u2028",
  ".",
  "\\s",
  "\\S",
  "\\w",
  "\\W",
  "\\d",
  "\\D",
  "[ab-]",
  "[^a\\s]",
  "[\\S\\d]",
  "[\\W]",
  "[^]",
  "[^\\D-]",
  "\\p{L}",
  "\\P{Ll}",
  "\\p{Script=Latin}",
  "[\\p{Lu}1]",
  "\\b",
  "\\B",
);
const quantifier = fc.constantFrom("", "", "*", "+", "?", "{2}", "{1,2}", "*?", "{0,}");
const sequence = fc
  .array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([a, q]) => (a === "\\b" || a === "\\B" ? a : `${a}${q}`)).join(""));
const ecmaPattern = fc
  .tuple(
    fc.constantFrom("", "^"),
    fc.array(sequence, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("", "$"),
  )
  .map(([start, alternatives, end]) => `${start}(?:${alternatives.join("|")})${end}`);
const text = fc
  .array(
    fc.constantFrom(
      "a",
      "b",
      "A",
      "é",
      "😀",
      "1",
      "_",
      "-",
      " ",
      "\n",
      "\r",
      "\u2028",
      "\u00a0",
      "\ufeff",
      "\t",
      "x",
      "/",
      "#",
      "?",
      "^",
    ),
    { maxLength: 8 },
  )
  .map((chars) => chars.join(""));

/**
 * `new RegExp(pattern, "u").test(s)` as the specification defines it. V8's search also tries a
 * match starting between the two halves of a surrogate pair, where `\B` sees two non-word code
 * units (`/\B/u.test("a😀a")` is true in V8; false by the specification, whose input is code
 * points). So the oracle tries each code point boundary with a sticky regex instead.
 */
function ecmaTest(pattern: string, s: string): boolean {
  const sticky = new RegExp(pattern, "uy");
  for (let i = 0; i <= s.length; i += 1) {
    // Skip the position between a high and a low surrogate: it is inside one code point.
    const before = s.charCodeAt(i - 1);
    const after = s.charCodeAt(i);
    if (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) continue;
    sticky.lastIndex = i;
    if (sticky.test(s)) return true;
  }
  return false;
}

describe("patterns in RE2 syntax", () => {
  it("match exactly the strings the ECMAScript pattern matches with the u flag", () => {
    fc.assert(
      fc.property(
        ecmaPattern,
        fc.array(text, { minLength: 1, maxLength: 10 }),
        (pattern, strings) => {
          const compiled = compilePattern(pattern);
          if (compiled.pattern === undefined) throw new Error(`${pattern}: ${compiled.problem}`);
          const linear = RE2JS.compile(compiled.pattern.source);
          for (const s of strings)
            expect([pattern, s, linear.test(s)]).toEqual([pattern, s, ecmaTest(pattern, s)]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
