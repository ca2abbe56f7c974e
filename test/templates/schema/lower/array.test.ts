import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";

function root(schema: unknown): SchemaNode | undefined {
  return prepareSchema(schema).definitions[0]?.node;
}

const str: SchemaNode = { kind: "string", patterns: [] };
const bool: SchemaNode = { kind: "boolean" };

describe("lowerArray", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaNode }> = [
    {
      name: "items",
      given: { type: "array", items: { type: "string" } },
      want: { kind: "array", prefix: [], requiredPrefix: 0, rest: str },
    },
    {
      name: "no items",
      given: { type: "array" },
      want: { kind: "array", prefix: [], requiredPrefix: 0, rest: { kind: "unknown" } },
    },
    {
      name: "prefixItems with rest and minItems",
      given: {
        type: "array",
        prefixItems: [{ type: "string" }, { type: "boolean" }],
        items: { type: "boolean" },
        minItems: 1,
        maxItems: 4,
      },
      want: {
        kind: "array",
        prefix: [str, bool],
        requiredPrefix: 1,
        rest: bool,
        minItems: 1,
        maxItems: 4,
      },
    },
    {
      name: "minItems beyond the prefix",
      given: { type: "array", prefixItems: [{ type: "string" }], items: false, minItems: 3 },
      want: {
        kind: "array",
        prefix: [str],
        requiredPrefix: 1,
        rest: { kind: "never" },
        minItems: 3,
      },
    },
    {
      name: "draft-2019 tuple form",
      given: {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        type: "array",
        items: [{ type: "string" }],
        additionalItems: { type: "boolean" },
      },
      want: { kind: "array", prefix: [str], requiredPrefix: 0, rest: bool },
    },
    {
      name: "unevaluatedItems alone closes the tuple",
      given: { type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false },
      want: { kind: "array", prefix: [str], requiredPrefix: 0, rest: { kind: "never" } },
    },
    {
      name: "impossible counts",
      given: { type: "array", minItems: 3, maxItems: 2 },
      want: { kind: "never" },
    },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(root(given)).toEqual(want);
  });

  it("reports what it reads leniently or cannot enforce", () => {
    const prepared = prepareSchema({
      type: "array",
      items: [true],
      contains: { type: "string" },
      uniqueItems: true,
    });
    expect(prepared.diagnostics).toEqual([
      {
        pointer: "",
        message: "not expressed in the type nor checked by the validator: contains, uniqueItems",
        level: "warning",
      },
      { pointer: "/items", message: "an array of items is read as prefixItems", level: "note" },
    ]);
    expect(prepareSchema({ type: "array", uniqueItems: false }).diagnostics).toEqual([]);
  });
});
