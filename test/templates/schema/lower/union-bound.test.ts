import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../../templates/schema/emit/typescript.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { MAX_EXPANDED_UNION } from "../../../../templates/schema/lower/union-bound.js";
import { compileGenerated, schemaModule } from "../compile-generated.js";
import { evaluateZod } from "../evaluate-zod.js";
import { referenceValidate } from "../reference-validator.js";

type Schema = Record<string, unknown>;

/** `allOf` over `count` `anyOf`s of `branches` objects, each requiring its own key. */
function product(count: number, branches = 2): Schema {
  return {
    allOf: Array.from({ length: count }, (_, i) => ({
      anyOf: Array.from({ length: branches }, (_, j) => ({
        type: "object",
        properties: { [`p${i}_${j}`]: { type: "string" } },
        required: [`p${i}_${j}`],
      })),
    })),
  };
}

function warnings(schema: unknown): Array<{ pointer: string; level: string }> {
  return prepareSchema(schema)
    .diagnostics.filter((diagnostic) => diagnostic.message.includes("union of"))
    .map(({ pointer, level }) => ({ pointer, level }));
}

describe("unions expanded by intersections", () => {
  it("allows 1,024 members, as 2^10", () => {
    expect(MAX_EXPANDED_UNION).toBe(2 ** 10);
  });

  const cases: ReadonlyArray<{
    name: string;
    given: unknown;
    want: Array<{ pointer: string; level: string }>;
  }> = [
    { name: "2^10 members are typed", given: product(10), want: [] },
    { name: "2^11 are not", given: product(11), want: [{ pointer: "", level: "warning" }] },
    {
      name: "all members unions: the type is unknown",
      given: { allOf: [product(6), product(6)] },
      want: [{ pointer: "", level: "warning" }],
    },
    { name: "4^5 are typed", given: product(5, 4), want: [] },
    {
      name: "inside a property, named by its pointer",
      given: { type: "object", properties: { a: product(12) } },
      want: [{ pointer: "/properties/a", level: "warning" }],
    },
    {
      name: "through references, each counted as its target",
      given: {
        $defs: { two: product(1, 32) },
        allOf: [{ $ref: "#/$defs/two" }, { $ref: "#/$defs/two" }, { $ref: "#/$defs/two" }],
      },
      want: [{ pointer: "", level: "warning" }],
    },
    {
      name: "boolean counts two, an enum its values",
      given: {
        allOf: [
          { enum: Array.from({ length: 600 }, (_, i) => i) },
          { type: ["boolean", "number"] },
        ],
      },
      want: [{ pointer: "", level: "warning" }],
    },
    {
      name: "an enum beside its type is one union, not a product",
      given: { type: "string", allOf: [{ enum: Array.from({ length: 900 }, (_, i) => `v${i}`) }] },
      want: [],
    },
  ];

  it.each(cases)("$name", ({ given, want }) => {
    expect(warnings(given)).toEqual(want);
  });

  it("keeps the members that are not unions, with a note, and validates every member", () => {
    const schema = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string" } },
      ...product(11),
    };
    expect(schemaToTypeScript(prepareSchema(schema), { typeName: "T" }).declarations).toBe(
      [
        "/** Type widened: this schema's anyOf/oneOf combined through allOf are too many combinations to type; the validator checks them. */",
        "export type T = { id: string; [k: string]: unknown };",
      ].join("\n"),
    );
    const validator = evaluateZod(
      schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
    );
    const full = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}_1`, "x"]));
    expect(validator.safeParse({ id: "a", ...full }).success).toBe(true);
    expect(validator.safeParse({ id: "a", ...full, p10_1: undefined }).success).toBe(false);
  });

  it("is unknown when every member is a union", () => {
    const declarations = schemaToTypeScript(prepareSchema({ allOf: [product(6), product(6)] }), {
      typeName: "T",
    }).declarations;
    expect(declarations.split("\n").at(-1)).toBe("export type T = unknown;");
  });

  it("compiles the product TypeScript refuses (TS2590 before the bound)", () => {
    expect(compileGenerated({ "product.ts": schemaModule(product(17), false) })).toEqual([]);
  });
});

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constantFrom("string", "number", "boolean", "null") }),
  fc.record({
    enum: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 5 }),
  }),
  fc.constantFrom("a", "b", "c", "d").map((key) => ({
    type: "object",
    properties: { [key]: { type: "string" } },
    required: [key],
  })),
);

/** Nested `allOf`/`anyOf`/`oneOf`, up to three levels, the products they make up to 4^6. */
const combination: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ allOf: fc.array(tie("node"), { minLength: 1, maxLength: 6 }) }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 4 }) }),
    fc.record({ oneOf: fc.array(tie("node"), { minLength: 1, maxLength: 4 }) }),
  ),
})).node;

describe("property: nested allOf/anyOf/oneOf", () => {
  it("every validator agrees with JSON Schema, however the type was bounded", () => {
    fc.assert(
      fc.property(
        combination,
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
        (schema, values) => {
          const validator = evaluateZod(
            schemaToZod(prepareSchema(schema), { constName: "v", typeName: "V" }),
          );
          for (const value of values)
            expect(validator.safeParse(value).success).toBe(referenceValidate(schema, value));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the types and validators compile under strict settings", () => {
    fc.assert(
      fc.property(fc.array(combination, { minLength: 6, maxLength: 6 }), (schemas) => {
        const files = Object.fromEntries(
          schemas.map((schema, i) => [
            `case-${i}.ts`,
            // Where the type was narrowed, zod's inferred type is still the whole product, which
            // the compiler may refuse; generated modules never infer it.
            schemaModule(schema, warnings(schema).length === 0),
          ]),
        );
        expect(compileGenerated(files)).toEqual([]);
      }),
      // Each run is one compile of seconds; a failure is reported unshrunk for the same reason.
      { numRuns: 2, endOnFailure: true },
    );
  });
});
