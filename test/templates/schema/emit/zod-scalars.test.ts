import { describe, expect, it } from "vitest";
import type {
  JsonValue,
  NumberNode,
  StringNode,
} from "../../../../templates/schema/schema-node.js";
import {
  ZOD_FORMATS,
  shapeKey,
  zodLiterals,
  zodNumber,
  zodString,
} from "../../../../templates/schema/emit/zod-scalars.js";

describe("zodString", () => {
  const cases: ReadonlyArray<[string, StringNode, string]> = [
    ["plain", { kind: "string", patterns: [] }, "z.string()"],
    ["non-empty", { kind: "string", patterns: [], minLength: 1 }, "z.string().min(1)"],
    [
      "lengths in code points",
      { kind: "string", patterns: [], minLength: 2, maxLength: 4 },
      "z.string().regex(/^[\\s\\S]{2,4}$/u)",
    ],
    [
      "max only",
      { kind: "string", patterns: [], maxLength: 4 },
      "z.string().regex(/^[\\s\\S]{0,4}$/u)",
    ],
    [
      "min only",
      { kind: "string", patterns: [], minLength: 3 },
      "z.string().regex(/^[\\s\\S]{3,}$/u)",
    ],
    ["impossible", { kind: "string", patterns: [], minLength: 3, maxLength: 2 }, "z.never()"],
    [
      "max past any string's length: zod's max, no exponent in a quantifier",
      { kind: "string", patterns: [], maxLength: 1e21 },
      "z.string().max(1e+21)",
    ],
    [
      "min past any string's length",
      { kind: "string", patterns: [], minLength: 2 ** 53 },
      "z.string().min(9007199254740992)",
    ],
    [
      "min in a quantifier, max past it",
      { kind: "string", patterns: [], minLength: 2, maxLength: 1e21 },
      "z.string().regex(/^[\\s\\S]{2,}$/u).max(1e+21)",
    ],
    [
      "largest count a quantifier takes",
      { kind: "string", patterns: [], maxLength: 2 ** 31 - 1 },
      "z.string().regex(/^[\\s\\S]{0,2147483647}$/u)",
    ],
    [
      "one past it",
      { kind: "string", patterns: [], minLength: 1, maxLength: 2 ** 31 },
      "z.string().min(1).max(2147483648)",
    ],
    [
      "patterns",
      {
        kind: "string",
        patterns: [
          { source: "^a/b", text: "^a/b" },
          { source: "\\p{L}", text: "\u001b[2J" },
        ],
      },
      'z.string().refine(linearPattern("^a/b"), "must match the pattern \\"^a/b\\"").refine(linearPattern("\\\\p{L}"), "must match the pattern \\"\\\\u001b[2J\\"")',
    ],
    [
      "known format",
      { kind: "string", patterns: [], format: "uuid", minLength: 1 },
      "z.guid().min(1)",
    ],
    ["unknown format", { kind: "string", patterns: [], format: "credit-card" }, "z.string()"],
    [
      "inherited name as format",
      { kind: "string", patterns: [], format: "constructor" },
      "z.string()",
    ],
  ];
  it.each(cases)("%s", (_, node, want) => {
    expect(zodString(node)).toBe(want);
  });

  it("knows the formats zod checks", () => {
    expect(ZOD_FORMATS).toEqual([
      "email",
      "uri",
      "url",
      "uuid",
      "date-time",
      "date",
      "duration",
      "ipv4",
      "ipv6",
      "hostname",
    ]);
  });

  it("measures length in code points", () => {
    const check = new RegExp("^[\\s\\S]{2,2}$", "u");
    expect(["😀😀", "ab", "😀", "abc"].map((s) => check.test(s))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("zodNumber", () => {
  const cases: ReadonlyArray<[NumberNode, string]> = [
    [{ kind: "number", integer: false }, "z.number()"],
    [{ kind: "number", integer: true, minimum: 1 }, "z.number().int().min(1)"],
    [
      {
        kind: "number",
        integer: false,
        minimum: -1,
        exclusiveMinimum: -2,
        maximum: 1e21,
        exclusiveMaximum: 5,
        multipleOf: 0.5,
      },
      "z.number().min(-1).gt(-2).max(1e+21).lt(5).multipleOf(0.5)",
    ],
  ];
  it.each(cases)("%j → %s", (node, want) => {
    expect(zodNumber(node)).toBe(want);
  });
});

describe("zodLiterals", () => {
  const cases: ReadonlyArray<[JsonValue[], string]> = [
    [[], "z.never()"],
    [["a"], 'z.literal("a")'],
    [[null], "z.literal(null)"],
    [["a", "b"], 'z.enum(["a", "b"])'],
    [["a", 1, false], 'z.literal(["a", 1, false])'],
    [[{ a: [1, null] }], "z.strictObject({ a: z.tuple([z.literal(1), z.literal(null)]) })"],
    [[[], {}, "x"], 'z.union([z.literal("x"), z.tuple([]), z.strictObject({})])'],
    [
      [JSON.parse('{"__proto__": 1, "a-b": 2}') as JsonValue],
      'z.strictObject({ ["__proto__"]: z.literal(1), "a-b": z.literal(2) })',
    ],
    [['"); x("', "\u2028"], 'z.enum(["\\"); x(\\"", "\\u2028"])'],
  ];
  it.each(cases)("%j → %s", (values, want) => {
    expect(zodLiterals(values)).toBe(want);
  });
});

describe("shapeKey", () => {
  it("compute __proto__ and quote non-identifiers", () => {
    expect(["a", "__proto__", "a b", "constructor"].map(shapeKey)).toEqual([
      "a",
      '["__proto__"]',
      '"a b"',
      "constructor",
    ]);
  });
});
