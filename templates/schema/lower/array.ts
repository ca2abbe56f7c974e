/**
 * Array keywords: `prefixItems` and `items` (2020-12), the array form of `items` with
 * `additionalItems` (draft-07 and 2019-09, normalised to the former), `minItems` and `maxItems`.
 * `minItems` also makes that many prefix elements required: `[a, b?]` rather than `[a?, b?]`.
 */
import { has, own, type RawObject } from "../read/json-value.js";
import { diagnose, type LowerContext } from "./context.js";
import { readCount } from "./count.js";
import { appendPointer } from "../schema-error.js";
import { NEVER, UNKNOWN, type ArrayNode, type SchemaNode } from "../schema-node.js";

const UNENFORCED = ["contains", "uniqueItems"];

// In-place applicators: with any of them, `unevaluatedItems` depends on what they evaluate.
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
];

/** The array node of `raw`. */
export function lowerArray(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
): ArrayNode | typeof NEVER {
  const present = UNENFORCED.filter(
    (k) => has(raw, k) && !(k === "uniqueItems" && own(raw, k) === false),
  );
  if (present.length > 0)
    diagnose(
      ctx,
      pointer,
      `not expressed in the type nor checked by the validator: ${present.join(", ")}`,
      "warning",
    );
  const { prefix, rest } = lowerElements(ctx, raw, pointer);
  const minItems = readCount(ctx, raw, "minItems", pointer);
  const maxItems = readCount(ctx, raw, "maxItems", pointer);
  if (minItems !== undefined && maxItems !== undefined && maxItems < minItems) return NEVER;
  return {
    kind: "array",
    prefix,
    requiredPrefix: Math.min(minItems ?? 0, prefix.length),
    rest,
    ...(minItems === undefined || minItems === 0 ? {} : { minItems }),
    ...(maxItems === undefined ? {} : { maxItems }),
  };
}

function lowerElements(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
): { prefix: SchemaNode[]; rest: SchemaNode } {
  const items = own(raw, "items");
  if (Array.isArray(items)) {
    // The older tuple form: items is the prefix and additionalItems the rest.
    if (ctx.index.dialect === "2020-12")
      diagnose(ctx, appendPointer(pointer, "items"), "an array of items is read as prefixItems");
    return {
      prefix: lowerEach(ctx, pointer, "items", items.length),
      rest: lowerOptional(ctx, raw, pointer, "additionalItems"),
    };
  }
  const prefixItems = own(raw, "prefixItems");
  const prefix = Array.isArray(prefixItems)
    ? lowerEach(ctx, pointer, "prefixItems", prefixItems.length)
    : [];
  if (has(raw, "items") || !has(raw, "unevaluatedItems"))
    return { prefix, rest: lowerOptional(ctx, raw, pointer, "items") };
  // Without in-place applicators, the elements after the prefix are the unevaluated ones.
  if (!IN_PLACE.some((k) => has(raw, k)))
    return { prefix, rest: lowerOptional(ctx, raw, pointer, "unevaluatedItems") };
  diagnose(
    ctx,
    appendPointer(pointer, "unevaluatedItems"),
    "unevaluatedItems next to in-place applicators is not enforced",
    "warning",
  );
  return { prefix, rest: UNKNOWN };
}

function lowerEach(
  ctx: LowerContext,
  pointer: string,
  keyword: string,
  count: number,
): SchemaNode[] {
  const at = appendPointer(pointer, keyword);
  return Array.from({ length: count }, (_, i) => ctx.lowerAt(appendPointer(at, i), true).node);
}

function lowerOptional(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  keyword: string,
): SchemaNode {
  return has(raw, keyword) ? ctx.lowerAt(appendPointer(pointer, keyword), true).node : UNKNOWN;
}
