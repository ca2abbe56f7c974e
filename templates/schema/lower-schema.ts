/**
 * One schema object → one schema node. A schema object is the conjunction of its keywords, so the
 * node is the intersection of its parts: the base from `type` (or from `enum`/`const`), each
 * reference, `allOf`, `anyOf`, `oneOf`; `not` and `if`/`then`/`else` become refinement rules that
 * validators check and types leave out. The kind-specific keywords are read in lower-kinds.ts.
 */
import { combineRefinements } from "./lower-refinements.js";
import { refHidesSiblings } from "./dialect.js";
import { has, own, type RawObject } from "./json-value.js";
import { intersect, unite } from "./combine.js";
import { readDoc } from "./lower-doc.js";
import { lowerBase } from "./lower-kinds.js";
import { referTo, type LowerContext } from "./lower-context.js";
import { SchemaError, appendPointer } from "./schema-error.js";
import { NEVER, UNKNOWN, type SchemaDoc, type SchemaNode } from "./schema-node.js";

/** A lowered schema with the annotations it carries itself. */
export interface Lowered {
  readonly node: SchemaNode;
  readonly doc?: SchemaDoc;
}

/**
 * Lowers the schema at `pointer`. `guarded` says whether it sits behind a property or array
 * element of the definition being lowered. A schema that is itself a reference target becomes a
 * reference (so each schema is lowered once, and recursion stays finite), except the one that
 * starts the definition.
 */
export function lowerAt(ctx: LowerContext, pointer: string, guarded: boolean): Lowered {
  const scanned = ctx.index.schemas.get(pointer);
  if (scanned === undefined) throw new SchemaError(pointer, "internal: schema was not scanned");
  const { raw } = scanned;
  if (typeof raw === "boolean") return { node: raw ? UNKNOWN : NEVER };
  const doc = readDoc(ctx, raw, pointer, scanned.depth);
  if (pointer !== ctx.current.pointer && ctx.targets.has(pointer)) {
    return withDoc(referTo(ctx, pointer, guarded), doc);
  }
  return withDoc(lowerObjectSchema(ctx, raw, pointer, scanned.depth, guarded), doc);
}

function lowerObjectSchema(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
  guarded: boolean,
): SchemaNode {
  const refs = (ctx.refTargets.get(pointer) ?? []).map((target) => referTo(ctx, target, guarded));
  if (refs.length > 0 && refHidesSiblings(ctx.index.dialect)) return intersect(refs);
  const parts: SchemaNode[] = [lowerBase(ctx, raw, pointer, depth), ...refs];
  for (const member of lowerList(ctx, raw, "allOf", pointer, guarded)) parts.push(member);
  if (has(raw, "anyOf")) parts.push(unite(lowerList(ctx, raw, "anyOf", pointer, guarded), false));
  if (has(raw, "oneOf")) parts.push(unite(lowerList(ctx, raw, "oneOf", pointer, guarded), true));
  const combined = intersect(parts);
  // The pointer names the schema in a warning if the combination is too large to type.
  const located = combined.kind === "intersection" ? { ...combined, pointer } : combined;
  return combineRefinements(ctx, raw, pointer, guarded, located);
}

/** Lowers each schema of an array keyword (`allOf`, `anyOf`, `oneOf`); empty when absent. */
export function lowerList(
  ctx: LowerContext,
  raw: RawObject,
  keyword: string,
  pointer: string,
  guarded: boolean,
): SchemaNode[] {
  const list = own(raw, keyword);
  if (!Array.isArray(list)) return [];
  const at = appendPointer(pointer, keyword);
  return list.map((_, i) => lowerAt(ctx, appendPointer(at, i), guarded).node);
}

function withDoc(node: SchemaNode, doc: SchemaDoc | undefined): Lowered {
  return doc === undefined ? { node } : { node, doc };
}
