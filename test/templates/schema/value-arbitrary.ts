/**
 * Test helper: fast-check arbitraries of JSON values shaped by a schema, so that property tests
 * see values near the boundary (some valid, some almost valid) rather than only random JSON,
 * which a structured schema would nearly always reject.
 */
import fc from "fast-check";

type Schema = boolean | { readonly [keyword: string]: unknown };

const KEYS = ["a", "b", "x1", "x2", "y", "constructor", "toString", "é", "😀"];
const STRINGS = fc.oneof(
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("", "a", "ab", "abc", "😀😀", "😀😀😀", "x-1", "A"),
);
const NUMBERS = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.constantFrom(0, -0, 0.5, 1, 2, 3, 10, 9.5),
);

/**
 * Random JSON, small. Integers beyond 2^53 are replaced: zod's `int()` rejects them on purpose,
 * a documented gap that a separate test pins down.
 */
export const anyJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 2 })
  .map(
    (value) =>
      JSON.parse(JSON.stringify(value), (_, x: unknown) =>
        Number.isInteger(x) && !Number.isSafeInteger(x) ? 0.5 : x,
      ) as unknown,
  );

/** Values shaped by `schema` (resolved against `root`), mixed with random JSON. */
export function valuesFor(schema: Schema, root: Schema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4 || typeof schema === "boolean") return anyJson;
  return fc.oneof(
    { weight: 4, arbitrary: shaped(schema, root, depth) },
    { weight: 1, arbitrary: anyJson },
  );
}

function shaped(
  schema: { readonly [keyword: string]: unknown },
  root: Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  const get = (key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);
  const ref = get("$ref");
  if (typeof ref === "string") return valuesFor(resolveRef(root, ref), root, depth + 1);
  const options: fc.Arbitrary<unknown>[] = [];
  const enumeration = get("enum");
  if (Array.isArray(enumeration)) options.push(fc.constantFrom(...(enumeration as unknown[])));
  if (Object.hasOwn(schema, "const")) options.push(fc.constant(get("const")));
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const list = get(keyword);
    if (Array.isArray(list))
      options.push(...(list as Schema[]).map((member) => valuesFor(member, root, depth + 1)));
  }
  const type = get("type");
  const types = Array.isArray(type) ? (type as string[]) : typeof type === "string" ? [type] : [];
  for (const t of types) options.push(byType(t, get, root, depth));
  return options.length === 0 ? anyJson : fc.oneof(...options);
}

function byType(
  type: string,
  get: (key: string) => unknown,
  root: Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return STRINGS;
    case "number":
    case "integer":
      return NUMBERS;
    case "array":
      return arrays(get, root, depth);
    case "object":
      return objects(get, root, depth);
    default:
      return anyJson;
  }
}

function arrays(get: (key: string) => unknown, root: Schema, depth: number): fc.Arbitrary<unknown> {
  const prefix = ((get("prefixItems") as Schema[] | undefined) ?? []).map((s) =>
    valuesFor(s, root, depth + 1),
  );
  const items = get("items") as Schema | undefined;
  const rest = fc.array(items === undefined ? anyJson : valuesFor(items, root, depth + 1), {
    maxLength: 3,
  });
  return fc
    .tuple(fc.tuple(...prefix), rest, fc.nat(prefix.length))
    .map(([head, tail, keep]) => [...head.slice(0, keep), ...(keep === prefix.length ? tail : [])]);
}

function objects(
  get: (key: string) => unknown,
  root: Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = (get("properties") as Record<string, Schema> | undefined) ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of Object.keys(properties))
    model[key] = valuesFor(properties[key] as Schema, root, depth + 1);
  const additional = get("additionalProperties");
  const extraValue =
    additional === undefined || typeof additional === "boolean"
      ? anyJson
      : valuesFor(additional as Schema, root, depth + 1);
  const extras = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(extraValue, NUMBERS), {
    maxKeys: 2,
  });
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), extras, fc.boolean())
    .map(([declared, extra, withExtras]) => (withExtras ? { ...extra, ...declared } : declared));
}

function resolveRef(root: Schema, ref: string): Schema {
  if (ref === "#") return root;
  let node: unknown = root;
  for (const key of ref.slice(2).split("/")) node = (node as Record<string, unknown>)[key];
  return node as Schema;
}
