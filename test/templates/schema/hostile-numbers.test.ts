/**
 * Every number a schema carries lands somewhere in generated code: a number literal, a literal
 * type, a regex quantifier. Whatever the number, the types must compile and the validators must
 * build and run; string lengths must mean what JSON Schema says.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../templates/schema/prepare.js";
import { schemaToZod } from "../../../templates/schema/emit/zod.js";
import { compileGenerated, schemaModule } from "./compile-generated.js";
import { evaluateZod } from "./evaluate-zod.js";
import { referenceValidate } from "./reference-validator.js";

type Schema = Record<string, unknown>;

/** Numbers JSON can carry that print oddly: exponents both ways, past 2^31 and 2^53, -0. */
const jsonNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(Number),
  fc.constantFrom(1e21, 1e308, -1e308, -0, 5e-324, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 2, 1e-7, 0.1),
);

/** Counts (`minLength`, `maxItems` …): mostly valid non-negative integers, some not. */
const jsonCount: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 5 }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 30n }).map(Number) },
  { weight: 2, arbitrary: fc.constantFrom(1e21, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e308) },
  { weight: 1, arbitrary: jsonNumber },
);

const stringSchema: fc.Arbitrary<Schema> = fc.record(
  { type: fc.constant("string"), minLength: jsonCount, maxLength: jsonCount, default: jsonNumber },
  { requiredKeys: ["type"] },
);

const numberSchema: fc.Arbitrary<Schema> = fc.record(
  {
    type: fc.constantFrom("number", "integer"),
    minimum: jsonNumber,
    maximum: jsonNumber,
    exclusiveMinimum: jsonNumber,
    exclusiveMaximum: jsonNumber,
    multipleOf: jsonNumber,
    default: jsonNumber,
    examples: fc.array(jsonNumber, { maxLength: 2 }),
  },
  { requiredKeys: ["type"] },
);

const arraySchema: fc.Arbitrary<Schema> = fc.record(
  {
    type: fc.constant("array"),
    prefixItems: fc.array(fc.constant({ type: "number" }), { maxLength: 2 }),
    items: fc.constantFrom<Schema | boolean>({ type: "string" }, false),
    minItems: jsonCount,
    maxItems: jsonCount,
  },
  { requiredKeys: ["type"] },
);

const literalSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ enum: fc.array(jsonNumber, { minLength: 1, maxLength: 4 }) }),
  fc.record({ const: jsonNumber }),
  fc.record({ const: fc.record({ n: jsonNumber, list: fc.array(jsonNumber, { maxLength: 2 }) }) }),
);

const numericSchema: fc.Arbitrary<Schema> = fc.oneof(
  stringSchema,
  numberSchema,
  arraySchema,
  literalSchema,
);

/** An object holding a few numeric schemas, closed so the whole shape is checked. */
const objectSchema: fc.Arbitrary<Schema> = fc
  .array(numericSchema, { minLength: 1, maxLength: 4 })
  .map((schemas) => ({
    type: "object",
    properties: Object.fromEntries(schemas.map((schema, i) => [`p${i}`, schema])),
    additionalProperties: false,
  }));

const probes: fc.Arbitrary<unknown> = fc.oneof(
  jsonNumber,
  fc.string({ maxLength: 4 }),
  fc.array(fc.oneof(jsonNumber, fc.string({ maxLength: 2 })), { maxLength: 4 }),
  fc.constant({}),
);

/** Invalid lengths are ignored with a note, which the reference validator does not do. */
function validLengths(schema: Schema): boolean {
  return ["minLength", "maxLength"].every((keyword) => {
    const value = schema[keyword];
    return value === undefined || (Number.isInteger(value) && (value as number) >= 0);
  });
}

describe("numbers in schemas", () => {
  const given: ReadonlyArray<readonly [string, Schema]> = [
    ["maxLength 1e21", { type: "string", maxLength: 1e21 }],
    ["minLength 1e21", { type: "string", minLength: 1e21 }],
    ["lengths past 2^31", { type: "string", minLength: 2 ** 31, maxLength: 2 ** 53 }],
    ["maxItems 1e21", { type: "array", maxItems: 1e21, minItems: 1e21 }],
    [
      "bounds with exponents",
      { type: "number", minimum: -1e308, maximum: 1e21, multipleOf: 5e-324 },
    ],
    ["literals with exponents", { enum: [1e21, -1e-7, 5e-324, -0], default: 1e308 }],
  ];

  it("the types compile and the validators build, for each given schema", () => {
    // One program for the whole table: each compile costs seconds.
    const files = Object.fromEntries(
      given.map(([name, schema], i) => [`case-${i}.ts`, `// ${name}\n${schemaModule(schema)}`]),
    );
    expect(compileGenerated(files)).toEqual([]);
    for (const [, schema] of given) {
      const validator = evaluateZod(
        schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
      );
      expect(() => validator.safeParse("a")).not.toThrow();
    }
  });

  it("string lengths past any string's length still mean what JSON Schema says", () => {
    const check = (schema: Schema, value: string): boolean =>
      evaluateZod(schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" })).safeParse(
        value,
      ).success;
    expect([
      check({ type: "string", maxLength: 1e21 }, "😀".repeat(3)),
      check({ type: "string", minLength: 1e21 }, "abc"),
      check({ type: "string", minLength: 2, maxLength: 1e21 }, "😀"),
      check({ type: "string", minLength: 2, maxLength: 1e21 }, "😀😀"),
    ]).toEqual([true, false, false, true]);
  });

  it("property: every validator builds and runs, and string lengths agree with JSON Schema", () => {
    fc.assert(
      fc.property(objectSchema, fc.array(probes, { maxLength: 6 }), (schema, values) => {
        const validator = evaluateZod(
          schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
        );
        const properties = schema["properties"] as Record<string, Schema>;
        for (const [name, property] of Object.entries(properties)) {
          for (const value of values) {
            const parsed = validator.safeParse({ [name]: value }).success;
            if (property["type"] === "string" && validLengths(property))
              expect(parsed).toBe(referenceValidate(schema, { [name]: value }));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("property: the types and validators compile together under strict settings", () => {
    fc.assert(
      fc.property(fc.array(objectSchema, { minLength: 12, maxLength: 12 }), (schemas) => {
        const files = Object.fromEntries(
          schemas.map((schema, i) => [`case-${i}.ts`, schemaModule(schema)]),
        );
        expect(compileGenerated(files)).toEqual([]);
      }),
      // Each run is one compile of seconds; a failure is reported unshrunk for the same reason.
      { numRuns: 2, endOnFailure: true },
    );
  });
});
