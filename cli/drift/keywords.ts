/**
 * Contract drift for the keywords of one schema node that need no recursion: `type`, `enum` and
 * `const`, numeric and length bounds, exact constraints (`pattern`, `format`…), annotations, and
 * the keywords too complex to reason about, which are only compared for equality.
 */
import { compareText } from "@mcp-codegen/runtime/internal";
import type { Emit } from "./findings.js";
import { canonical, isAnnotation, keyName, own, preview, structuralKey } from "./json.js";
import type { JsonRecord } from "./json.js";

/** Keywords the structural walk (schema.ts) handles itself. */
const WALKED_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
]);

// A larger lower bound, or a smaller upper bound, accepts fewer values.
const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
// Present or absent, equal or not: any other change cannot be ordered.
const EXACT = [
  "pattern",
  "format",
  "multipleOf",
  "uniqueItems",
  "contentEncoding",
  "contentMediaType",
];
const KNOWN: ReadonlySet<string> = new Set([
  ...WALKED_KEYWORDS,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...EXACT,
]);

/** One schema node before and after, where it is, and where findings go. */
export interface NodePair {
  before: JsonRecord;
  after: JsonRecord;
  path: readonly string[];
  emit: Emit;
}

/**
 * Compares `type`, counting `integer` as part of `number`. Only when a side states `type`: for
 * two typeless enums the enum comparison says it all.
 */
export function compareTypes({ before, after, path, emit }: NodePair): void {
  if (own(before, "type") === undefined && own(after, "type") === undefined) return;
  const was = typesOf(before);
  const now = typesOf(after);
  if (was === undefined || now === undefined) {
    if (was !== undefined) {
      emit("type-widened", path, `no longer only ${listTypes(was)}`, "widened");
    }
    if (now !== undefined) emit("type-narrowed", path, `now only ${listTypes(now)}`, "narrowed");
    return;
  }
  const lost = was.some((type) => !covers(now, type));
  const gained = now.some((type) => !covers(was, type));
  const change = `type changed from ${listTypes(was)} to ${listTypes(now)}`;
  if (lost && gained) emit("type-changed", path, change, "incompatible");
  else if (lost) emit("type-narrowed", path, change, "narrowed");
  else if (gained) emit("type-widened", path, change, "widened");
}

/** The JSON types a node accepts: its `type`, else those of its `enum`/`const`; undefined for any. */
function typesOf(node: JsonRecord): string[] | undefined {
  const type = own(node, "type");
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return [...new Set(type.map(String))].sort(compareText);
  const values = enumValues(node);
  if (values === undefined) return undefined;
  return [...new Set(values.map(jsonType))].sort(compareText);
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function covers(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function listTypes(types: readonly string[]): string {
  // Type names come from the server: anything but a plain word is quoted.
  return types.map((type) => (/^[a-z]{1,16}$/.test(type) ? type : preview(type, 20))).join(" | ");
}

/** `enum` values, or `[const]`; undefined when the node restricts no values. */
function enumValues(node: JsonRecord): unknown[] | undefined {
  const values = own(node, "enum");
  if (Array.isArray(values)) return values;
  return Object.hasOwn(node, "const") ? [node["const"]] : undefined;
}

/** Compares the sets of values `enum` and `const` allow (as JSON, whatever the key order). */
export function compareEnums({ before, after, path, emit }: NodePair): void {
  const was = enumValues(before);
  const now = enumValues(after);
  if (was === undefined || now === undefined) {
    if (was !== undefined) {
      emit("enum-widened", path, `no longer only ${listValues(was)}`, "widened");
    }
    if (now !== undefined) emit("enum-narrowed", path, `now only ${listValues(now)}`, "narrowed");
    return;
  }
  const wasKeys = new Set(was.map(canonical));
  const nowKeys = new Set(now.map(canonical));
  const removed = was.filter((value) => !nowKeys.has(canonical(value)));
  const added = now.filter((value) => !wasKeys.has(canonical(value)));
  if (removed.length > 0) {
    emit("enum-narrowed", path, `no longer allows ${listValues(removed)}`, "narrowed");
  }
  if (added.length > 0) {
    emit("enum-widened", path, `now also allows ${listValues(added)}`, "widened");
  }
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map((value) => preview(value, 40));
  const more = values.length > shown.length ? ` and ${values.length - shown.length} more` : "";
  return `${shown.join(", ")}${more}`;
}

/** Compares bounds (ordered) and exact constraints (equal or not) keyword by keyword. */
export function compareConstraints(pair: NodePair): void {
  for (const keyword of LOWER_BOUNDS) compareConstraint(pair, keyword, 1);
  for (const keyword of UPPER_BOUNDS) compareConstraint(pair, keyword, -1);
  for (const keyword of EXACT) compareConstraint(pair, keyword, 0);
}

/**
 * Adding a constraint narrows, removing one widens. A changed bound narrows when it moves
 * inwards (`order` 1: a lower bound rising; -1: an upper bound falling); a changed exact
 * constraint (`order` 0), or a bound that is not a number (draft-04's boolean
 * exclusiveMinimum), cannot be ordered.
 */
function compareConstraint(
  { before, after, path, emit }: NodePair,
  keyword: string,
  order: 1 | 0 | -1,
): void {
  const was = own(before, keyword);
  const now = own(after, keyword);
  if (canonical(was) === canonical(now)) return;
  if (was === undefined) {
    return emit("constraint-narrowed", path, `${keyword} ${preview(now)} added`, "narrowed");
  }
  if (now === undefined) {
    return emit("constraint-widened", path, `${keyword} ${preview(was)} removed`, "widened");
  }
  const detail = `${keyword} changed from ${preview(was)} to ${preview(now)}`;
  if (order === 0 || typeof was !== "number" || typeof now !== "number") {
    return emit("constraint-changed", path, detail, "incompatible");
  }
  const inwards = order * (now - was) > 0;
  emit(
    inwards ? "constraint-narrowed" : "constraint-widened",
    path,
    detail,
    inwards ? "narrowed" : "widened",
  );
}

/**
 * Keywords this comparison does not model (`allOf`, `not`, `$ref`, `if`, `patternProperties`,
 * `$defs`, tuples…): equal on both sides constrains both alike; any difference is reported as not
 * provably compatible.
 */
export function compareOpaque({ before, after, path, emit }: NodePair): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keywords]
    .filter((keyword) => !KNOWN.has(keyword) && !isAnnotation(keyword))
    .filter((keyword) => structuralKey(own(before, keyword)) !== structuralKey(own(after, keyword)))
    .sort(compareText);
  if (changed.length === 0) return;
  const names = changed.map(keyName).join(", ");
  emit("schema-unproven", path, `${names} changed; could not be proven compatible`, "incompatible");
}

/** Annotation changes (descriptions, titles, defaults…): reported, never breaking. */
export function compareAnnotations({ before, after, path, emit }: NodePair): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of [...keywords].filter(isAnnotation).sort(compareText)) {
    const was = own(before, keyword);
    const now = own(after, keyword);
    if (canonical(was) === canonical(now)) continue;
    const what = was === undefined ? "added" : now === undefined ? "removed" : "changed";
    emit("annotation-changed", path, `${keyName(keyword)} ${what}`, "neutral");
  }
}
