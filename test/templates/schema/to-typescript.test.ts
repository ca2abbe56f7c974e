import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../templates/schema/to-typescript.js";
import { compileGenerated } from "./compile-generated.js";

function typeOf(schema: unknown, typeName = "T"): string {
  return schemaToTypeScript(prepareSchema(schema), { typeName }).declarations;
}

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
    });
  });

  it("rejects a type name that is not an identifier", () => {
    expect(() => typeOf({}, "not a name")).toThrow(TypeError);
  });
});

describe("schemaToTypeScript with hostile input", () => {
  const hostileCases: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "property names: quotes, newlines, __proto__, constructor, U+2028, digits",
      given: {
        type: "object",
        // JSON.parse, because an object literal would turn "__proto__" into a prototype.
        properties: JSON.parse(
          '{"a\\"b": {"type":"string"}, "line\\nbreak": {"type":"string"}, "__proto__": {"type":"string"}, "constructor": {"type":"number"}, "sep\\u2028x": {"type":"string"}, "1st": {"type":"string"}, "$ok_1": {"type":"string"}}',
        ),
        required: ["__proto__", "constructor"],
        additionalProperties: false,
      },
      want: `export type T = {
  "a\\"b"?: string | undefined;
  "line\\nbreak"?: string | undefined;
  /** Not checked by the validator: zod ignores \`__proto__\` keys. */
  "__proto__"?: string | undefined;
  constructor: number;
  "sep\\u2028x"?: string | undefined;
  "1st"?: string | undefined;
  $ok_1?: string | undefined;
};`,
    },
    {
      name: "comment terminators and line separators in every annotation",
      given: {
        type: "object",
        description: "*/ export const pwned = 1; /*",
        properties: {
          a: {
            type: "string",
            description: "end */ here\u2028next\u2029para\r\nwin \u202Ebidi",
            title: "t */",
            default: "*/",
            examples: ["a\u2028*/"],
          },
        },
        additionalProperties: false,
      },
      want: `/** *\\/ export const pwned = 1; /* */
export type T = {
  /**
   * t *\\/
   *
   * end *\\/ here
   * next
   * para
   * win \\u202ebidi
   *
   * @default "*\\/"
   * @example "a\\u2028*\\/"
   */
  a?: string | undefined;
};`,
    },
    {
      name: "enum strings that look like code",
      given: { enum: ['"; export const x = 1; "', "\u2028", "`${x}`"] },
      want: 'export type T = "\\"; export const x = 1; \\"" | "\\u2028" | "`${x}`";',
    },
  ];

  it.each(hostileCases)("$name", ({ given, want }) => {
    expect(typeOf(given)).toBe(want);
  });

  it("keeps 60 levels of nesting linear", () => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 60; i += 1)
      schema = {
        type: "object",
        properties: { a: schema },
        required: ["a"],
        additionalProperties: false,
      };
    expect(typeOf(schema)).toBe(`export type T = ${"{ a: ".repeat(60)}string${" }".repeat(60)};`);
  });
});

describe("emitted types under tsc --strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess", () => {
  const schemas: Record<string, unknown> = {
    Weather: {
      type: "object",
      properties: {
        city: { type: "string", description: "City */ name" },
        days: { type: "integer", minimum: 1 },
        unit: { enum: ["celsius", "fahrenheit"] },
        coords: {
          type: "array",
          prefixItems: [{ type: "number" }, { type: "number" }],
          items: false,
          minItems: 2,
        },
      },
      required: ["city"],
      additionalProperties: false,
    },
    Tree: {
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
    Mixed: {
      type: "object",
      properties: { id: { type: "string" }, n: { type: "number" } },
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: { type: "integer" },
    },
    Nested: {
      type: "object",
      properties: { a: { type: "object", properties: { b: { type: "string" } } } },
      additionalProperties: { type: "number" },
    },
    Shape: {
      oneOf: [
        {
          type: "object",
          properties: { kind: { const: "circle" }, r: { type: "number" } },
          required: ["kind", "r"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { kind: { const: "square" }, side: { type: "number" } },
          required: ["kind", "side"],
          additionalProperties: false,
        },
      ],
    },
    Mutual: {
      $defs: {
        T: { type: "array", items: { $ref: "#/$defs/U" } },
        U: { anyOf: [{ $ref: "#/$defs/T" }, { type: "string" }] },
      },
      $ref: "#/$defs/T",
    },
    Hostile: {
      type: "object",
      description: "*/ export const pwned = 1; /*",
      properties: JSON.parse(
        '{"a\\"b": {"type":"string", "description": "*/ x"}, "line\\nbreak": {"type":"string"}, "__proto__": {"type":"string"}, "constructor": {"type":"number"}, "sep\\u2028x": {"enum":["\\u2029", "*/"]}}',
      ),
      required: ["__proto__", "constructor"],
      additionalProperties: false,
    },
    Literals: { enum: [-1, 0.5, "x", true, null, { k: [1, "y"] }, [], {}] },
    Open: true,
    Nothing: false,
  };

  const checks = `
export const w1 = { city: "Oslo" } satisfies Weather;
export const w2 = { city: "Oslo", days: 3, unit: "celsius", coords: [1, 2] } satisfies Weather;
export const w3: Weather = { city: "Oslo", days: undefined };
// @ts-expect-error a required property is missing
export const w4: Weather = { days: 1 };
// @ts-expect-error a value outside the enum
export const w5: Weather = { city: "Oslo", unit: "kelvin" };
// @ts-expect-error a closed object takes no other keys
export const w6: Weather = { city: "Oslo", extra: 1 };
// @ts-expect-error minItems makes both tuple elements required
export const w7: Weather = { city: "Oslo", coords: [1] };
// @ts-expect-error the tuple is closed
export const w8: Weather = { city: "Oslo", coords: [1, 2, 3] };
export const t1: Tree = { value: 1, kids: [{ value: 2, kids: [] }] };
// @ts-expect-error recursion keeps the element type
export const t2: Tree = { value: 1, kids: [{ value: "2" }] };
export const m1: Mixed = { id: "a", n: 1.5, "x-flag": true, other: 3 };
export const m2: number | string | boolean | undefined = m1["anything"];
// @ts-expect-error an index signature value outside the union
export const m3: Mixed = { other: [] };
export const n1: Nested = { a: { b: "x" }, extra: 1 };
export const s1: Shape = { kind: "circle", r: 1 };
// @ts-expect-error the union does not mix members
export const s2: Shape = { kind: "circle", side: 1 };
export const u1: Mutual = [["a", ["b"]], "c"];
// @ts-expect-error numbers are not in the recursive union
export const u2: Mutual = [[1]];
export const h1: Hostile = { constructor: 1, "sep\\u2028x": "*/" };
// @ts-expect-error hostile enum values are still literals
export const h2: Hostile = { constructor: 1, "sep\\u2028x": "other" };
export const l1: Literals[] = [-1, 0.5, "x", true, null, { k: [1, "y"] }, [], {}];
// @ts-expect-error literal shapes are exact
export const l2: Literals = { k: [2, "y"] };
export const o1: Open = Symbol("anything");
// @ts-expect-error false admits nothing
export const x1: Nothing = null;
`;

  it("compiles, and the types are precise", () => {
    const declarations = Object.entries(schemas).map(([name, schema]) => typeOf(schema, name));
    const source = `${declarations.join("\n\n")}\n${checks}`;
    expect(compileGenerated({ "types.ts": source })).toEqual([]);
    // The hostile description is still inside its comment: no statement starts with it.
    expect(source.split("\n").filter((line) => line.includes("pwned"))).toEqual([
      "/** *\\/ export const pwned = 1; /* */",
    ]);
  });
});
