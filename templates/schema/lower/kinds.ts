/**
 * The base of a schema: what `type` (or `enum`/`const`) admits, with each kind's own keywords.
 * Without `type`, the kind-specific keywords say what was meant: `{ properties: … }` is read as an
 * object, `{ minLength: 1 }` as a string. Strictly such schemas admit every other kind too, but
 * no author means that, and both the type and the validator read it the same way.
 */
import { unite } from "./combine.js";
import {
  canonicalJson,
  checkJsonValue,
  has,
  jsonTypeOf,
  own,
  type RawObject,
} from "../read/json-value.js";
import { lowerArray } from "./array.js";
import { diagnose, type LowerContext } from "./context.js";
import { readCount } from "./count.js";
import { lowerObject } from "./object.js";
import { compilePattern } from "./pattern.js";
import { SchemaError, appendPointer, describeText } from "../schema-error.js";
import {
  NEVER,
  UNKNOWN,
  type CompiledPattern,
  type JsonValue,
  type NumberNode,
  type SchemaNode,
  type StringNode,
} from "../schema-node.js";

type TypeName = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";

const TYPE_NAMES: ReadonlySet<string> = new Set([
  "null",
  "boolean",
  "object",
  "array",
  "number",
  "integer",
  "string",
]);

const IMPLIED: ReadonlyArray<readonly [TypeName, readonly string[]]> = [
  [
    "object",
    [
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "propertyNames",
      "minProperties",
      "maxProperties",
      "dependentRequired",
      "dependentSchemas",
      "dependencies",
      "unevaluatedProperties",
    ],
  ],
  [
    "array",
    [
      "items",
      "prefixItems",
      "additionalItems",
      "contains",
      "minItems",
      "maxItems",
      "uniqueItems",
      "unevaluatedItems",
    ],
  ],
  ["string", ["minLength", "maxLength", "pattern"]],
  ["number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
];

/** The base node of `raw`; `unknown` when it constrains no kind. */
export function lowerBase(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
): SchemaNode {
  const types = readTypes(raw, pointer);
  const literals = readLiterals(ctx, raw, pointer, depth);
  if (literals !== undefined) {
    const values =
      types === undefined ? literals : literals.filter((value) => typeAdmits(types, value));
    return values.length === 0 ? NEVER : { kind: "literal", values };
  }
  const kinds = types ?? impliedKinds(raw);
  if (types === undefined && kinds.length === 0) return UNKNOWN;
  // One kind (the usual case) needs no union.
  if (kinds.length === 1) return unite([lowerKind(ctx, raw, pointer, kinds[0] as TypeName)], false);
  const members = kinds
    .filter((kind) => !(kind === "integer" && kinds.includes("number")))
    .map((kind) => lowerKind(ctx, raw, pointer, kind));
  return unite(members, false);
}

/** The kinds whose keywords a schema without `type` uses, in `IMPLIED` order. */
function impliedKinds(raw: RawObject): TypeName[] {
  const kinds: TypeName[] = [];
  for (const [kind, keywords] of IMPLIED) {
    for (const keyword of keywords) {
      if (has(raw, keyword)) {
        kinds.push(kind);
        break;
      }
    }
  }
  return kinds;
}

function lowerKind(ctx: LowerContext, raw: RawObject, pointer: string, kind: TypeName): SchemaNode {
  switch (kind) {
    case "null":
      return { kind: "null" };
    case "boolean":
      return { kind: "boolean" };
    case "string":
      return lowerString(ctx, raw, pointer);
    case "number":
    case "integer":
      return lowerNumber(ctx, raw, pointer, kind === "integer");
    case "object":
      return lowerObject(ctx, raw, pointer);
    case "array":
      return lowerArray(ctx, raw, pointer);
  }
}

function readTypes(raw: RawObject, pointer: string): TypeName[] | undefined {
  const type = own(raw, "type");
  if (type === undefined) return undefined;
  const names = Array.isArray(type) ? (type as unknown[]) : [type];
  for (const name of names) {
    if (typeof name !== "string" || !TYPE_NAMES.has(name)) {
      const shown = typeof name === "string" ? describeText(name) : typeof name;
      throw new SchemaError(
        appendPointer(pointer, "type"),
        `type ${shown} is not a JSON Schema type`,
      );
    }
  }
  return names.length === 1 ? [names[0] as TypeName] : [...new Set(names as TypeName[])];
}

/** `const` and `enum` together: the `enum` values equal to `const`, deduplicated. */
function readLiterals(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
): JsonValue[] | undefined {
  const budget = ctx.index.budget;
  const constant = has(raw, "const")
    ? checkJsonValue(raw["const"], appendPointer(pointer, "const"), depth + 1, budget)
    : undefined;
  const list = own(raw, "enum");
  if (list !== undefined && !Array.isArray(list))
    throw new SchemaError(appendPointer(pointer, "enum"), "enum must be an array");
  if (list === undefined) return has(raw, "const") ? [constant as JsonValue] : undefined;
  const values = new Map<string, JsonValue>();
  const at = appendPointer(pointer, "enum");
  list.forEach((item, i) => {
    const value = checkJsonValue(item, appendPointer(at, i), depth + 2, budget);
    const key = canonicalJson(value);
    if (!values.has(key)) values.set(key, value);
  });
  if (!has(raw, "const")) return [...values.values()];
  return values.has(canonicalJson(constant as JsonValue)) ? [constant as JsonValue] : [];
}

function typeAdmits(types: readonly TypeName[], value: JsonValue): boolean {
  const type = jsonTypeOf(value);
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function lowerString(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
): StringNode | typeof NEVER {
  const minLength = readCount(ctx, raw, "minLength", pointer);
  const maxLength = readCount(ctx, raw, "maxLength", pointer);
  if (maxLength !== undefined && minLength !== undefined && maxLength < minLength) return NEVER;
  const format = own(raw, "format");
  const patterns: CompiledPattern[] = [];
  const pattern = own(raw, "pattern");
  if (typeof pattern === "string") {
    ctx.index.budget.text(pattern, "pattern", pointer);
    const compiled = compilePattern(pattern);
    if (compiled.pattern === undefined)
      diagnose(
        ctx,
        appendPointer(pointer, "pattern"),
        `pattern ${compiled.problem}; the validator does not check it`,
        "warning",
      );
    else patterns.push(compiled.pattern);
  }
  return {
    kind: "string",
    patterns,
    ...(minLength === undefined || minLength === 0 ? {} : { minLength }),
    ...(maxLength === undefined ? {} : { maxLength }),
    ...(typeof format === "string" ? { format } : {}),
  };
}

const NUMBER_KEYWORDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
] as const;

function lowerNumber(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  integer: boolean,
): NumberNode {
  const bounds: { -readonly [K in keyof NumberNode]?: NumberNode[K] } = {};
  for (const keyword of NUMBER_KEYWORDS) {
    const value = own(raw, keyword);
    if (typeof value === "number" && Number.isFinite(value)) bounds[keyword] = value;
  }
  // draft-04: exclusiveMinimum/Maximum are booleans that make minimum/maximum exclusive.
  if (own(raw, "exclusiveMinimum") === true && bounds.minimum !== undefined) {
    bounds.exclusiveMinimum = bounds.minimum;
    delete bounds.minimum;
  }
  if (own(raw, "exclusiveMaximum") === true && bounds.maximum !== undefined) {
    bounds.exclusiveMaximum = bounds.maximum;
    delete bounds.maximum;
  }
  if (bounds.multipleOf !== undefined && bounds.multipleOf <= 0) {
    diagnose(
      ctx,
      appendPointer(pointer, "multipleOf"),
      "multipleOf must be greater than 0; ignored",
    );
    delete bounds.multipleOf;
  }
  return { ...bounds, kind: "number", integer };
}
