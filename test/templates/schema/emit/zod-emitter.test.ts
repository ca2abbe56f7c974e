import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";
import { ZodEmitter } from "../../../../templates/schema/emit/zod-emitter.js";

const emitter = new ZodEmitter(["root", "rootItem"]);
const str: SchemaNode = { kind: "string", patterns: [] };
const obj = (
  additional: SchemaNode,
  extra: Partial<Extract<SchemaNode, { kind: "object" }>> = {},
): SchemaNode => ({
  kind: "object",
  properties: [{ name: "a", required: true, node: str }],
  patternProperties: [],
  additional,
  ...extra,
});

describe("ZodEmitter", () => {
  const cases: ReadonlyArray<[string, SchemaNode, string]> = [
    ["unknown", { kind: "unknown" }, "z.unknown()"],
    ["never", { kind: "never" }, "z.never()"],
    ["null", { kind: "null" }, "z.null()"],
    ["boolean", { kind: "boolean" }, "z.boolean()"],
    ["reference", { kind: "ref", index: 1 }, "rootItem"],
    [
      "nullable",
      { kind: "union", members: [str, { kind: "null" }], exclusive: false },
      "z.string().nullable()",
    ],
    ["duplicate members", { kind: "union", members: [str, str], exclusive: false }, "z.string()"],
    [
      "exclusive",
      { kind: "union", members: [str, { kind: "null" }], exclusive: true },
      "z.xor([z.string(), z.null()])",
    ],
    [
      "exclusive with a repeated member: matching it twice fails oneOf",
      { kind: "union", members: [{ kind: "null" }, { kind: "null" }, str], exclusive: true },
      "z.xor([z.null(), z.null(), z.string()])",
    ],
    [
      "intersection chain",
      {
        kind: "intersection",
        members: [str, { kind: "ref", index: 0 }, { kind: "ref", index: 1 }],
      },
      "z.string().and(root).and(rootItem)",
    ],
    ["closed object", obj({ kind: "never" }), "z.strictObject({ a: z.string() })"],
    ["open object", obj({ kind: "unknown" }), "z.looseObject({ a: z.string() })"],
    ["catchall", obj({ kind: "boolean" }), "z.object({ a: z.string() }).catchall(z.boolean())"],
    [
      "patterns without buildable keys fall back to open",
      obj(
        { kind: "never" },
        {
          patternProperties: [{ pattern: { source: "^x", text: "^x" }, node: str }, { node: str }],
        },
      ),
      'z.looseObject({ a: z.string() }).and(z.looseRecord(z.string().refine(linearPattern("^x"), "must match the pattern \\"^x\\""), z.string()))',
    ],
    [
      "optional and __proto__",
      {
        kind: "object",
        properties: [
          { name: "b", required: false, node: str },
          { name: "__proto__", required: true, node: str },
        ],
        patternProperties: [],
        additional: { kind: "never" },
      },
      // zod skips a `__proto__` key by name: a refinement in front checks the own property.
      'z.unknown().refine((value) => typeof value !== "object" || value === null || (Object.hasOwn(value, "__proto__") ? z.string().safeParse(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).success : false), "`__proto__` must be an own property matching its schema").pipe(z.strictObject({ b: z.string().optional(), ["__proto__"]: z.string().optional() }))',
    ],
    [
      "array",
      { kind: "array", prefix: [], requiredPrefix: 0, rest: str, minItems: 1, maxItems: 2 },
      "z.array(z.string()).min(1).max(2)",
    ],
    [
      "empty tuple",
      { kind: "array", prefix: [], requiredPrefix: 0, rest: { kind: "never" } },
      "z.tuple([])",
    ],
    [
      "tuple",
      { kind: "array", prefix: [str, str], requiredPrefix: 1, rest: { kind: "null" }, maxItems: 3 },
      "z.tuple([z.string(), z.string().exactOptional()], z.null()).check(z.maxLength(3))",
    ],
    [
      "refinements",
      {
        kind: "refined",
        base: str,
        rules: [
          { kind: "not", node: { kind: "literal", values: ["x"] } },
          {
            kind: "if",
            if: { kind: "literal", values: ["a"] },
            then: { kind: "unknown" },
            else: { kind: "never" },
          },
        ],
      },
      'z.string().refine((value) => !z.literal("x").safeParse(value).success, "must not match the schema in `not`").refine((value) => (z.literal("a").safeParse(value).success ? z.unknown() : z.never()).safeParse(value).success, "must match `then` when `if` matches, else `else`")',
    ],
  ];
  it.each(cases)("%s", (_, node, want) => {
    expect(emitter.emit(node)).toBe(want);
  });

  it("reads objects declaring inherited names through a null-prototype copy", () => {
    const text = emitter.emit({
      kind: "object",
      properties: [{ name: "toString", required: false, node: str }],
      patternProperties: [],
      additional: { kind: "never" },
    });
    expect(text).toMatch(
      /^z\.preprocess\(\(value: unknown\) => .*Object\.create\(null\).*, z\.strictObject\(\{ toString: z\.string\(\)\.optional\(\) \}\)\)$/,
    );
  });
});
