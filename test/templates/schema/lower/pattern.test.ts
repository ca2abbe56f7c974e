import { describe, expect, it } from "vitest";
import { compilePattern, type PatternResult } from "../../../../templates/schema/lower/pattern.js";

const NOT_ECMASCRIPT = { problem: "is not an ECMAScript regular expression with the u flag" };
const LOOKAROUND = {
  problem: "uses lookaround assertions, which cannot be checked in linear time",
};
const BACK_REFERENCE = { problem: "uses back-references, which cannot be checked in linear time" };
const BEYOND = {
  problem:
    "is beyond what the linear-time engine accepts (repetition counts above 1000, Unicode names it does not know)",
};

const TOO_LARGE = {
  problem:
    "is larger than 2048 instructions of the linear-time engine (counted repetitions add up)",
};

describe("compilePattern", () => {
  const cases: ReadonlyArray<[string, PatternResult]> = [
    ["^[a-z]+$", { pattern: { source: "^[a-z]+$", text: "^[a-z]+$" } }],
    ["a/b", { pattern: { source: "a/b", text: "a/b" } }],
    ["", { pattern: { source: "", text: "" } }],
    ["\\d{4}", { pattern: { source: "[0-9]{4}", text: "\\d{4}" } }],
    ["x{2,}?y*?", { pattern: { source: "x{2,}y*", text: "x{2,}?y*?" } }],
    ["(?<year>1)|()", { pattern: { source: "(?:1)|(?:)", text: "(?<year>1)|()" } }],
    ["\\p{L}\\P{Lu}", { pattern: { source: "\\p{L}\\P{Lu}", text: "\\p{L}\\P{Lu}" } }],
    ["\\p{Letter}", { pattern: { source: "\\p{L}", text: "\\p{Letter}" } }],
    ["\\p{sc=Greek}", { pattern: { source: "\\p{Greek}", text: "\\p{sc=Greek}" } }],
    ["\\bé\\B", { pattern: { source: "\\b\\x{E9}\\B", text: "\\bé\\B" } }],
    ["[^]", { pattern: { source: "[\\x{0}-\\x{10FFFF}]", text: "[^]" } }],
    ["[]", { pattern: { source: "[^\\x{0}-\\x{10FFFF}]", text: "[]" } }],
    ["[\\d-]", { pattern: { source: "[0-9\\x{2D}]", text: "[\\d-]" } }],
    ["😀", { pattern: { source: "\\x{1F600}", text: "😀" } }],
    // Legacy syntax only: without `u` these parse, as something other than the author meant.
    ["^[\\w-.]+$", NOT_ECMASCRIPT],
    ["\\-", NOT_ECMASCRIPT],
    ["\\p{Punct}", NOT_ECMASCRIPT],
    ["\\p{IsLatin}", NOT_ECMASCRIPT],
    ["\\p{javaLowerCase}", NOT_ECMASCRIPT],
    ["(?i)abc", NOT_ECMASCRIPT],
    ["a++", NOT_ECMASCRIPT],
    ["a*+b", NOT_ECMASCRIPT],
    ["a?+", NOT_ECMASCRIPT],
    ["\\Aabc\\Z", NOT_ECMASCRIPT],
    ["abc\\z", NOT_ECMASCRIPT],
    ["(?P<name>a)", NOT_ECMASCRIPT],
    ["(?<name>a)(?P=name)", NOT_ECMASCRIPT],
    ["\\h+", NOT_ECMASCRIPT],
    ["\\Qa.b\\E", NOT_ECMASCRIPT],
    ["(?>atomic)", NOT_ECMASCRIPT],
    ["[[:alpha:]]", NOT_ECMASCRIPT],
    ["x{,5}", NOT_ECMASCRIPT],
    // Newer than ES2022: Node 20 or tsc may reject them, so they are not emitted either.
    ["(?i:a)", NOT_ECMASCRIPT],
    ["(?<n>x)|(?<n>y)", NOT_ECMASCRIPT],
    ["[\\p{L}--\\p{N}]", NOT_ECMASCRIPT],
    ["(", NOT_ECMASCRIPT],
    ["[z-a]", NOT_ECMASCRIPT],
    ["*/", NOT_ECMASCRIPT],
    // ECMAScript, but not checkable in linear time.
    ["(?<=a)b", LOOKAROUND],
    ["^(?!.*admin)", LOOKAROUND],
    ["(a)\\1", BACK_REFERENCE],
    ["(?<n>a)\\k<n>", BACK_REFERENCE],
    [
      "\\p{ASCII_Hex_Digit}",
      {
        problem:
          "uses the Unicode property \\p{ASCII_Hex_Digit}, which cannot be checked in linear time",
      },
    ],
    [
      "\\p{Script_Extensions=Latin}",
      {
        problem:
          "uses the Unicode property \\p{Script_Extensions=Latin}, which cannot be checked in linear time",
      },
    ],
    ["a{1001}", BEYOND],
    ["(?:a{10}){101}", BEYOND],
    ["(?:a{100}){100}", BEYOND],
    ["\\p{sc=Grek}", BEYOND],
    // The engine's work per character grows with its program: bounded, and refused before compiling.
    [
      "^.{0,1000}$",
      {
        pattern: {
          source: "^[\\x{0}-\\x{9}\\x{B}-\\x{C}\\x{E}-\\x{2027}\\x{202A}-\\x{10FFFF}]{0,1000}$",
          text: "^.{0,1000}$",
        },
      },
    ],
    ["a{1000}b{1000}c{100}", TOO_LARGE],
    [`${"(".repeat(4000)}a${")".repeat(4000)}`, { problem: "nests groups more than 256 deep" }],
    [`${"(?:".repeat(257)}a${")".repeat(257)}`, { problem: "nests groups more than 256 deep" }],
    [`[(((]${"(".repeat(256)}\\(${")".repeat(256)}`, { pattern: expect.anything() }],
    ["[\\s\\S]{0,1000}".repeat(600), TOO_LARGE],
  ];
  it.each(cases)("%j → %j", (pattern, want) => {
    expect(compilePattern(pattern)).toEqual(want);
  });
});
