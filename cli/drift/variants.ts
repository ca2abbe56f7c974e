/**
 * `anyOf`/`oneOf` in contract drift: compared as sets of variants, whatever their order, with
 * the parent's other keywords merged into each variant.
 */
import type { CompareNode, SchemaEffect, SchemaFinding, SchemaWalk as Walk } from "./findings.js";
import {
  canonical,
  define,
  isAnnotation,
  isRecord,
  own,
  preview,
  structuralKey,
  type JsonRecord,
} from "./json.js";

/** True for a node with `anyOf` or `oneOf`. */
export function hasVariants(node: JsonRecord): boolean {
  return Object.hasOwn(node, "anyOf") || Object.hasOwn(node, "oneOf");
}

/**
 * `anyOf`/`oneOf` as sets: a side without them is one variant. Variants equal in structure pair
 * up; a single changed variant on each side is compared in depth; otherwise each variant before
 * must be covered by one after (else narrowed) and each after by one before (else widened).
 */
export function compareVariantSets(
  before: JsonRecord,
  after: JsonRecord,
  path: readonly string[],
  depth: number,
  walk: Walk,
  compareNode: CompareNode,
): void {
  const was = variantsOf(before);
  const now = variantsOf(after);
  if (was === undefined || now === undefined) {
    return walk.emit(
      "schema-unproven",
      path,
      "anyOf/oneOf could not be compared; could not be proven compatible",
      "incompatible",
    );
  }
  const nowKeys = new Set(now.map(structuralKey));
  const wasKeys = new Set(was.map(structuralKey));
  const removed = was.filter((variant) => !nowKeys.has(structuralKey(variant)));
  const added = now.filter((variant) => !wasKeys.has(structuralKey(variant)));
  if (removed.length === 1 && added.length === 1) {
    return compareNode(removed[0], added[0], path, depth + 1, walk);
  }
  for (const variant of removed) {
    if (
      !added.some((candidate) => provably(variant, candidate, "narrowed", depth, walk, compareNode))
    ) {
      walk.emit("variant-removed", path, `no longer accepts ${preview(variant)}`, "narrowed");
    }
  }
  for (const variant of added) {
    if (
      !removed.some((candidate) =>
        provably(candidate, variant, "widened", depth, walk, compareNode),
      )
    ) {
      walk.emit("variant-added", path, `now also accepts ${preview(variant)}`, "widened");
    }
  }
}

/** True when changing `before` into `after` shows neither `unwanted` nor an incompatible effect. */
function provably(
  before: unknown,
  after: unknown,
  unwanted: SchemaEffect,
  depth: number,
  walk: Walk,
  compareNode: CompareNode,
): boolean {
  const findings: SchemaFinding[] = [];
  const probe: Walk = {
    emit: (change, path, detail, effect) => findings.push({ change, path, detail, effect }),
    visits: walk.visits,
    exhausted: false,
  };
  compareNode(before, after, [], depth + 1, probe);
  walk.visits = probe.visits;
  return findings.every(
    (finding) => finding.effect !== unwanted && finding.effect !== "incompatible",
  );
}

/**
 * The variants of a node: each `anyOf`/`oneOf` branch with the node's other keywords merged in,
 * or the node itself. Undefined when they cannot be merged (both lists, a keyword on both levels
 * with different values, a branch that is not a schema).
 */
function variantsOf(node: JsonRecord): unknown[] | undefined {
  const anyOf = own(node, "anyOf");
  const oneOf = own(node, "oneOf");
  if (anyOf === undefined && oneOf === undefined) return [node];
  if (anyOf !== undefined && oneOf !== undefined) return undefined;
  const branches = anyOf ?? oneOf;
  if (!Array.isArray(branches)) return undefined;
  const shared = Object.entries(node).filter(([key]) => key !== "anyOf" && key !== "oneOf");
  const variants: unknown[] = [];
  for (const branch of branches) {
    if (branch === false) continue;
    const merged = mergeBranch(shared, branch === true ? {} : branch);
    if (merged === undefined) return undefined;
    variants.push(merged);
  }
  return variants;
}

/**
 * A branch with the parent's keywords: all of them apply together, so `required` lists are
 * joined and `properties` maps combined; any other keyword present on both levels must be equal.
 */
function mergeBranch(
  shared: readonly (readonly [string, unknown])[],
  branch: unknown,
): JsonRecord | undefined {
  if (!isRecord(branch)) return undefined;
  const merged: Record<string, unknown> = { ...branch };
  for (const [key, value] of shared) {
    const mine = own(branch, key);
    const combined = mine === undefined ? value : combine(key, mine, value);
    if (combined === undefined) return undefined;
    define(merged, key, combined);
  }
  return merged;
}

/** The value of a keyword present on both levels, or undefined when they cannot be combined. */
function combine(key: string, mine: unknown, theirs: unknown): unknown {
  if (canonical(mine) === canonical(theirs) || isAnnotation(key)) return mine;
  if (key === "required" && Array.isArray(mine) && Array.isArray(theirs)) {
    return [...new Set([...theirs, ...mine])];
  }
  if (key === "properties" && isRecord(mine) && isRecord(theirs)) {
    const result: Record<string, unknown> = { ...theirs };
    for (const [name, schema] of Object.entries(mine)) {
      const other = own(theirs, name);
      if (other !== undefined && canonical(other) !== canonical(schema)) return undefined;
      define(result, name, schema);
    }
    return result;
  }
  return undefined;
}
