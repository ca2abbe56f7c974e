import { describe, expect, it } from "vitest";
import {
  additionalKeysPattern,
  compilePattern,
  escapeLiteral,
} from "../../../templates/schema/pattern.js";
import type { CompiledPattern } from "../../../templates/schema/schema-node.js";

describe("compilePattern", () => {
  const cases: ReadonlyArray<[string, CompiledPattern | undefined]> = [
    ["^[a-z]+$", { source: "^[a-z]+$", flags: "u" }],
    ["a/b", { source: "a\\/b", flags: "u" }],
    ["line\nbreak\u2028", { source: "line\\nbreak\\u2028", flags: "u" }],
    ["", { source: "(?:)", flags: "u" }],
    ["\\p{L}+", { source: "\\p{L}+", flags: "u" }],
    ["(?<=a)b(?<!c)", { source: "(?<=a)b(?<!c)", flags: "u" }],
    ["\\p{Script=Greek}", { source: "\\p{Script=Greek}", flags: "u" }],
    // Legacy syntax only: without `u` these parse, as something other than the author meant.
    ["^[\\w-.]+$", undefined],
    ["\\-", undefined],
    ["\\p{Punct}", undefined],
    ["\\p{IsLatin}", undefined],
    ["\\p{javaLowerCase}", undefined],
    ["(?i)abc", undefined],
    ["a++", undefined],
    ["a*+b", undefined],
    ["a?+", undefined],
    ["\\Aabc\\Z", undefined],
    ["abc\\z", undefined],
    ["(?P<name>a)", undefined],
    ["(?<name>a)(?P=name)", undefined],
    ["\\h+", undefined],
    ["\\Qa.b\\E", undefined],
    ["(?>atomic)", undefined],
    ["[[:alpha:]]", undefined],
    ["x{,5}", undefined],
    // Newer than ES2022: Node 20 or tsc may reject them, so they are not emitted either.
    ["(?i:a)", undefined],
    ["(?<n>x)|(?<n>y)", undefined],
    ["\\p{Script=Kawi}", undefined],
    ["[\\p{L}--\\p{N}]", undefined],
    ["(", undefined],
    ["[z-a]", undefined],
    ["*/", undefined],
  ];
  it.each(cases)("%j → %j", (pattern, want) => {
    expect(compilePattern(pattern)).toEqual(want);
  });

  it("gives sources that are the same expression as a literal", () => {
    for (const pattern of ["a/b", "[/]", "\\/", "x\ny", "é😀", "a{2,3}"]) {
      const compiled = compilePattern(pattern);
      if (compiled === undefined) throw new Error(`${pattern} should compile`);
      const literal = new Function(`return /${compiled.source}/${compiled.flags};`)() as RegExp;
      expect(literal.source).toBe(new RegExp(pattern, compiled.flags).source);
    }
  });
});

describe("additionalKeysPattern", () => {
  function matcher(pattern: CompiledPattern | undefined): (key: string) => boolean {
    if (pattern === undefined) throw new Error("expected a pattern");
    const regex = new RegExp(pattern.source, pattern.flags);
    return (key) => regex.test(key);
  }

  it("matches keys that are neither declared nor matched by a pattern", () => {
    const other = matcher(
      additionalKeysPattern(
        ["id", "a.b"],
        [compilePattern("^x-") as CompiledPattern, compilePattern("[0-9]$") as CompiledPattern],
      ),
    );
    const keys = ["id", "a.b", "aXb", "x-flag", "item2", "name", "idx", "", "ax-"];
    expect(keys.filter(other)).toEqual(["aXb", "name", "idx", "", "ax-"]);
  });

  it("refuses patterns it cannot combine", () => {
    expect(
      additionalKeysPattern([], [compilePattern("(a)\\1") as CompiledPattern]),
    ).toBeUndefined();
    expect(
      additionalKeysPattern([], [compilePattern("(?<n>a)\\k<n>") as CompiledPattern]),
    ).toBeUndefined();
  });
});

describe("escapeLiteral", () => {
  it("makes every character literal, with and without the u flag", () => {
    const text = "a.b*c+d?(e)[f]{g}|h^i$j\\k/l-m";
    for (const flags of ["", "u"])
      expect(new RegExp(`^${escapeLiteral(text)}$`, flags).test(text)).toBe(true);
  });
});
