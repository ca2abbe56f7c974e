/**
 * `closeUnstatedObjects`: objects whose schema says nothing about other keys are typed closed
 * (as openapi-typescript types them); what the schema states about other keys is kept.
 */
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../../templates/schema/emit/typescript.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { compileGenerated } from "../compile-generated.js";
import { evaluateZod } from "../evaluate-zod.js";

function closedTypeOf(schema: unknown): string {
  return schemaToTypeScript(prepareSchema(schema), { typeName: "T", closeUnstatedObjects: true })
    .declarations;
}

const decimals = {
  type: "object",
  properties: { amount: { type: "number" }, decimals: { type: "integer" } },
  required: ["amount"],
};

describe("schemaToTypeScript with closeUnstatedObjects", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "silent about other keys: closed",
      given: decimals,
      want: "export type T = { amount: number; decimals?: number | undefined };",
    },
    {
      name: "nested objects too",
      given: { type: "object", properties: { a: { type: "object", properties: { b: true } } } },
      want: "export type T = { a?: { b?: unknown } | undefined };",
    },
    {
      name: "additionalProperties: true stays open",
      given: { type: "object", properties: { a: true }, additionalProperties: true },
      want: "export type T = { a?: unknown; [k: string]: unknown };",
    },
    {
      name: "an additionalProperties schema stays",
      given: { type: "object", additionalProperties: { type: "string" } },
      want: "export type T = { [k: string]: string };",
    },
    {
      // A free-form object ("metadata": { "type": "object" }) declares nothing to close against;
      // closed, it would admit only {}.
      name: "a bare object stays open",
      given: { type: "object" },
      want: "export type T = { [k: string]: unknown };",
    },
    {
      name: "a nested free-form object stays open beside closed siblings",
      given: { type: "object", properties: { id: { type: "string" }, meta: { type: "object" } } },
      want: "export type T = { id?: string | undefined; meta?: { [k: string]: unknown } | undefined };",
    },
    {
      name: "patternProperties give the only index signature",
      given: { type: "object", patternProperties: { "^x-": { type: "boolean" } } },
      want: "export type T = { [k: string]: boolean };",
    },
    {
      name: "a closed base beside oneOf is left to the branches",
      given: {
        type: "object",
        oneOf: [
          { properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "string" } }, required: ["b"] },
        ],
      },
      want: "export type T = { a: string; b?: never } | { b: string; a?: never };",
    },
  ];

  it.each(cases)("$name", ({ given, want }) => {
    expect(closedTypeOf(given)).toBe(want);
  });

  it("is off by default: silent objects stay open", () => {
    expect(schemaToTypeScript(prepareSchema(decimals), { typeName: "T" }).declarations).toBe(
      "export type T = { amount: number; decimals?: number | undefined; [k: string]: unknown };",
    );
  });

  it("leaves the validator following the schema: other keys still pass", () => {
    const validator = evaluateZod(
      schemaToZod(prepareSchema(decimals), { constName: "v", typeName: "T" }),
    );
    expect(validator.safeParse({ amount: 1, decimal: 3 }).success).toBe(true);
  });

  it("makes a misspelt optional property a compile error, and only with the option", () => {
    const module = (closed: boolean, check: string): string =>
      [
        schemaToTypeScript(prepareSchema(decimals), {
          typeName: "T",
          closeUnstatedObjects: closed,
        }).declarations,
        check,
      ].join("\n");
    expect(
      compileGenerated({
        "closed.ts": module(
          true,
          "// @ts-expect-error -- decimal is not decimals\nexport const x: T = { amount: 1, decimal: 3 };",
        ),
        "open.ts": module(false, "export const x: T = { amount: 1, decimal: 3 };"),
      }),
    ).toEqual([]);
  });
});
