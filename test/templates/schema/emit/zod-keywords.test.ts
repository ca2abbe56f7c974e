import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToZod } from "../../../../templates/schema/emit/zod.js";
import { keywordCases } from "../to-zod-cases.js";

/** The emitted declarations and expression on consecutive lines, as a test reads them. */
function zodOf(schema: unknown): string {
  const output = schemaToZod(prepareSchema(schema), { constName: "t", typeName: "T" });
  return output.declarations === ""
    ? output.expression
    : `${output.declarations}\n${output.expression}`;
}

describe("schemaToZod", () => {
  it.each(keywordCases)("$name", ({ given, want }) => {
    expect(zodOf(given)).toBe(want);
  });

  it("declares nothing for a schema without references", () => {
    expect(
      schemaToZod(prepareSchema({ type: "string" }), { constName: "s", typeName: "S" }),
    ).toEqual({
      declarations: "",
      expression: "z.string()",
      diagnostics: [],
      runtimeValues: [],
      recursive: false,
    });
  });

  it("says whether it declared a recursive validator, whose annotation the module imports", () => {
    const recursive = (schema: unknown): boolean =>
      schemaToZod(prepareSchema(schema), { constName: "s", typeName: "S" }).recursive;
    const list = {
      $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } },
    };
    expect(recursive({ ...list, $ref: "#/$defs/node" })).toBe(true);
    expect(
      recursive({ type: "object", properties: { head: { $ref: "#/$defs/node" } }, ...list }),
    ).toBe(true);
    expect(
      recursive({
        type: "array",
        items: { $ref: "#/$defs/leaf" },
        $defs: { leaf: { type: "string" } },
      }),
    ).toBe(false);
  });

  it("names the runtime functions the validator calls", () => {
    const runtimeValues = (schema: unknown): readonly string[] =>
      schemaToZod(prepareSchema(schema), { constName: "s", typeName: "S" }).runtimeValues;
    expect(runtimeValues({ type: "string", pattern: "^a" })).toEqual(["linearPattern"]);
    expect(
      runtimeValues({
        type: "object",
        patternProperties: { "^a": true },
        additionalProperties: false,
      }),
    ).toEqual(["linearPattern", "outsidePatterns"]);
    expect(runtimeValues({ type: "string", pattern: "(?=a)" })).toEqual([]);
  });

  it("rejects names that are not identifiers", () => {
    const prepared = prepareSchema({});
    expect(() => schemaToZod(prepared, { constName: "a-b", typeName: "T" })).toThrow(TypeError);
    expect(() => schemaToZod(prepared, { constName: "t", typeName: "T;" })).toThrow(TypeError);
    for (const constName of ["z", "value", "Object", "Array", "linearPattern", "outsidePatterns"]) {
      expect(() => schemaToZod(prepared, { constName, typeName: "T" })).toThrow(
        `constName must not be ${constName}`,
      );
    }
  });

  it("writes hostile names and values only as string literals", () => {
    const given = {
      type: "object",
      properties: JSON.parse(
        '{"a\\"b": {"const": "\\"); process.exit(1); (\\""}, "__proto__": {"type": "string"}, "sep\\u2028x": {"enum": ["\\u2029", "*/"]}}',
      ),
      required: ["__proto__"],
      additionalProperties: false,
    };
    expect(zodOf(given)).toBe(
      'z.unknown().refine((value) => typeof value !== "object" || value === null || (Object.hasOwn(value, "__proto__") ? z.string().safeParse(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).success : false), "`__proto__` must be an own property matching its schema").pipe(z.strictObject({ "a\\"b": z.literal("\\"); process.exit(1); (\\"").optional(), ["__proto__"]: z.string().optional(), "sep\\u2028x": z.enum(["\\u2029", "*/"]).optional() }))',
    );
  });
});
