/**
 * Structural comparison of two versions of a JSON Schema: properties, `required`,
 * `additionalProperties`, `items`, and `anyOf`/`oneOf` as sets of variants, down to a bounded
 * depth and within a bounded amount of work. What it cannot prove compatible it reports as
 * `incompatible`, never as fine: a false alarm costs a look, a missed break costs an outage.
 */
import { compareText } from "@mcp-codegen/runtime/internal";
import type { Emit, SchemaEffect, SchemaFinding, SchemaWalk as Walk } from "./findings.js";
import { canonical, isRecord, own, structuralKey, type JsonRecord } from "./json.js";
import { expandReferences } from "./refs.js";
import { compareVariantSets, hasVariants } from "./variants.js";
import {
  compareAnnotations,
  compareConstraints,
  compareEnums,
  compareOpaque,
  compareTypes,
} from "./keywords.js";

/** Nesting beyond this is compared for equality only. */
export const MAX_SCHEMA_DEPTH = 32;
/** Schema nodes one comparison may visit (variants are compared pairwise, which multiplies). */
export const MAX_SCHEMA_VISITS = 20_000;

/**
 * Compares `before` with `after` and returns what changed, in walk order. Absent schemas are
 * passed as `true` (anything). Each finding's `effect` says how the accepted values changed;
 * the caller decides from the schema's direction whether that breaks clients. References are
 * followed (refs.ts) when both sides can be expanded; otherwise both are compared as
 * written, where any change to `$ref` or `$defs` cannot be proven compatible.
 */
export function compareSchemas(before: unknown, after: unknown): SchemaFinding[] {
  if (canonical(before) === canonical(after)) return [];
  const was = expandReferences(before);
  const now = expandReferences(after);
  return was === undefined || now === undefined
    ? compareExpanded(before, after)
    : compareExpanded(was, now);
}

function compareExpanded(before: unknown, after: unknown): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const walk: Walk = {
    emit: (change, path, detail, effect) => findings.push({ change, path, detail, effect }),
    visits: 0,
    exhausted: false,
  };
  compareNode(before, after, [], 0, walk);
  return findings;
}

function compareNode(
  before: unknown,
  after: unknown,
  path: readonly string[],
  depth: number,
  walk: Walk,
): void {
  if (canonical(before) === canonical(after)) return;
  // Equal in structure, different in annotations: still walked, to report those (compatible).
  const sameStructure = structuralKey(before) === structuralKey(after);
  if (++walk.visits > MAX_SCHEMA_VISITS || depth > MAX_SCHEMA_DEPTH) {
    if (sameStructure || walk.exhausted) return;
    walk.emit(
      "schema-unproven",
      path,
      "too large or deep to compare; could not be proven compatible",
      "incompatible",
    );
    walk.exhausted = true;
    return;
  }
  if (before === false) {
    return walk.emit("schema-widened", path, "accepts values now (was false)", "widened");
  }
  if (after === false) {
    return walk.emit("schema-narrowed", path, "accepts no value now (false)", "narrowed");
  }
  const was = before === true ? {} : before;
  const now = after === true ? {} : after;
  if (!isRecord(was) || !isRecord(now)) {
    return walk.emit(
      "schema-unproven",
      path,
      "not a JSON Schema object; could not be proven compatible",
      "incompatible",
    );
  }
  if (hasVariants(was) || hasVariants(now)) {
    return compareVariantSets(was, now, path, depth, walk, compareNode);
  }
  const pair = { before: was, after: now, path, emit: walk.emit };
  compareTypes(pair);
  compareEnums(pair);
  compareConstraints(pair);
  compareOpaque(pair);
  compareAnnotations(pair);
  compareObject(was, now, path, depth, walk);
  compareItems(was, now, path, depth, walk);
}

function compareObject(
  before: JsonRecord,
  after: JsonRecord,
  path: readonly string[],
  depth: number,
  walk: Walk,
): void {
  const wasProperties = recordOf(own(before, "properties"));
  const nowProperties = recordOf(own(after, "properties"));
  const wasRequired = requiredOf(before);
  const nowRequired = requiredOf(after);
  const closedBefore = own(before, "additionalProperties") === false;
  const names = new Set([
    ...Object.keys(wasProperties),
    ...Object.keys(nowProperties),
    ...wasRequired,
    ...nowRequired,
  ]);
  for (const name of [...names].sort(compareText)) {
    const where = [...path, name];
    const existed = Object.hasOwn(wasProperties, name) || wasRequired.has(name);
    const exists = Object.hasOwn(nowProperties, name) || nowRequired.has(name);
    if (existed && !exists) {
      walk.emit("property-removed", where, "removed", "incompatible");
    } else if (!existed && exists) {
      emitAdded(where, nowRequired.has(name), closedBefore, walk.emit);
    } else {
      compareNode(
        own(wasProperties, name) ?? true,
        own(nowProperties, name) ?? true,
        where,
        depth + 1,
        walk,
      );
      if (wasRequired.has(name) && !nowRequired.has(name)) {
        walk.emit("property-optional", where, "no longer required", "widened");
      }
      if (!wasRequired.has(name) && nowRequired.has(name)) {
        walk.emit("property-required", where, "now required", "narrowed");
      }
    }
  }
  compareAdditional(
    own(before, "additionalProperties"),
    own(after, "additionalProperties"),
    path,
    depth,
    walk,
  );
}

/** A new property: required narrows; either way, where unknown keys were refused it also widens. */
function emitAdded(
  where: readonly string[],
  required: boolean,
  closedBefore: boolean,
  emit: Emit,
): void {
  const effect: SchemaEffect = required
    ? closedBefore
      ? "incompatible"
      : "narrowed"
    : closedBefore
      ? "widened"
      : "neutral";
  emit(
    required ? "required-property-added" : "property-added",
    where,
    required ? "added, required" : "added, optional",
    effect,
  );
}

function compareAdditional(
  before: unknown,
  after: unknown,
  path: readonly string[],
  depth: number,
  walk: Walk,
): void {
  const was = before ?? true;
  const now = after ?? true;
  if (was !== false && now === false) {
    walk.emit(
      "additional-properties-closed",
      path,
      "additionalProperties turned false: unknown properties are rejected now",
      "narrowed",
    );
  } else if (was === false && now !== false) {
    walk.emit(
      "additional-properties-opened",
      path,
      "additionalProperties no longer false: unknown properties are accepted now",
      "widened",
    );
  } else if (was !== false) {
    compareNode(was, now, [...path, "{*}"], depth + 1, walk);
  }
}

function compareItems(
  before: JsonRecord,
  after: JsonRecord,
  path: readonly string[],
  depth: number,
  walk: Walk,
): void {
  const was = own(before, "items") ?? true;
  const now = own(after, "items") ?? true;
  if (Array.isArray(was) || Array.isArray(now)) {
    // Draft-07 tuples: positional schemas with their own rules; equal or unproven.
    if (structuralKey(was) !== structuralKey(now)) {
      walk.emit(
        "schema-unproven",
        [...path, "[]"],
        "tuple items changed; could not be proven compatible",
        "incompatible",
      );
    }
    return;
  }
  compareNode(was, now, [...path, "[]"], depth + 1, walk);
}

function recordOf(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

function requiredOf(node: JsonRecord): Set<string> {
  const required = own(node, "required");
  return new Set(
    Array.isArray(required) ? required.filter((name) => typeof name === "string") : [],
  );
}
