import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { compileGenerated, schemaModule } from "../compile-generated.js";
import { evaluateZod } from "../evaluate-zod.js";
import { referenceValidate } from "../reference-validator.js";
import { keywordCases } from "../to-zod-cases.js";
import { valuesFor } from "../value-arbitrary.js";

describe("emitted validators", () => {
  it("compile with the emitted types, and their output is assignable to those types", () => {
    const files: Record<string, string> = {};
    keywordCases.forEach(({ name, given }, i) => {
      files[`case-${i}.ts`] = `// ${name}\n${schemaModule(given)}`;
    });
    expect(compileGenerated(files)).toEqual([]);
  });

  // The JSON Schema oracle and the validator must agree on every generated value. Known,
  // documented gaps are kept out of these schemas: formats (zod's are stricter), integers beyond
  // 2^53 (zod's int() rejects them) and allOf of closed objects (zod merges keys, as types do).
  const agreementSchemas: Record<string, unknown> = {
    "closed object with bounds": {
      type: "object",
      properties: {
        city: { type: "string", minLength: 2, maxLength: 3 },
        days: { type: "integer", minimum: 1, maximum: 10 },
        ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        step: { type: "integer", multipleOf: 3 },
      },
      required: ["city"],
      additionalProperties: false,
    },
    "nullable, enum and const": {
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { enum: ["x", 1, null, true, { k: [1] }, []] },
        c: { const: "x" },
        d: { type: ["integer", "boolean"] },
      },
    },
    "tuple with rest and counts": {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: { type: "boolean" },
      minItems: 1,
      maxItems: 3,
    },
    "closed tuple": {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: false,
      minItems: 1,
    },
    "array counts": { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 2 },
    "anyOf beside oneOf": {
      anyOf: [
        { type: "string", maxLength: 1 },
        { type: "number", minimum: 0 },
      ],
      oneOf: [{ type: "integer" }, { type: "number", minimum: 5 }, { type: "string" }],
    },
    "allOf, not, if/then/else": {
      type: "object",
      allOf: [
        { properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { type: "number" } } },
      ],
      not: { required: ["c"] },
      if: { properties: { a: { const: "x" } } },
      then: { required: ["b"] },
      else: { properties: { b: { maximum: 0 } } },
    },
    "patternProperties, closed": {
      type: "object",
      properties: { a: { type: "string" } },
      patternProperties: { "^x": { type: "number" }, "2$": { type: "integer" } },
      additionalProperties: false,
    },
    "patternProperties with additionalProperties": {
      type: "object",
      patternProperties: { "^x": { type: "number" } },
      additionalProperties: { type: "string" },
    },
    "recursive tree": {
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
    "code point lengths and pattern": {
      type: "string",
      minLength: 2,
      maxLength: 3,
      pattern: "^[a-z😀]+$",
    },
    "inherited names, additionalProperties": {
      type: "object",
      properties: {
        a: { type: "string" },
        constructor: { type: "string" },
        toString: { type: "number" },
      },
      additionalProperties: { type: "number" },
    },
    "not a string or number": { not: { type: ["string", "number"] } },
    "const object": { const: { a: [1, { b: null }] } },
    "required but undeclared": {
      type: "object",
      required: ["a", "b"],
      properties: { a: { type: "string" } },
      additionalProperties: { type: "number" },
    },
  };

  it.each(Object.entries(agreementSchemas))("agree with JSON Schema: %s", (_, schema) => {
    const validator = evaluateZod(
      schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
    );
    const values = valuesFor(schema as boolean | Record<string, unknown>);
    fc.assert(
      fc.property(
        values,
        (value) =>
          validator.safeParse(value).success ===
          referenceValidate(schema as boolean | Record<string, unknown>, value),
      ),
      { numRuns: 400 },
    );
  });

  it("see only own keys, so an absent inherited name is absent", () => {
    const validator = evaluateZod(
      schemaToZod(
        prepareSchema({
          type: "object",
          properties: { constructor: { type: "string" } },
          additionalProperties: false,
        }),
        {
          constName: "v",
          typeName: "V",
        },
      ),
    );
    expect(
      [{}, { constructor: "x" }, { constructor: 1 }, { toString: "x" }].map(
        (value) => validator.safeParse(value).success,
      ),
    ).toEqual([true, true, false, false]);
  });

  it("admit the keys of either member of an allOf of closed objects, as the type does (a documented gap)", () => {
    const schema = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
        { type: "object", properties: { b: { type: "number" } }, additionalProperties: false },
      ],
    };
    const validator = evaluateZod(
      schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
    );
    expect(
      [{ a: "x", b: 1 }, { a: "x", b: 1, c: 2 }, { a: 1 }].map(
        (value) => validator.safeParse(value).success,
      ),
    ).toEqual([true, false, false]);
    expect(referenceValidate(schema, { a: "x", b: 1 })).toBe(false);
  });

  it("reject integers beyond 2^53, a documented gap", () => {
    const validator = evaluateZod(
      schemaToZod(prepareSchema({ type: "integer" }), { constName: "v", typeName: "V" }),
    );
    expect([2 ** 53 - 1, 2 ** 53].map((value) => validator.safeParse(value).success)).toEqual([
      true,
      false,
    ]);
  });
});
