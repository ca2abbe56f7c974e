import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../templates/schema/prepare.js";
import { definitions, failure } from "./prepare-helpers.js";

describe("prepareSchema: dialects", () => {
  const cases: ReadonlyArray<{ given: unknown; want: string }> = [
    { given: { type: "string" }, want: "2020-12" },
    { given: true, want: "2020-12" },
    { given: { $schema: "https://json-schema.org/draft/2020-12/schema" }, want: "2020-12" },
    { given: { $schema: "https://json-schema.org/draft/2019-09/schema" }, want: "2019-09" },
    { given: { $schema: "http://json-schema.org/draft-07/schema#" }, want: "draft-07" },
    { given: { $schema: "https://json-schema.org/draft-07/schema" }, want: "draft-07" },
    { given: { $schema: "http://json-schema.org/draft-06/schema#" }, want: "draft-06" },
    { given: { $schema: "http://json-schema.org/draft-04/schema#" }, want: "draft-04" },
  ];
  it.each(cases)("reads $want from $given", ({ given, want }) => {
    expect(prepareSchema(given).dialect).toBe(want);
  });

  it("rejects an unknown dialect, naming it and the supported ones", () => {
    expect(failure({ $schema: "http://json-schema.org/draft-03/schema#" })).toEqual({
      pointer: "/$schema",
      message:
        'unsupported JSON Schema dialect "http://json-schema.org/draft-03/schema#"; supported: 2020-12, 2019-09, draft-07, draft-06, draft-04; typed as unknown',
    });
  });

  it("normalises draft-07: definitions, tuple items, $ref hiding its siblings", () => {
    const prepared = prepareSchema({
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: { name: { type: "string" } },
      type: "array",
      items: [{ $ref: "#/definitions/name", type: "number" }],
      additionalItems: false,
    });
    expect(prepared.definitions[0]?.node).toEqual({
      kind: "array",
      prefix: [{ kind: "ref", index: 1 }],
      requiredPrefix: 0,
      rest: { kind: "never" },
    });
    expect(definitions(prepared)).toEqual(["(root) #", "Name /definitions/name"]);
  });

  it("keeps the siblings of $ref from 2019-09 on", () => {
    const prepared = prepareSchema({
      $defs: { a: { type: "string" } },
      $ref: "#/$defs/a",
      minLength: 1,
    });
    expect(prepared.definitions[0]?.node).toEqual({
      kind: "intersection",
      members: [
        { kind: "string", patterns: [], minLength: 1 },
        { kind: "ref", index: 1 },
      ],
      pointer: "",
    });
  });

  it("reads draft-04 boolean exclusive bounds", () => {
    const prepared = prepareSchema({
      $schema: "http://json-schema.org/draft-04/schema#",
      type: "number",
      minimum: 1,
      exclusiveMinimum: true,
      maximum: 2,
    });
    expect(prepared.definitions[0]?.node).toEqual({
      kind: "number",
      integer: false,
      exclusiveMinimum: 1,
      maximum: 2,
    });
  });
});

describe("prepareSchema: bounds", () => {
  it("rejects a 10,000-deep nesting without exhausting the stack", () => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 10_000; i += 1) schema = { type: "object", properties: { a: schema } };
    const { pointer, message } = failure(schema);
    expect(pointer).toBe("/properties/a".repeat(64) + "/properties");
    expect(message).toMatch(/^schema is nested more than 128 levels deep; typed as unknown$/);
  });

  it("stops a cyclic object (from an in-process server) at the depth bound", () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema["properties"] = { self: schema };
    expect(failure(schema).message).toMatch(/^schema is nested more than 128 levels deep/);
  });

  const limits: ReadonlyArray<{
    name: string;
    given: unknown;
    options: Parameters<typeof prepareSchema>[1];
    want: string;
  }> = [
    {
      name: "depth",
      given: { type: "array", items: { type: "array", items: { type: "string" } } },
      options: { maxDepth: 1 },
      want: "schema is nested more than 1 levels deep; typed as unknown",
    },
    {
      name: "subschemas",
      given: { anyOf: [true, true, true] },
      options: { maxSubschemas: 3 },
      want: "schema has more than 3 subschemas; typed as unknown",
    },
    {
      name: "values",
      given: { enum: [1, 2, 3, [4, 5]] },
      options: { maxValues: 4 },
      want: "schema has more than 4 values in enum, const, default and examples; typed as unknown",
    },
    {
      name: "key length",
      given: { type: "object", properties: { ["k".repeat(11)]: true } },
      options: { maxKeyLength: 10 },
      want: "an object key is longer than 10 characters; typed as unknown",
    },
    {
      name: "pattern length",
      given: { type: "string", pattern: "a".repeat(11) },
      options: { maxPatternLength: 10 },
      want: "pattern is longer than 10 characters; typed as unknown",
    },
  ];
  it.each(limits)("enforces the $name bound", ({ given, options, want }) => {
    expect(failure(given, options).message).toBe(want);
  });

  it("accepts a wide schema within the bounds", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [`p${i}`, { type: "string", enum: ["a", "b"] }]),
    );
    const prepared = prepareSchema({ type: "object", properties });
    expect(prepared.definitions[0]?.node.kind).toBe("object");
  });
});

describe("prepareSchema: what is not a schema", () => {
  const cases: ReadonlyArray<{ given: unknown; want: { pointer: string; message: string } }> = [
    {
      given: null,
      want: { pointer: "", message: "a schema must be an object or a boolean; typed as unknown" },
    },
    {
      given: "string",
      want: { pointer: "", message: "a schema must be an object or a boolean; typed as unknown" },
    },
    {
      given: [],
      want: { pointer: "", message: "a schema must be an object or a boolean; typed as unknown" },
    },
    {
      given: new Date(0),
      want: { pointer: "", message: "a schema must be an object or a boolean; typed as unknown" },
    },
    {
      given: { properties: { a: 5 } },
      want: {
        pointer: "/properties/a",
        message: "a schema must be an object or a boolean, not a number; typed as unknown",
      },
    },
    {
      given: { allOf: { a: true } },
      want: { pointer: "/allOf", message: "must be an array of schemas; typed as unknown" },
    },
    {
      given: { properties: [] },
      want: {
        pointer: "/properties",
        message: "must be an object whose values are schemas; typed as unknown",
      },
    },
    {
      given: { type: "text" },
      want: {
        pointer: "/type",
        message: 'type "text" is not a JSON Schema type; typed as unknown',
      },
    },
    {
      given: { $ref: 5 },
      want: { pointer: "/$ref", message: "$ref must be a string; typed as unknown" },
    },
    {
      given: { const: Number.NaN },
      want: {
        pointer: "/const",
        message: "a number in the schema is not finite; typed as unknown",
      },
    },
    {
      given: { default: () => 1 },
      want: {
        pointer: "/default",
        message: "a value in the schema is not JSON (function); typed as unknown",
      },
    },
  ];
  it.each(cases)("rejects $given", ({ given, want }) => {
    expect(failure(given)).toEqual(want);
  });
});

describe("prepareSchema: diagnostics", () => {
  it("lists what it read leniently or cannot enforce", () => {
    const prepared = prepareSchema({
      type: "object",
      properties: {
        a: { type: "string", pattern: "(" },
        b: { type: "array", uniqueItems: true, minItems: -1 },
      },
      minProperties: 1,
    });
    expect(prepared.diagnostics).toEqual([
      {
        pointer: "",
        message: "not expressed in the type nor checked by the validator: minProperties",
        level: "warning",
      },
      {
        pointer: "/properties/a/pattern",
        message:
          "pattern is not an ECMAScript regular expression with the u flag; the validator does not check it",
        level: "warning",
      },
      {
        pointer: "/properties/b",
        message: "not expressed in the type nor checked by the validator: uniqueItems",
        level: "warning",
      },
      {
        pointer: "/properties/b/minItems",
        message: "minItems must be a non-negative integer; ignored",
        level: "note",
      },
    ]);
  });
});
