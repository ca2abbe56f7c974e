import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../../templates/schema/emit/typescript.js";
import { typeOf } from "../to-typescript-helpers.js";

const keywordCases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
  {
    name: "required and optional, closed",
    given: {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a"],
      additionalProperties: false,
    },
    want: "export type T = { a: string; b?: number | undefined };",
  },
  {
    name: "open object",
    given: { type: "object", properties: { a: { type: "boolean" } } },
    want: "export type T = { a?: boolean | undefined; [k: string]: unknown };",
  },
  {
    name: "empty closed object",
    given: { type: "object", additionalProperties: false },
    want: "export type T = { [k: string]: never };",
  },
  {
    name: "empty open object",
    given: { type: "object" },
    want: "export type T = { [k: string]: unknown };",
  },
  {
    name: "additionalProperties fitting",
    given: {
      type: "object",
      properties: { a: { type: "number" } },
      required: ["a"],
      additionalProperties: { type: "number" },
    },
    want: "export type T = { a: number; [k: string]: number };",
  },
  {
    name: "additionalProperties conflicting, simple",
    given: {
      type: "object",
      properties: { a: { type: "string" }, k: { const: "x" } },
      additionalProperties: { type: "number" },
    },
    want: `export type T = { a?: string | undefined; k?: "x" | undefined; [k: string]: number | string | "x" | undefined };`,
  },
  {
    name: "additionalProperties conflicting, object",
    given: {
      type: "object",
      properties: { a: { type: "object", properties: { b: { type: "string" } } } },
      additionalProperties: { type: "number" },
    },
    want: "export type T = { a?: { b?: string | undefined; [k: string]: unknown } | undefined; [k: string]: unknown };",
  },
  {
    name: "patternProperties closed",
    given: {
      type: "object",
      patternProperties: { "^x-": { type: "string" }, "^n": { type: "integer" } },
      additionalProperties: false,
    },
    want: "export type T = { [k: string]: string | number };",
  },
  {
    name: "required but undeclared",
    given: { type: "object", required: ["a"], additionalProperties: { type: "string" } },
    want: "export type T = { a: string; [k: string]: string };",
  },
  {
    name: "string enum",
    given: { enum: ["a", "b"] },
    want: `export type T = "a" | "b";`,
  },
  {
    name: "mixed enum",
    given: { enum: ["a", 1, -2.5, true, null, { k: [1, "x"] }, [], {}] },
    want: `export type T = "a" | 1 | -2.5 | true | null | { k: [1, "x"] } | [] | { [k: string]: never };`,
  },
  {
    name: "enum filtered by type",
    given: { type: "string", enum: ["a", 1, null] },
    want: `export type T = "a";`,
  },
  {
    name: "const",
    given: { const: "fixed" },
    want: `export type T = "fixed";`,
  },
  {
    name: "const and enum",
    given: { const: 1, enum: [1, 2] },
    want: "export type T = 1;",
  },
  {
    name: "type array",
    given: { type: ["string", "number", "null"] },
    want: "export type T = string | number | null;",
  },
  {
    name: "integer and number",
    given: { type: ["integer", "number"] },
    want: "export type T = number;",
  },
  {
    name: "nullable",
    given: { type: ["string", "null"] },
    want: "export type T = string | null;",
  },
  {
    name: "anyOf",
    given: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
    want: "export type T = string | string[];",
  },
  {
    name: "oneOf",
    given: { oneOf: [{ type: "integer" }, { type: "boolean" }] },
    want: "export type T = number | boolean;",
  },
  {
    name: "allOf",
    given: {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { anyOf: [{ type: "object", properties: { b: { type: "number" } } }, { type: "null" }] },
      ],
    },
    want: "export type T = { a: string; [k: string]: unknown } & ({ b?: number | undefined; [k: string]: unknown } | null);",
  },
  {
    name: "allOf with a closed empty object",
    given: {
      allOf: [
        { type: "object", additionalProperties: false },
        { type: "object", properties: { a: { type: "string" } } },
      ],
    },
    want: "export type T = { a?: string | undefined; [k: string]: unknown };",
  },
  {
    name: "not",
    given: { type: "string", not: { const: "x" } },
    want: "export type T = string;",
  },
  {
    name: "not anything",
    given: { not: {} },
    want: "export type T = never;",
  },
  {
    name: "if then else",
    given: {
      type: "object",
      properties: { a: { type: "string" } },
      if: { properties: { a: { const: "x" } } },
      then: { required: ["b"] },
      else: { required: ["c"] },
    },
    want: "export type T = { a?: string | undefined; [k: string]: unknown };",
  },
  {
    name: "array",
    given: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
    want: "export type T = (string | number)[];",
  },
  {
    name: "array of anything",
    given: { type: "array" },
    want: "export type T = unknown[];",
  },
  {
    name: "tuple with rest",
    given: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "number" }],
      items: { type: "boolean" },
    },
    want: "export type T = [string?, number?, ...boolean[]];",
  },
  {
    name: "closed tuple, minItems",
    given: {
      type: "array",
      prefixItems: [{ type: "string" }, { type: ["number", "null"] }],
      items: false,
      minItems: 1,
    },
    want: `/** @minItems 1 */
export type T = [string, (number | null)?];`,
  },
  {
    name: "empty tuple",
    given: { type: "array", items: false },
    want: "export type T = [];",
  },
  {
    name: "draft-07 tuple",
    given: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: [{ type: "string" }],
      additionalItems: false,
    },
    want: "export type T = [string?];",
  },
  {
    name: "negative literal elements",
    given: { type: "array", items: { enum: [-1, 1] } },
    want: "export type T = (-1 | 1)[];",
  },
  {
    name: "recursion",
    given: {
      $defs: {
        node: {
          type: "object",
          properties: { value: { type: "integer" }, next: { $ref: "#/$defs/node" } },
          required: ["value"],
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/node",
    },
    want: `export type T = TNode;

export type TNode = { value: number; next?: TNode | undefined };`,
  },
  {
    name: "root recursion",
    given: {
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#" } } },
      additionalProperties: false,
    },
    want: "export type T = { children?: T[] | undefined };",
  },
  {
    name: "mutual recursion",
    given: {
      type: "object",
      properties: { t: { $ref: "#/$defs/T" } },
      additionalProperties: false,
      $defs: {
        T: { type: "array", items: { $ref: "#/$defs/U" } },
        U: { anyOf: [{ $ref: "#/$defs/T" }, { type: "string" }] },
      },
    },
    want: `export type T = { t?: TT | undefined };

export type TT = TU[];

export type TU = TT | string;`,
  },
  {
    name: "true",
    given: true,
    want: "export type T = unknown;",
  },
  {
    name: "false",
    given: false,
    want: "export type T = never;",
  },
  {
    name: "empty",
    given: {},
    want: "export type T = unknown;",
  },
  {
    name: "implied object",
    given: { properties: { a: { type: "string" } }, required: ["a"] },
    want: "export type T = { a: string; [k: string]: unknown };",
  },
  {
    name: "implied string or number",
    given: { minLength: 1, minimum: 0 },
    want: `/**
 * @minimum 0
 * @minLength 1
 */
export type T = string | number;`,
  },
  {
    name: "docs",
    given: {
      type: "object",
      properties: {
        city: {
          type: "string",
          title: "City",
          description: "Where.\n\nTwo lines.",
          format: "email",
          default: "Oslo",
          examples: ["Bergen"],
          minLength: 1,
          maxLength: 10,
          pattern: "^[A-Z]",
          deprecated: true,
        },
        n: { type: "integer", minimum: 1, exclusiveMaximum: 5, multipleOf: 2 },
      },
      additionalProperties: false,
    },
    want: `export type T = {
  /**
   * City
   *
   * Where.
   *
   * Two lines.
   *
   * @format email
   * @minLength 1
   * @maxLength 10
   * @pattern ^[A-Z]
   * @default "Oslo"
   * @example "Bergen"
   * @deprecated
   */
  city?: string | undefined;
  /**
   * @minimum 1
   * @exclusiveMaximum 5
   * @multipleOf 2
   */
  n?: number | undefined;
};`,
  },
];

describe("schemaToTypeScript", () => {
  it.each(keywordCases)("$name", ({ given, want }) => {
    expect(typeOf(given)).toBe(want);
  });

  it("returns the root expression beside the declarations", () => {
    const output = schemaToTypeScript(
      prepareSchema({
        type: "array",
        items: { $ref: "#/$defs/id" },
        $defs: { id: { type: "string" } },
      }),
      {
        typeName: "Ids",
      },
    );
    expect(output).toEqual({
      typeExpression: "IdsId[]",
      declarations: "export type Ids = IdsId[];\n\nexport type IdsId = string;",
      diagnostics: [],
      acceptsEmpty: false,
    });
  });

  it("says whether the root type admits {}", () => {
    const acceptsEmpty = (schema: unknown): boolean =>
      schemaToTypeScript(prepareSchema(schema), { typeName: "T" }).acceptsEmpty;
    const optional = { type: "object", properties: { a: { type: "string" } } };
    expect(acceptsEmpty(optional)).toBe(true);
    expect(acceptsEmpty(true)).toBe(true);
    expect(acceptsEmpty({ ...optional, required: ["a"] })).toBe(false);
    expect(acceptsEmpty({ anyOf: [{ ...optional, required: ["a"] }, { type: "object" }] })).toBe(
      true,
    );
    expect(acceptsEmpty({ ...optional, not: { required: ["b"] } })).toBe(true);
    expect(acceptsEmpty({ type: "string" })).toBe(false);
    expect(acceptsEmpty(false)).toBe(false);
  });

  it("rejects a type name that is not an identifier", () => {
    expect(() => typeOf({}, "not a name")).toThrow(TypeError);
  });
});
