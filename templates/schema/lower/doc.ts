/**
 * The annotations of a schema that become JSDoc: title, description, format, default, examples,
 * deprecated, and the validation keywords a reader of the type should know about. Values are
 * checked as JSON here and escaped only when rendered.
 */
import { checkJsonValue, has, own, type RawObject } from "../read/json-value.js";
import type { LowerContext } from "./context.js";
import { appendPointer } from "../schema-error.js";
import type { JsonValue, SchemaDoc } from "../schema-node.js";

const NUMERIC = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
] as const;

/** The doc of `raw`, or `undefined` when it has nothing to show. */
export function readDoc(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
): SchemaDoc | undefined {
  const title = own(raw, "title");
  const description = own(raw, "description");
  const format = own(raw, "format");
  const examples = readExamples(ctx, raw, pointer, depth);
  const constraints = readConstraints(raw);
  const deprecated = own(raw, "deprecated") === true;
  const hasDefault = has(raw, "default");
  const empty =
    typeof title !== "string" &&
    typeof description !== "string" &&
    typeof format !== "string" &&
    !hasDefault &&
    examples.length === 0 &&
    constraints.length === 0 &&
    !deprecated;
  if (empty) return undefined;
  return {
    ...(typeof title === "string" ? { title } : {}),
    ...(typeof description === "string" ? { description } : {}),
    ...(typeof format === "string" ? { format } : {}),
    ...(hasDefault ? { default: { value: readValue(ctx, raw, "default", pointer, depth) } } : {}),
    examples,
    deprecated,
    constraints,
  };
}

function readValue(
  ctx: LowerContext,
  raw: RawObject,
  keyword: string,
  pointer: string,
  depth: number,
): JsonValue {
  return checkJsonValue(raw[keyword], appendPointer(pointer, keyword), depth + 1, ctx.index.budget);
}

function readExamples(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
): JsonValue[] {
  const examples = own(raw, "examples");
  if (!Array.isArray(examples)) return [];
  const at = appendPointer(pointer, "examples");
  return examples.map((example, i) =>
    checkJsonValue(example, appendPointer(at, i), depth + 2, ctx.index.budget),
  );
}

/**
 * Bounds that only restate the safe-integer range: zod's `.int()` (the SDK's schemas) writes them
 * on every integer, and they tell a reader nothing a `number` does not. Validators keep them.
 */
const SAFE_RANGE: Readonly<Record<string, number>> = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

function readConstraints(raw: RawObject): Array<readonly [string, string]> {
  const constraints: Array<readonly [string, string]> = [];
  for (const keyword of NUMERIC) {
    const value = own(raw, keyword);
    if (typeof value === "number" && Number.isFinite(value) && value !== SAFE_RANGE[keyword])
      constraints.push([keyword, String(value)]);
  }
  const pattern = own(raw, "pattern");
  if (typeof pattern === "string") constraints.push(["pattern", pattern]);
  if (own(raw, "uniqueItems") === true) constraints.push(["uniqueItems", ""]);
  return constraints;
}
