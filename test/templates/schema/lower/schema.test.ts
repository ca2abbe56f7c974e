import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";

function root(schema: unknown): SchemaNode | undefined {
  return prepareSchema(schema).definitions[0]?.node;
}

const str: SchemaNode = { kind: "string", patterns: [] };

describe("lowerAt: a schema object is the conjunction of its keywords", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaNode }> = [
    { name: "true", given: true, want: { kind: "unknown" } },
    { name: "false", given: false, want: { kind: "never" } },
    { name: "no keywords", given: { description: "anything" }, want: { kind: "unknown" } },
    {
      name: "type with allOf",
      given: { type: "string", allOf: [{ minLength: 2 }] },
      want: { kind: "intersection", members: [str, { ...str, minLength: 2 }], pointer: "" },
    },
    {
      name: "anyOf and oneOf side by side",
      given: { anyOf: [{ type: "string" }, { type: "null" }], oneOf: [{ type: "string" }, true] },
      want: {
        kind: "intersection",
        members: [
          { kind: "union", members: [str, { kind: "null" }], exclusive: false },
          { kind: "union", members: [str, { kind: "unknown" }], exclusive: true },
        ],
        pointer: "",
      },
    },
    {
      name: "reference beside type (2020-12)",
      given: { type: "string", $ref: "#/$defs/a", $defs: { a: { maxLength: 3 } } },
      want: { kind: "intersection", members: [str, { kind: "ref", index: 1 }], pointer: "" },
    },
    { name: "an empty anyOf admits nothing", given: { anyOf: [] }, want: { kind: "never" } },
    {
      name: "allOf with false",
      given: { type: "string", allOf: [false] },
      want: { kind: "never" },
    },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(root(given)).toEqual(want);
  });

  it("turns a subschema that is a reference target into a reference, lowering it once", () => {
    const prepared = prepareSchema({
      type: "object",
      properties: { a: { type: "string", description: "A" }, b: { $ref: "#/properties/a" } },
      additionalProperties: false,
    });
    expect(prepared.definitions[0]?.node).toEqual({
      kind: "object",
      properties: [
        {
          name: "a",
          required: false,
          node: { kind: "ref", index: 1 },
          doc: { description: "A", examples: [], deprecated: false, constraints: [] },
        },
        { name: "b", required: false, node: { kind: "ref", index: 1 } },
      ],
      patternProperties: [],
      additional: { kind: "never" },
    });
    expect(prepared.definitions[1]?.node).toEqual(str);
  });
});
