/**
 * Reading untrusted values safely. A schema arrives as `unknown`: it may own a `__proto__` key,
 * carry keys named like `Object.prototype` members, or (from an in-process server) not be JSON at
 * all. Everything here reads own properties only and checks JSON-ness with bounded depth.
 */
import type { Budget } from "./bounds.js";
import { SchemaError, appendPointer } from "../schema-error.js";
import type { JsonValue } from "../schema-node.js";

/** A schema object as received: only its own keys mean anything. */
export type RawObject = Readonly<Record<string, unknown>>;

/** Whether `value` is a plain object (the only objects JSON can produce). */
export function isPlainObject(value: unknown): value is RawObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The own property `key` of `object`, never an inherited one. */
export function own(object: RawObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Whether `object` owns `key`. */
export function has(object: RawObject, key: string): boolean {
  return Object.hasOwn(object, key);
}

/**
 * Checks that `value` is JSON (plain objects, arrays, strings, finite numbers, booleans, null)
 * within the depth and value budget, and returns it typed. `depth` is the nesting level of
 * `value` in the document.
 */
export function checkJsonValue(
  value: unknown,
  pointer: string,
  depth: number,
  budget: Budget,
): JsonValue {
  budget.depth(depth, pointer);
  budget.value(pointer);
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    throw new SchemaError(pointer, "a number in the schema is not finite");
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      checkJsonValue(item, appendPointer(pointer, index), depth + 1, budget),
    );
    return value as readonly JsonValue[];
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      budget.key(key, pointer);
      checkJsonValue(value[key], appendPointer(pointer, key), depth + 1, budget);
    }
    return value as JsonValue;
  }
  throw new SchemaError(pointer, `a value in the schema is not JSON (${typeof value})`);
}

/**
 * A canonical text for a checked JSON value: equal JSON values (object key order aside) give
 * equal keys. Used to deduplicate `enum` members in linear time.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${(value as readonly JsonValue[]).map(canonicalJson).join(",")}]`;
  const object = value as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key] as JsonValue)}`).join(",")}}`;
}

/** The JSON type of a checked value, as JSON Schema's `type` names it (integers are "integer"). */
export function jsonTypeOf(
  value: JsonValue,
): "null" | "boolean" | "integer" | "number" | "string" | "array" | "object" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "string":
      return "string";
    case "number":
      return Number.isInteger(value) ? "integer" : "number";
    default:
      return "object";
  }
}
