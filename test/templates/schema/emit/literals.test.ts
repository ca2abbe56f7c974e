import { describe, expect, it } from "vitest";
import {
  assertIdentifier,
  isIdentifierName,
  numberLiteral,
  propertyName,
  stringLiteral,
} from "../../../../templates/schema/emit/literals.js";

describe("stringLiteral", () => {
  const cases: ReadonlyArray<[string, string]> = [
    ["plain", '"plain"'],
    ['quote " and \\', '"quote \\" and \\\\"'],
    ["new\nline\r\t", '"new\\nline\\r\\t"'],
    ["\u2028\u2029", '"\\u2028\\u2029"'],
    ["bidi \u202e \u2066", '"bidi \\u202e \\u2066"'],
    ["`${x}` */", '"`${x}` */"'],
    ["\ud800 lone", '"\\ud800 lone"'],
  ];
  it.each(cases)("%j → %s", (text, want) => {
    expect(stringLiteral(text)).toBe(want);
  });

  it("round-trips every string through evaluation", () => {
    for (const text of ["a\u2028b", '"); alert(1); ("', "\u0000\u001f", "😀", "\\u0041"]) {
      expect(new Function(`return ${stringLiteral(text)};`)()).toBe(text);
    }
  });
});

describe("numberLiteral", () => {
  it("writes finite numbers, and -0 as 0", () => {
    expect([1, -2.5, 1e21, 5e-324, -0].map(numberLiteral)).toEqual([
      "1",
      "-2.5",
      "1e+21",
      "5e-324",
      "0",
    ]);
    expect(() => numberLiteral(Number.NaN)).toThrow(RangeError);
  });
});

describe("propertyName", () => {
  const cases: ReadonlyArray<[string, string]> = [
    ["city", "city"],
    ["$ok_1", "$ok_1"],
    ["class", "class"],
    ["constructor", "constructor"],
    ["__proto__", '"__proto__"'],
    ["a-b", '"a-b"'],
    ["1st", '"1st"'],
    ["", '""'],
    ["é", '"é"'],
    ["a\nb", '"a\\nb"'],
  ];
  it.each(cases)("%j → %s", (name, want) => {
    expect(propertyName(name)).toBe(want);
  });
});

describe("identifiers", () => {
  it("accept ASCII identifiers only", () => {
    expect(["Ok", "_a1", "$"].every(isIdentifierName)).toBe(true);
    expect(["", "1a", "a-b", "é", "a b"].some(isIdentifierName)).toBe(false);
    expect(() => assertIdentifier("Input", "typeName")).not.toThrow();
    expect(() => assertIdentifier("In put", "typeName")).toThrow(
      'typeName must be an ASCII identifier, got "In put"',
    );
  });
});
