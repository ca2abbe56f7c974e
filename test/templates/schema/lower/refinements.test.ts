import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";

function root(schema: unknown): SchemaNode | undefined {
  return prepareSchema(schema).definitions[0]?.node;
}

const str: SchemaNode = { kind: "string", patterns: [] };
const num: SchemaNode = { kind: "number", integer: false };

describe("combineRefinements", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaNode }> = [
    {
      name: "not",
      given: { type: "string", not: { const: "x" } },
      want: {
        kind: "refined",
        base: str,
        rules: [{ kind: "not", node: { kind: "literal", values: ["x"] } }],
      },
    },
    { name: "not {} admits nothing", given: { type: "string", not: {} }, want: { kind: "never" } },
    { name: "not false admits everything", given: { type: "string", not: false }, want: str },
    {
      name: "if/then/else",
      given: { if: { type: "string" }, then: { minLength: 1 }, else: { type: "number" } },
      want: {
        kind: "refined",
        base: { kind: "unknown" },
        rules: [{ kind: "if", if: str, then: { ...str, minLength: 1 }, else: num }],
      },
    },
    { name: "if without branches", given: { type: "string", if: { minLength: 1 } }, want: str },
    { name: "then without if", given: { type: "string", then: false }, want: str },
    {
      name: "if true takes then",
      given: { type: "string", if: true, then: { maxLength: 2 } },
      want: { kind: "intersection", members: [str, { ...str, maxLength: 2 }] },
    },
    {
      name: "if false takes else",
      given: { type: "string", if: false, then: false, else: { maxLength: 2 } },
      want: { kind: "intersection", members: [str, { ...str, maxLength: 2 }] },
    },
    {
      name: "both rules, in order",
      given: { type: "number", not: { const: 0 }, if: { minimum: 1 }, then: { multipleOf: 2 } },
      want: {
        kind: "refined",
        base: num,
        rules: [
          { kind: "not", node: { kind: "literal", values: [0] } },
          {
            kind: "if",
            if: { ...num, minimum: 1 },
            then: { ...num, multipleOf: 2 },
            else: { kind: "unknown" },
          },
        ],
      },
    },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(root(given)).toEqual(want);
  });
});
