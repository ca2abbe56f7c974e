/**
 * fast-check arbitraries for sibling bad schemas: what a server may send that cannot be typed as
 * written (unknown type names, references that cannot be followed, values that are not schemas,
 * keywords of the wrong type), and the positions a schema can sit in. Shared by the generator's
 * property test and the test that compiles what it generates for them.
 */
import fc from "fast-check";

// Sibling bad schemas: each is something a server may send that cannot be typed as written.
const typeName = fc.oneof(
  fc.constantFrom("strin", "date", "int", "float", "any", "String", ""),
  fc.string({ unit: "binary", maxLength: 12 }).filter((name) => !isTypeName(name)),
);
const badRef = fc.oneof(
  fc.constantFrom(
    "https://schemas.example/a.json",
    "http://169.254.169.254/latest",
    "file:///etc/passwd",
    "other.json#/x",
    "#/$defs/missing",
    "#nowhere",
    "#/a~2b",
    "#/%zz",
  ),
  fc.string({ unit: "binary", maxLength: 12 }).map((text) => `https://x.example/${text}`),
);
const notASchema = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 5 }),
  fc.constant(null),
  // Not empty: `items: []` is a well-formed (empty) tuple.
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
);
/** A bad schema and whether it must produce a warning (some keywords are only read leniently). */
export const badSchema: fc.Arbitrary<{ schema: unknown; warns: boolean }> = fc.oneof(
  typeName.map((type) => ({ schema: { type }, warns: true })),
  fc.array(typeName, { minLength: 1, maxLength: 3 }).map((names) => ({
    schema: { type: ["string", ...names] },
    warns: true,
  })),
  badRef.map(($ref) => ({ schema: { $ref, description: "d" }, warns: true })),
  fc.oneof(fc.integer(), fc.constant(null), fc.constant([])).map(($ref) => ({
    schema: { $ref },
    warns: true,
  })),
  notASchema.map((value) => ({ schema: value, warns: true })),
  // Well-formed but degenerate: no warning, and still code.
  fc.boolean().map((schema) => ({ schema, warns: false })),
  fc
    .constantFrom("properties", "patternProperties", "$defs", "allOf", "anyOf", "oneOf")
    .chain((keyword) =>
      notASchema.map((value) => ({
        schema: { [keyword]: value },
        warns: !isArrayOf(keyword, value),
      })),
    ),
  fc
    .constantFrom("items", "not", "if", "additionalProperties", "contains")
    .chain((keyword) => notASchema.map((value) => ({ schema: { [keyword]: value }, warns: true }))),
  fc
    .constantFrom("enum", "required", "minLength", "maximum", "pattern", "multipleOf", "const")
    .chain((keyword) =>
      fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant({})).map((value) => ({
        schema: { type: "string", [keyword]: value },
        warns: false,
      })),
    ),
);

/** Places a bad schema where a schema can sit: property, item, member, negation, definition. */
export function placed(bad: unknown, where: number): { schema: unknown; pointer: string } {
  const object = (properties: Record<string, unknown>) => ({ type: "object", properties });
  switch (where) {
    case 0:
      return { schema: object({ odd: bad, ok: { type: "string" } }), pointer: "/properties/odd" };
    case 1:
      return {
        schema: object({ list: { type: "array", items: bad } }),
        pointer: "/properties/list/items",
      };
    case 2:
      return {
        schema: object({ u: { anyOf: [{ type: "null" }, bad] } }),
        pointer: "/properties/u/anyOf/1",
      };
    case 3:
      return {
        schema: object({ x: { oneOf: [bad, { type: "number" }] } }),
        pointer: "/properties/x/oneOf/0",
      };
    case 4:
      return { schema: object({ n: { type: "string", not: bad } }), pointer: "/properties/n/not" };
    case 5:
      return {
        schema: { ...object({ r: { $ref: "#/$defs/d" } }), $defs: { d: bad } },
        pointer: "/$defs/d",
      };
    default:
      return { schema: bad, pointer: "" };
  }
}

function isTypeName(name: string): boolean {
  return ["null", "boolean", "object", "array", "number", "integer", "string"].includes(name);
}

/** `allOf: []` and the like are well-formed (if odd): not every wrong value is a wrong type. */
function isArrayOf(keyword: string, value: unknown): boolean {
  const lists = ["allOf", "anyOf", "oneOf"];
  if (lists.includes(keyword)) return Array.isArray(value) && value.length === 0;
  return false;
}
