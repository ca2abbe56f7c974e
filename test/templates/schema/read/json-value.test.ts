import { describe, expect, it } from "vitest";
import { Budget } from "../../../../templates/schema/read/bounds.js";
import {
  canonicalJson,
  checkJsonValue,
  has,
  isPlainObject,
  jsonTypeOf,
  own,
} from "../../../../templates/schema/read/json-value.js";
import type { JsonValue } from "../../../../templates/schema/schema-node.js";

describe("isPlainObject", () => {
  const cases: ReadonlyArray<[string, unknown, boolean]> = [
    ["object literal", { a: 1 }, true],
    ["null prototype", Object.create(null), true],
    ["parsed with __proto__", JSON.parse('{"__proto__": 1}'), true],
    ["array", [], false],
    ["null", null, false],
    ["date", new Date(0), false],
    ["map", new Map(), false],
    ["class instance", new (class Thing {})(), false],
    ["string", "x", false],
  ];
  it.each(cases)("%s → %s", (_, value, want) => {
    expect(isPlainObject(value)).toBe(want);
  });
});

describe("own and has", () => {
  it("read own keys only", () => {
    const parsed = JSON.parse('{"__proto__": {"type": "string"}, "a": 1}') as Record<
      string,
      unknown
    >;
    expect(own(parsed, "__proto__")).toEqual({ type: "string" });
    expect(own({}, "constructor")).toBeUndefined();
    expect(own({}, "toString")).toBeUndefined();
    expect(has({}, "constructor")).toBe(false);
    expect(has(parsed, "a")).toBe(true);
  });
});

describe("checkJsonValue", () => {
  it("returns JSON values unchanged", () => {
    const value = { a: [1, "x", null, true, { b: -0.5 }] };
    expect(checkJsonValue(value, "/const", 0, new Budget())).toBe(value);
  });

  const rejected: ReadonlyArray<[string, unknown, string]> = [
    ["NaN", Number.NaN, "a number in the schema is not finite (at #/v)"],
    ["Infinity", [Infinity], "a number in the schema is not finite (at #/v/0)"],
    ["undefined", { a: undefined }, "a value in the schema is not JSON (undefined) (at #/v/a)"],
    ["a bigint", 1n, "a value in the schema is not JSON (bigint) (at #/v)"],
    ["a date", new Date(0), "a value in the schema is not JSON (object) (at #/v)"],
  ];
  it.each(rejected)("rejects %s", (_, value, message) => {
    expect(() => checkJsonValue(value, "/v", 0, new Budget())).toThrow(message);
  });

  it("counts depth from the given level", () => {
    expect(() => checkJsonValue([[1]], "/v", 1, new Budget({ maxDepth: 2 }))).toThrow(
      "nested more than 2 levels deep (at #/v/0/0)",
    );
  });
});

describe("canonicalJson", () => {
  const cases: ReadonlyArray<[JsonValue, string]> = [
    [null, "null"],
    ["a", '"a"'],
    [1, "1"],
    [[1, { b: 1, a: 2 }], '[1,{"a":2,"b":1}]'],
    [JSON.parse('{"__proto__": 1, "z": 2}') as JsonValue, '{"__proto__":1,"z":2}'],
  ];
  it.each(cases)("%j → %s", (value, want) => {
    expect(canonicalJson(value)).toBe(want);
  });

  it("gives equal objects equal keys regardless of key order", () => {
    expect(canonicalJson({ a: 1, b: [2] })).toBe(canonicalJson({ b: [2], a: 1 }));
  });
});

describe("jsonTypeOf", () => {
  const cases: ReadonlyArray<[JsonValue, string]> = [
    [null, "null"],
    [true, "boolean"],
    ["s", "string"],
    [1, "integer"],
    [1.0, "integer"],
    [1.5, "number"],
    [[], "array"],
    [{}, "object"],
  ];
  it.each(cases)("%j → %s", (value, want) => {
    expect(jsonTypeOf(value)).toBe(want);
  });
});
