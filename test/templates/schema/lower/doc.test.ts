import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaDoc } from "../../../../templates/schema/schema-node.js";

function rootDoc(schema: unknown): SchemaDoc | undefined {
  return prepareSchema(schema).definitions[0]?.doc;
}

describe("readDoc", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaDoc | undefined }> = [
    { name: "nothing to show", given: { type: "string" }, want: undefined },
    { name: "a boolean schema", given: true, want: undefined },
    {
      name: "every annotation",
      given: {
        title: "T",
        description: "D",
        format: "uri",
        default: { a: [1] },
        examples: ["x", 2],
        deprecated: true,
        minLength: 1,
        pattern: "^a",
        uniqueItems: true,
      },
      want: {
        title: "T",
        description: "D",
        format: "uri",
        default: { value: { a: [1] } },
        examples: ["x", 2],
        deprecated: true,
        constraints: [
          ["minLength", "1"],
          ["pattern", "^a"],
          ["uniqueItems", ""],
        ],
      },
    },
    {
      name: "a null default",
      given: { default: null },
      want: { default: { value: null }, examples: [], deprecated: false, constraints: [] },
    },
    {
      name: "wrongly typed annotations are skipped",
      given: { title: 1, description: ["x"], deprecated: "yes", minimum: "1" },
      want: undefined,
    },
    {
      // What zod's .int() writes on every integer (the SDK's schemas): a number says that already.
      name: "bounds that only restate the safe-integer range are not shown",
      given: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      want: undefined,
    },
    {
      name: "a safe-integer bound beside a real one: only the real one",
      given: { type: "integer", minimum: 1, maximum: 9007199254740991 },
      want: { examples: [], deprecated: false, constraints: [["minimum", "1"]] },
    },
    {
      name: "the same number under another keyword is a constraint",
      given: { type: "integer", exclusiveMaximum: 9007199254740991, minimum: 9007199254740991 },
      want: {
        examples: [],
        deprecated: false,
        constraints: [
          ["minimum", "9007199254740991"],
          ["exclusiveMaximum", "9007199254740991"],
        ],
      },
    },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(rootDoc(given)).toEqual(want);
  });

  it("checks default and examples as JSON within the bounds", () => {
    expect(() => rootDoc({ default: { a: [[[1]]] } })).not.toThrow();
    // Past a bound the part is set aside (typed as unknown) with a warning at the value.
    const deep = prepareSchema({ default: [[[1]]] }, { maxDepth: 2 });
    expect(deep.definitions[0]?.node).toEqual({ kind: "unknown" });
    expect(deep.diagnostics).toEqual([
      {
        pointer: "/default/0/0",
        message: "schema is nested more than 2 levels deep; typed as unknown",
        level: "warning",
      },
    ]);
    const many = prepareSchema({ examples: [1, 2, 3] }, { maxValues: 2 });
    expect(many.diagnostics.map((d) => d.pointer)).toEqual(["/examples/2"]);
  });
});
