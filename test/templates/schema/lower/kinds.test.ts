import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";

function root(schema: unknown): SchemaNode | undefined {
  return prepareSchema(schema).definitions[0]?.node;
}

describe("lowerBase", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaNode }> = [
    { name: "null", given: { type: "null" }, want: { kind: "null" } },
    { name: "boolean", given: { type: "boolean" }, want: { kind: "boolean" } },
    { name: "integer", given: { type: "integer" }, want: { kind: "number", integer: true } },
    {
      name: "integer within number",
      given: { type: ["integer", "number"] },
      want: { kind: "number", integer: false },
    },
    {
      name: "type array with nullable",
      given: { type: ["string", "null", "string"] },
      want: {
        kind: "union",
        members: [{ kind: "string", patterns: [] }, { kind: "null" }],
        exclusive: false,
      },
    },
    { name: "empty type array", given: { type: [] }, want: { kind: "never" } },
    {
      name: "string keywords",
      given: { type: "string", minLength: 0, maxLength: 9, pattern: "^a", format: "email" },
      want: {
        kind: "string",
        patterns: [{ source: "^a", text: "^a" }],
        maxLength: 9,
        format: "email",
      },
    },
    {
      name: "impossible lengths",
      given: { type: "string", minLength: 2, maxLength: 1 },
      want: { kind: "never" },
    },
    {
      name: "number keywords",
      given: {
        type: "number",
        minimum: -1,
        maximum: 1e21,
        exclusiveMinimum: -2,
        exclusiveMaximum: 5,
        multipleOf: 0.5,
      },
      want: {
        kind: "number",
        integer: false,
        minimum: -1,
        maximum: 1e21,
        exclusiveMinimum: -2,
        exclusiveMaximum: 5,
        multipleOf: 0.5,
      },
    },
    {
      name: "multipleOf 0 ignored",
      given: { type: "number", multipleOf: 0 },
      want: { kind: "number", integer: false },
    },
    {
      name: "enum",
      given: { enum: ["a", 1, "a", { x: 1 }, { x: 1.0 }] },
      want: { kind: "literal", values: ["a", 1, { x: 1 }] },
    },
    {
      name: "enum filtered by type",
      given: { type: ["integer", "null"], enum: [1, 1.5, "1", null] },
      want: { kind: "literal", values: [1, null] },
    },
    { name: "const null", given: { const: null }, want: { kind: "literal", values: [null] } },
    {
      name: "const in enum",
      given: { const: { a: [1] }, enum: [{ a: [1] }, 2] },
      want: { kind: "literal", values: [{ a: [1] }] },
    },
    { name: "const outside enum", given: { const: 3, enum: [1, 2] }, want: { kind: "never" } },
    { name: "const outside type", given: { type: "string", const: 3 }, want: { kind: "never" } },
    {
      name: "implied object",
      given: { properties: { a: true } },
      want: {
        kind: "object",
        properties: [{ name: "a", required: false, node: { kind: "unknown" } }],
        patternProperties: [],
        additional: { kind: "unknown" },
        additionalUnstated: true,
      },
    },
    {
      name: "implied array",
      given: { minItems: 2 },
      want: {
        kind: "array",
        prefix: [],
        requiredPrefix: 0,
        rest: { kind: "unknown" },
        minItems: 2,
      },
    },
    {
      name: "implied string or number",
      given: { maxLength: 3, maximum: 3 },
      want: {
        kind: "union",
        members: [
          { kind: "string", patterns: [], maxLength: 3 },
          { kind: "number", integer: false, maximum: 3 },
        ],
        exclusive: false,
      },
    },
    { name: "format alone implies nothing", given: { format: "email" }, want: { kind: "unknown" } },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(root(given)).toEqual(want);
  });

  it("reports a pattern that is not a JavaScript regex and skips it", () => {
    const prepared = prepareSchema({ type: "string", pattern: "[" });
    expect(prepared.definitions[0]?.node).toEqual({ kind: "string", patterns: [] });
    expect(prepared.diagnostics.map((d) => d.pointer)).toEqual(["/pattern"]);
  });

  it("sets aside a type name JSON Schema does not have: unknown, with a warning", () => {
    const prepared = prepareSchema({ type: ["string", "date"] });
    expect(prepared.definitions[0]?.node).toEqual({ kind: "unknown" });
    expect(prepared.diagnostics).toEqual([
      {
        pointer: "/type",
        message: 'type "date" is not a JSON Schema type; typed as unknown',
        level: "warning",
      },
    ]);
    expect(prepareSchema({ type: 1 }).diagnostics[0]?.message).toBe(
      "type number is not a JSON Schema type; typed as unknown",
    );
  });

  it("ignores malformed counts with a diagnostic", () => {
    const prepared = prepareSchema({ type: "string", minLength: "2", maxLength: 1.5 });
    expect(prepared.definitions[0]?.node).toEqual({ kind: "string", patterns: [] });
    expect(prepared.diagnostics.map((d) => d.message)).toEqual([
      "minLength must be a non-negative integer; ignored",
      "maxLength must be a non-negative integer; ignored",
    ]);
  });
});
