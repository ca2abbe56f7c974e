/**
 * Test oracle: a small JSON Schema 2020-12 validator written straight from the specification,
 * independent of the code under test, for the keywords the property tests use. It evaluates the
 * schema directly (no lowering, no zod) so that a disagreement points at the generator.
 * Local `$ref` only (`#` and `#/$defs/...`); `format` is an annotation, as 2020-12 says.
 */
type Schema = boolean | { readonly [keyword: string]: unknown };

/** Whether `value` is valid against `schema`, which is a document root. */
export function referenceValidate(schema: Schema, value: unknown): boolean {
  return valid(schema, value, schema);
}

function valid(schema: Schema, value: unknown, root: Schema): boolean {
  if (typeof schema === "boolean") return schema;
  const get = (key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);
  const checks: Array<() => boolean> = [
    () => get("$ref") === undefined || valid(resolve(root, get("$ref") as string), value, root),
    () => get("type") === undefined || typeMatches(get("type") as string | string[], value),
    () =>
      get("enum") === undefined ||
      (get("enum") as unknown[]).some((member) => equal(member, value)),
    () => !Object.hasOwn(schema, "const") || equal(get("const"), value),
    () => (get("allOf") as Schema[] | undefined)?.every((s) => valid(s, value, root)) ?? true,
    () => (get("anyOf") as Schema[] | undefined)?.some((s) => valid(s, value, root)) ?? true,
    () =>
      get("oneOf") === undefined ||
      (get("oneOf") as Schema[]).filter((s) => valid(s, value, root)).length === 1,
    () => get("not") === undefined || !valid(get("not") as Schema, value, root),
    () => conditional(get, value, root),
    () => typeof value !== "string" || stringValid(get, value),
    () => typeof value !== "number" || numberValid(get, value),
    () => !Array.isArray(value) || arrayValid(get, value, root),
    () => !isObject(value) || objectValid(get, value, root),
  ];
  return checks.every((check) => check());
}

function resolve(root: Schema, ref: string): Schema {
  if (ref === "#") return root;
  const keys = ref
    .slice(2)
    .split("/")
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = root;
  for (const key of keys) node = (node as Record<string, unknown>)[key];
  return node as Schema;
}

function conditional(get: (key: string) => unknown, value: unknown, root: Schema): boolean {
  const condition = get("if");
  if (condition === undefined) return true;
  const branch = valid(condition as Schema, value, root) ? get("then") : get("else");
  return branch === undefined || valid(branch as Schema, value, root);
}

function typeMatches(type: string | string[], value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case "null":
        return value === null;
      case "boolean":
        return typeof value === "boolean";
      case "string":
        return typeof value === "string";
      case "number":
        return typeof value === "number";
      case "integer":
        return typeof value === "number" && Number.isInteger(value);
      case "array":
        return Array.isArray(value);
      case "object":
        return isObject(value);
      default:
        return false;
    }
  });
}

function stringValid(get: (key: string) => unknown, value: string): boolean {
  const length = [...value].length;
  const min = get("minLength") as number | undefined;
  const max = get("maxLength") as number | undefined;
  const pattern = get("pattern") as string | undefined;
  return (
    (min === undefined || length >= min) &&
    (max === undefined || length <= max) &&
    (pattern === undefined || new RegExp(pattern, "u").test(value))
  );
}

function numberValid(get: (key: string) => unknown, value: number): boolean {
  const n = (key: string): number | undefined => get(key) as number | undefined;
  const minimum = n("minimum");
  const maximum = n("maximum");
  const exclusiveMinimum = n("exclusiveMinimum");
  const exclusiveMaximum = n("exclusiveMaximum");
  const multipleOf = n("multipleOf");
  return (
    (minimum === undefined || value >= minimum) &&
    (maximum === undefined || value <= maximum) &&
    (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
    (exclusiveMaximum === undefined || value < exclusiveMaximum) &&
    (multipleOf === undefined || Number.isInteger(value / multipleOf))
  );
}

function arrayValid(
  get: (key: string) => unknown,
  value: readonly unknown[],
  root: Schema,
): boolean {
  const prefix = (get("prefixItems") as Schema[] | undefined) ?? [];
  const items = get("items") as Schema | undefined;
  const min = get("minItems") as number | undefined;
  const max = get("maxItems") as number | undefined;
  if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max))
    return false;
  return value.every((element, i) => {
    const schema = i < prefix.length ? prefix[i] : items;
    return schema === undefined || valid(schema, element, root);
  });
}

function objectValid(
  get: (key: string) => unknown,
  value: Readonly<Record<string, unknown>>,
  root: Schema,
): boolean {
  const properties = (get("properties") as Record<string, Schema> | undefined) ?? {};
  const patterns = (get("patternProperties") as Record<string, Schema> | undefined) ?? {};
  const additional = get("additionalProperties") as Schema | undefined;
  const required = (get("required") as string[] | undefined) ?? [];
  if (!required.every((key) => Object.hasOwn(value, key))) return false;
  return Object.keys(value).every((key) => {
    const declared = Object.hasOwn(properties, key);
    if (declared && !valid(properties[key] as Schema, value[key], root)) return false;
    const matching = Object.keys(patterns).filter((pattern) => new RegExp(pattern, "u").test(key));
    if (!matching.every((pattern) => valid(patterns[pattern] as Schema, value[key], root)))
      return false;
    return (
      declared ||
      matching.length > 0 ||
      additional === undefined ||
      valid(additional, value[key], root)
    );
  });
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON equality: numbers by value, objects regardless of key order. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]))
    );
  }
  return false;
}
