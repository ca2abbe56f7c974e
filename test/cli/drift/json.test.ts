import { describe, expect, it } from "vitest";
import {
  canonical,
  isAnnotation,
  keyName,
  preview,
  quote,
  structuralKey,
  withoutAnnotations,
} from "../../../cli/drift/json.js";

describe("canonical", () => {
  const table: readonly (readonly [unknown, string])[] = [
    [{ b: 1, a: [{ d: 1, c: 2 }] }, '{"a":[{"c":2,"d":1}],"b":1}'],
    [[3, 1], "[3,1]"],
    ["x", '"x"'],
    [null, "null"],
    [undefined, "null"],
    [JSON.parse('{"__proto__": 1}'), '{"__proto__":1}'],
  ];
  it.each(table)("%j → %s", (given, want) => {
    expect(canonical(given)).toBe(want);
  });
});

describe("withoutAnnotations and structuralKey", () => {
  const table: readonly (readonly [unknown, unknown])[] = [
    [{ type: "string", description: "d", title: "t", default: "x", "x-a": 1 }, { type: "string" }],
    // Schemas inside keywords lose annotations; property names and enum values are data.
    [
      {
        properties: { description: { type: "string", description: "d" } },
        enum: [{ description: "v" }],
      },
      { properties: { description: { type: "string" } }, enum: [{ description: "v" }] },
    ],
    [
      {
        anyOf: [{ type: "null", title: "t" }],
        items: { examples: [1] },
        additionalProperties: { $comment: "c" },
      },
      { anyOf: [{ type: "null" }], items: {}, additionalProperties: {} },
    ],
    [
      { $defs: { a: { description: "d" } }, not: { title: "t" } },
      { $defs: { a: {} }, not: {} },
    ],
    [true, true],
  ];
  it.each(table)("%j → %j", (given, want) => {
    expect(withoutAnnotations(given)).toEqual(want);
  });

  it("treats true as {} and ignores key order", () => {
    expect(structuralKey(true)).toBe(structuralKey({}));
    expect(structuralKey({ a: 1, b: 2, description: "x" })).toBe(structuralKey({ b: 2, a: 1 }));
  });

  it("keeps __proto__ as a key", () => {
    const schema = JSON.parse('{"properties": {"__proto__": {"type": "string", "title": "t"}}}');
    expect(canonical(withoutAnnotations(schema))).toBe(
      '{"properties":{"__proto__":{"type":"string"}}}',
    );
  });
});

describe("isAnnotation", () => {
  const table: readonly (readonly [string, boolean])[] = [
    ["description", true],
    ["x-anything", true],
    ["default", true],
    ["type", false],
    ["required", false],
    ["pattern", false],
  ];
  it.each(table)("%s → %s", (given, want) => {
    expect(isAnnotation(given)).toBe(want);
  });
});

describe("quote, keyName and preview", () => {
  const quotes: readonly (readonly [string, string])[] = [
    ["plain", '"plain"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ["line\nbreak\ttab", '"line\\nbreak\\ttab"'],
    ["\u001b[31mred", '"\\u001b[31mred"'],
    ["bidi\u202eevil\u2066\u061c", '"bidi\\u202eevil\\u2066\\u061c"'],
    ["zero\u200bwidth\u2028sep\u00ad", '"zero\\u200bwidth\\u2028sep\\u00ad"'],
    ["\u0085next line", '"\\u0085next line"'],
    ["Zürich ☀", '"Zürich ☀"'],
    // Written as the generator writes it: UTF-16 escapes, which JSON readers also take.
    ["tag\u{e0041}", '"tag\\udb40\\udc41"'],
  ];
  it.each(quotes)("quote(%j) is %s", (given, want) => {
    expect(quote(given)).toBe(want);
  });

  const names: readonly (readonly [string, string])[] = [
    ["description", "description"],
    ["x-order", "x-order"],
    ["$ref", "$ref"],
    ["has space", '"has space"'],
    ["", '""'],
  ];
  it.each(names)("keyName(%j) is %s", (given, want) => {
    expect(keyName(given)).toBe(want);
  });

  const previews: readonly (readonly [unknown, number, string])[] = [
    ["short", 60, '"short"'],
    [{ b: 1, a: "\u202e" }, 60, '{"a":"\\u202e","b":1}'],
    ["abcdefghij", 6, '"abcd…'],
    ["😀😀😀😀", 4, '"😀😀…'],
    [42, 60, "42"],
  ];
  it.each(previews)("preview(%j, %d) is %s", (given, limit, want) => {
    expect(preview(given, limit)).toBe(want);
  });
});
