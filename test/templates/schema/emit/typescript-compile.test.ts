import { describe, expect, it } from "vitest";
import { compileGenerated } from "../compile-generated.js";
import { typeOf } from "../to-typescript-helpers.js";

describe("emitted types under tsc --strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess", () => {
  const schemas: Record<string, unknown> = {
    Weather: {
      type: "object",
      properties: {
        city: { type: "string", description: "City */ name" },
        days: { type: "integer", minimum: 1 },
        unit: { enum: ["celsius", "fahrenheit"] },
        coords: {
          type: "array",
          prefixItems: [{ type: "number" }, { type: "number" }],
          items: false,
          minItems: 2,
        },
      },
      required: ["city"],
      additionalProperties: false,
    },
    Tree: {
      $defs: {
        node: {
          type: "object",
          properties: {
            value: { type: "integer" },
            kids: { type: "array", items: { $ref: "#/$defs/node" } },
          },
          required: ["value"],
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/node",
    },
    Mixed: {
      type: "object",
      properties: { id: { type: "string" }, n: { type: "number" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: { type: "integer" },
    },
    Nested: {
      type: "object",
      properties: { a: { type: "object", properties: { b: { type: "string" } } } },
      additionalProperties: { type: "number" },
    },
    Shape: {
      oneOf: [
        {
          type: "object",
          properties: { kind: { const: "circle" }, r: { type: "number" } },
          required: ["kind", "r"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { kind: { const: "square" }, side: { type: "number" } },
          required: ["kind", "side"],
          additionalProperties: false,
        },
      ],
    },
    Mutual: {
      $defs: {
        T: { type: "array", items: { $ref: "#/$defs/U" } },
        U: { anyOf: [{ $ref: "#/$defs/T" }, { type: "string" }] },
      },
      $ref: "#/$defs/T",
    },
    Hostile: {
      type: "object",
      description: "*/ export const pwned = 1; /*",
      properties: JSON.parse(
        '{"a\\"b": {"type":"string", "description": "*/ x"}, "line\\nbreak": {"type":"string"}, "__proto__": {"type":"string"}, "constructor": {"type":"number"}, "sep\\u2028x": {"enum":["\\u2029", "*/"]}}',
      ),
      required: ["__proto__", "constructor"],
      additionalProperties: false,
    },
    Literals: { enum: [-1, 0.5, "x", true, null, { k: [1, "y"] }, [], {}] },
    Open: true,
    Nothing: false,
  };

  const checks = `
export const w1 = { city: "Oslo" } satisfies Weather;
export const w2 = { city: "Oslo", days: 3, unit: "celsius", coords: [1, 2] } satisfies Weather;
export const w3: Weather = { city: "Oslo", days: undefined };
// @ts-expect-error a required property is missing
export const w4: Weather = { days: 1 };
// @ts-expect-error a value outside the enum
export const w5: Weather = { city: "Oslo", unit: "kelvin" };
// @ts-expect-error a closed object takes no other keys
export const w6: Weather = { city: "Oslo", extra: 1 };
// @ts-expect-error minItems makes both tuple elements required
export const w7: Weather = { city: "Oslo", coords: [1] };
// @ts-expect-error the tuple is closed
export const w8: Weather = { city: "Oslo", coords: [1, 2, 3] };
export const t1: Tree = { value: 1, kids: [{ value: 2, kids: [] }] };
// @ts-expect-error recursion keeps the element type
export const t2: Tree = { value: 1, kids: [{ value: "2" }] };
export const m1: Mixed = { id: "a", n: 1.5, "x-flag": true, other: 3 };
export const m2: number | string | boolean | undefined = m1["anything"];
// @ts-expect-error an index signature value outside the union
export const m3: Mixed = { other: [] };
export const n1: Nested = { a: { b: "x" }, extra: 1 };
export const s1: Shape = { kind: "circle", r: 1 };
// @ts-expect-error the union does not mix members
export const s2: Shape = { kind: "circle", side: 1 };
export const u1: Mutual = [["a", ["b"]], "c"];
// @ts-expect-error numbers are not in the recursive union
export const u2: Mutual = [[1]];
export const h1: Hostile = { ["__proto__"]: "own", constructor: 1, "sep\\u2028x": "*/" };
// @ts-expect-error a required __proto__ is a property like any other
export const h3: Hostile = { constructor: 1 };
// @ts-expect-error hostile enum values are still literals
export const h2: Hostile = { constructor: 1, "sep\\u2028x": "other" };
export const l1: Literals[] = [-1, 0.5, "x", true, null, { k: [1, "y"] }, [], {}];
// @ts-expect-error literal shapes are exact
export const l2: Literals = { k: [2, "y"] };
export const o1: Open = Symbol("anything");
// @ts-expect-error false admits nothing
export const x1: Nothing = null;
`;

  it("compiles, and the types are precise", () => {
    const declarations = Object.entries(schemas).map(([name, schema]) => typeOf(schema, name));
    const source = `${declarations.join("\n\n")}\n${checks}`;
    expect(compileGenerated({ "types.ts": source })).toEqual([]);
    // The hostile description is still inside its comment: no statement starts with it.
    expect(source.split("\n").filter((line) => line.includes("pwned"))).toEqual([
      "/** *\\/ export const pwned = 1; /* */",
    ]);
  });
});
