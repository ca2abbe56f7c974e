/**
 * Object keywords: `properties`, `required`, `additionalProperties`, `patternProperties` (and
 * `unevaluatedProperties: false` where it means the same as `additionalProperties: false`).
 * A required key that is not declared gets the schema every undeclared key has.
 */
import { has, isPlainObject, own, type RawObject } from "../read/json-value.js";
import { diagnose, type LowerContext, type Lowered } from "./context.js";
import { compilePattern } from "./pattern.js";
import { appendPointer } from "../schema-error.js";
import {
  UNKNOWN,
  type AdditionalKeys,
  type CompiledPattern,
  type ObjectNode,
  type PatternPropertyNode,
  type PropertyNode,
} from "../schema-node.js";

// Keywords that change what an object admits but that no type states and no validator checks.
const UNENFORCED = [
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
];

// In-place applicators: with any of them, `unevaluatedProperties` depends on what they evaluate.
const IN_PLACE = [
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "dependentSchemas",
];

/** The object node of `raw`. */
export function lowerObject(ctx: LowerContext, raw: RawObject, pointer: string): ObjectNode {
  reportUnenforced(ctx, raw, pointer);
  const required = readRequired(ctx, raw, pointer);
  const declared = lowerProperties(ctx, raw, pointer, required);
  const patternProperties = lowerPatternProperties(ctx, raw, pointer);
  const { node: additional, doc: additionalDoc } = lowerAdditional(ctx, raw, pointer);
  const names = new Set(declared.map((p) => p.name));
  const undeclaredNode = patternProperties.length === 0 ? additional : UNKNOWN;
  const undeclared: PropertyNode[] = [...required]
    .filter((name) => !names.has(name))
    .map((name) => ({ name, required: true, node: undeclaredNode }));
  const node: ObjectNode = {
    kind: "object",
    properties: [...declared, ...undeclared],
    patternProperties,
    additional,
    ...(additionalDoc === undefined ? {} : { additionalDoc }),
    ...(has(raw, "additionalProperties") || has(raw, "unevaluatedProperties")
      ? {}
      : { additionalUnstated: true as const }),
  };
  if (patternProperties.length === 0 || additional.kind === "unknown") return node;
  const keys = additionalKeys(declared, patternProperties);
  if (keys === undefined)
    diagnose(
      ctx,
      pointer,
      "additionalProperties next to these patternProperties cannot be checked; the validator admits any other key",
      "warning",
    );
  return keys === undefined ? node : { ...node, additionalKeys: keys };
}

function readRequired(ctx: LowerContext, raw: RawObject, pointer: string): Set<string> {
  const required = own(raw, "required");
  if (required === undefined) return new Set();
  if (
    Array.isArray(required) &&
    required.every((name): name is string => typeof name === "string")
  ) {
    for (const name of required) ctx.index.budget.key(name, appendPointer(pointer, "required"));
    return new Set(required);
  }
  diagnose(
    ctx,
    appendPointer(pointer, "required"),
    "required must be an array of strings; ignored",
  );
  return new Set();
}

function lowerProperties(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  required: ReadonlySet<string>,
): PropertyNode[] {
  const properties = own(raw, "properties");
  if (!isPlainObject(properties)) return [];
  const at = appendPointer(pointer, "properties");
  return Object.keys(properties).map((name) => {
    const { node, doc } = ctx.lowerAt(appendPointer(at, name), true);
    const property: PropertyNode = { name, required: required.has(name), node };
    return doc === undefined ? property : { ...property, doc };
  });
}

function lowerPatternProperties(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
): PatternPropertyNode[] {
  const map = own(raw, "patternProperties");
  if (!isPlainObject(map)) return [];
  const at = appendPointer(pointer, "patternProperties");
  return Object.keys(map).map((pattern) => {
    const where = appendPointer(at, pattern);
    const compiled = compilePattern(pattern);
    if (compiled.pattern === undefined)
      diagnose(
        ctx,
        where,
        `patternProperties key ${compiled.problem}; the validator does not check it`,
        "warning",
      );
    const node = ctx.lowerAt(where, true).node;
    return compiled.pattern === undefined ? { node } : { pattern: compiled.pattern, node };
  });
}

function lowerAdditional(ctx: LowerContext, raw: RawObject, pointer: string): Lowered {
  if (has(raw, "additionalProperties"))
    return ctx.lowerAt(appendPointer(pointer, "additionalProperties"), true);
  if (!has(raw, "unevaluatedProperties")) return { node: UNKNOWN };
  // Without in-place applicators, every undeclared key is unevaluated: the same as additionalProperties.
  if (!IN_PLACE.some((k) => has(raw, k)))
    return ctx.lowerAt(appendPointer(pointer, "unevaluatedProperties"), true);
  diagnose(
    ctx,
    appendPointer(pointer, "unevaluatedProperties"),
    "unevaluatedProperties next to in-place applicators is not enforced",
    "warning",
  );
  return { node: UNKNOWN };
}

function additionalKeys(
  declared: readonly PropertyNode[],
  patterns: readonly PatternPropertyNode[],
): AdditionalKeys | undefined {
  const compiled = patterns.map((p) => p.pattern);
  if (compiled.some((p) => p === undefined)) return undefined;
  return { names: declared.map((p) => p.name), patterns: compiled as CompiledPattern[] };
}

function reportUnenforced(ctx: LowerContext, raw: RawObject, pointer: string): void {
  const present = UNENFORCED.filter(
    (keyword) => has(raw, keyword) && !addsNothing(keyword, own(raw, keyword)),
  );
  if (present.length > 0)
    diagnose(
      ctx,
      pointer,
      `not expressed in the type nor checked by the validator: ${present.join(", ")}`,
      "warning",
    );
}

// Keywords of a schema that only describe it: they admit every value.
const ANNOTATIONS = new Set(["description", "title", "$comment", "examples", "default"]);

/**
 * Whether `keyword: value` admits every object the type already admits, so leaving it out loses
 * nothing and no warning is due: `propertyNames` every key satisfies (`true`, `{}`,
 * `{ "type": "string" }`, with annotations at most), `minProperties: 0`.
 */
function addsNothing(keyword: string, value: unknown): boolean {
  if (keyword === "minProperties") return value === 0;
  if (keyword !== "propertyNames") return false;
  if (value === true) return true;
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(
    ([key, child]) =>
      ANNOTATIONS.has(key) ||
      (key === "type" &&
        (child === "string" || (Array.isArray(child) && child.includes("string")))),
  );
}
