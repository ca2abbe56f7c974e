/**
 * JSON helpers for contract drift: a canonical text for comparing values regardless of key order,
 * a schema's structure without its annotations, and quoting that keeps whatever a server sent
 * from doing anything but being read on a terminal.
 */
import { SUBSCHEMA_KEYWORDS, compareText } from "@mcp-codegen/runtime/internal";
import { escapeInvisible } from "../../templates/index.js";

/** A JSON object, read-only: the only shape a schema node other than `true`/`false` can have. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** Keywords that describe but never constrain: changing them is always compatible. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "$schema",
  "$id",
  "$anchor",
]);

/** True for an annotation keyword, including vendor extensions (`x-…`). */
export function isAnnotation(keyword: string): boolean {
  return ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith("x-");
}

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Own property lookup: a key like `__proto__` or `constructor` in a schema is just a key. */
export function own(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** JSON text with object keys sorted at every level: equal values give equal text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort(compareText);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// Keywords whose value is a schema, a list of schemas, or a map of name → schema (one table
// with the runtime and the scanner); `items` may be either of the first two.
const SCHEMA_VALUED: ReadonlySet<string> = new Set([
  ...SUBSCHEMA_KEYWORDS.single,
  ...SUBSCHEMA_KEYWORDS.singleOrList,
]);
const SCHEMA_LISTS: ReadonlySet<string> = new Set([
  ...SUBSCHEMA_KEYWORDS.lists,
  ...SUBSCHEMA_KEYWORDS.singleOrList,
]);
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  ...SUBSCHEMA_KEYWORDS.maps,
  ...SUBSCHEMA_KEYWORDS.mixedMaps,
]);

/**
 * A schema without its annotations, at every level where a schema can appear (not inside
 * `enum`, `const` or `properties` names, which are data). Deeper than `depth` is kept whole.
 */
export function withoutAnnotations(schema: unknown, depth = 64): unknown {
  if (!isRecord(schema) || depth <= 0) return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (isAnnotation(key)) continue;
    let stripped = value;
    if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      stripped = value.map((item) => withoutAnnotations(item, depth - 1));
    } else if (SCHEMA_VALUED.has(key)) {
      stripped = withoutAnnotations(value, depth - 1);
    } else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      stripped = mapValues(value, (item) => withoutAnnotations(item, depth - 1));
    }
    define(result, key, stripped);
  }
  return result;
}

/** The canonical text of a schema's structure: two schemas with equal keys constrain alike. */
export function structuralKey(schema: unknown): string {
  return canonical(withoutAnnotations(schema === true ? {} : schema));
}

function mapValues(record: JsonRecord, map: (value: unknown) => unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) define(result, key, map(value));
  return result;
}

/** Sets a key as data, so `__proto__` from a server cannot replace a prototype. */
export function define(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * A string from a server as a double-quoted, escaped literal that is safe to print: JSON escapes
 * the controls, and the generator's escaper the bidi and invisible characters.
 */
export function quote(text: string): string {
  return escapeInvisible(JSON.stringify(text));
}

/** A key from a server (a keyword, an annotation, a capability) as is if it is a plain word, else quoted. */
export function keyName(key: string): string {
  return /^[A-Za-z_$][\w$-]{0,39}$/.test(key) ? key : preview(key, 40);
}

/** A JSON value in one short, safe line: for enum values and schema variants in messages. */
export function preview(value: unknown, limit = 60): string {
  const text = typeof value === "string" ? quote(value) : escapeInvisible(canonical(value));
  const chars = [...text];
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join("")}…`;
}
