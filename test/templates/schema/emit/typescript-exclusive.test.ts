/**
 * Unions of closed objects: TypeScript admits a value mixing the members of a union of object
 * types, the validator does not; so each closed member says `key?: never` for the keys only the
 * others declare (templates/schema/emit/exclusive-keys.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../../templates/schema/emit/typescript.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { compileGenerated } from "../compile-generated.js";
import { evaluateZod } from "../evaluate-zod.js";

function inputTypeOf(schema: unknown): string {
  return schemaToTypeScript(prepareSchema(schema), { typeName: "T", closeUnstatedObjects: true })
    .declarations;
}

function outputTypeOf(schema: unknown): string {
  return schemaToTypeScript(prepareSchema(schema), { typeName: "T" }).declarations;
}

const str = { type: "string" };
const num = { type: "number" };

/** The comment a review tool posts either on a file's diff position or on a line: one, not both. */
const comment = {
  oneOf: [
    { type: "object", properties: { path: str, body: str }, required: ["path", "body"] },
    { type: "object", properties: { position: num, line: num }, required: ["position"] },
  ],
};

describe("schemaToTypeScript: unions of closed objects", () => {
  const cases: ReadonlyArray<{
    name: string;
    type: (s: unknown) => string;
    given: unknown;
    want: string;
  }> = [
    {
      name: "oneOf of input objects closed for typing",
      type: inputTypeOf,
      given: comment,
      want: "export type T = { path: string; body: string; position?: never; line?: never } | { position: number; line?: number | undefined; path?: never; body?: never };",
    },
    {
      name: "anyOf of objects closed by the schema, in an output type too",
      type: outputTypeOf,
      given: {
        anyOf: [
          { type: "object", properties: { a: str }, additionalProperties: false },
          { type: "object", properties: { b: str }, additionalProperties: false },
        ],
      },
      want: "export type T = { a?: string | undefined; b?: never } | { b?: string | undefined; a?: never };",
    },
    {
      name: "a referenced member gets the keys beside its name",
      type: outputTypeOf,
      given: {
        oneOf: [
          { type: "object", properties: { a: str }, additionalProperties: false },
          { $ref: "#/$defs/B" },
        ],
        $defs: { B: { type: "object", properties: { b: str }, additionalProperties: false } },
      },
      want: "export type T = { a?: string | undefined; b?: never } | TB & { a?: never };\n\nexport type TB = { b?: string | undefined };",
    },
    {
      // Keys may come from beside the union, and a value may match both members of an anyOf.
      name: "anyOf of input objects closed only for typing: unchanged",
      type: inputTypeOf,
      given: {
        type: "object",
        properties: { a: str, b: str },
        anyOf: [{ required: ["a"] }, { required: ["b"] }],
      },
      want: "export type T = { a?: string | undefined; b?: string | undefined } & ({ a: unknown } | { b: unknown });",
    },
    {
      // The validator admits { position, path } when path is not a string: open, it matches the second.
      name: "oneOf of open output objects: unchanged",
      type: outputTypeOf,
      given: comment,
      want: "export type T = { path: string; body: string; [k: string]: unknown } | { position: number; line?: number | undefined; [k: string]: unknown };",
    },
    {
      name: "a member with patternProperties admits other keys: unchanged",
      type: outputTypeOf,
      given: {
        oneOf: [
          {
            type: "object",
            properties: { a: str },
            patternProperties: { "^x": num },
            additionalProperties: false,
          },
          { type: "object", properties: { b: str }, additionalProperties: false },
        ],
      },
      want: "export type T = { a?: string | undefined; [k: string]: number | string | undefined } | { b?: string | undefined; a?: never };",
    },
  ];
  for (const { name, type, given, want } of cases) {
    it(name, () => {
      expect(type(given)).toBe(want);
    });
  }

  it("rejects a value mixing both members, accepts each member's own", () => {
    const source = [
      inputTypeOf(comment),
      'export const onFile: T = { path: "a.ts", body: "Typo" };',
      "export const onLine: T = { position: 3, line: 12 };",
      "// @ts-expect-error: a value of both members",
      'export const both: T = { path: "a.ts", body: "Typo", position: 3, line: 12 };',
    ].join("\n");
    expect(compileGenerated({ "comment.ts": source })).toEqual([]);
  });
});

const KEYS = ["a", "b", "c", "d"] as const;
const TYPES = { string: '"s"', number: "1" } as const;
type TypeName = keyof typeof TYPES;

const member = fc
  .record({
    keys: fc.uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }),
    types: fc.array(fc.constantFrom<TypeName>("string", "number"), { minLength: 3, maxLength: 3 }),
    required: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  })
  .map(({ keys, types, required }) => ({
    type: "object",
    properties: Object.fromEntries(keys.map((key, i) => [key, { type: types[i] }])),
    required: keys.filter((_, i) => required[i]),
    additionalProperties: false,
  }));

/** A value of some of the keys, each a string or a number. */
const value = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.constantFrom<TypeName>("string", "number"),
  {
    maxKeys: 4,
  },
);

describe("property: over anyOf of closed objects the type admits what the validator admits", () => {
  it("a mixed value never typechecks, each member's own values do", () => {
    const cases = fc.sample(
      fc.record({
        members: fc.array(member, { minLength: 2, maxLength: 3 }),
        values: fc.array(value, { minLength: 4, maxLength: 4 }),
      }),
      { numRuns: 25, seed: 10 },
    );
    const lines: string[] = [];
    cases.forEach(({ members, values }, n) => {
      const prepared = prepareSchema({ anyOf: members });
      lines.push(schemaToTypeScript(prepared, { typeName: `T${n}` }).declarations);
      const validator = evaluateZod(
        schemaToZod(prepared, { constName: `t${n}`, typeName: `T${n}` }),
      );
      values.forEach((shape, i) => {
        const entries = Object.entries(shape);
        const json = Object.fromEntries(
          entries.map(([key, type]) => [key, type === "string" ? "s" : 1]),
        );
        if (!validator.safeParse(json).success)
          lines.push("// @ts-expect-error: the validator rejects it");
        const literal = entries.map(([key, type]) => `${key}: ${TYPES[type]}`).join(", ");
        lines.push(`export const v${n}_${i}: T${n} = { ${literal} };`);
      });
    });
    expect(compileGenerated({ "unions.ts": lines.join("\n") })).toEqual([]);
  });
});
