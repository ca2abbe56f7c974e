/**
 * One schema object → one schema node. A schema object is the conjunction of its keywords, so the
 * node is the intersection of its parts: the base from `type` (or from `enum`/`const`), each
 * reference, `allOf`, `anyOf`, `oneOf`; `not` and `if`/`then`/`else` become refinement rules that
 * validators check and types leave out. The kind-specific keywords are read in kinds.ts.
 */
import { combineRefinements } from "./refinements.js";
import { refHidesSiblings } from "../read/dialect.js";
import { has, own, type RawObject } from "../read/json-value.js";
import { intersect, unite } from "./combine.js";
import { readDoc } from "./doc.js";
import { lowerBase } from "./kinds.js";
import { forgetSince, markLowering, referTo, type LowerContext, type Lowered } from "./context.js";
import { setAside } from "../read/scan.js";
import { SchemaError, appendPointer, isLocalSchemaError } from "../schema-error.js";
import { NEVER, UNKNOWN, type SchemaDoc, type SchemaNode } from "../schema-node.js";

/**
 * Lowers the schema at `pointer`. `guarded` says whether it sits behind a property or array
 * element of the definition being lowered. A schema that is itself a reference target becomes a
 * reference (so each schema is lowered once, and recursion stays finite), except the one that
 * starts the definition.
 */
export function lowerAt(ctx: LowerContext, pointer: string, guarded: boolean): Lowered {
  const notes = ctx.pendingNotes.length;
  return placeNotes(ctx, pointer, notes, lowerHere(ctx, pointer, guarded));
}

function lowerHere(ctx: LowerContext, pointer: string, guarded: boolean): Lowered {
  const scanned = ctx.index.schemas.get(pointer);
  if (scanned === undefined) throw new SchemaError(pointer, "internal: schema was not scanned");
  const { raw } = scanned;
  if (scanned.setAside !== undefined) return setAsideNode(ctx, undefined, scanned.setAside);
  if (typeof raw === "boolean") return { node: raw ? UNKNOWN : NEVER };
  const mark = markLowering(ctx);
  try {
    const doc = readDoc(ctx, raw, pointer, scanned.depth);
    if (pointer !== ctx.current.pointer && ctx.targets.has(pointer)) {
      return withDoc(referTo(ctx, pointer, guarded), doc);
    }
    const branches: SchemaDoc[] = [];
    const node = lowerObjectSchema(ctx, raw, pointer, scanned.depth, guarded, branches);
    // The siblings of a reference that is not followed may still type the schema: the note
    // says what was read as unknown rather than that the whole part is.
    for (const reason of unresolvedReasons(ctx, pointer))
      ctx.pendingNotes.push(`The reference is read as unknown: ${reason}.`);
    return withDoc(node, withBranchDescriptions(doc, branches));
  } catch (error) {
    // A problem in this subschema (a type name JSON Schema lacks, an enum that is not a list):
    // the subschema is read as `{}`, the widest honest reading, and the rest is still typed.
    if (!isLocalSchemaError(error)) throw error;
    forgetSince(ctx, mark);
    // What was found inside the failed part no longer applies; the one warning says why.
    ctx.index.diagnostics.length = mark.diagnostics;
    ctx.pendingNotes.length = mark.notes;
    ctx.index.diagnostics.push(setAside(error));
    return setAsideNode(ctx, raw, error.reason);
  }
}

/** `{}` for a part that could not be read, with a note saying why for the JSDoc. */
function setAsideNode(ctx: LowerContext, raw: RawObject | undefined, reason: string): Lowered {
  ctx.setAside += 1;
  ctx.pendingNotes.push(`Typed as unknown: ${reason}.`);
  const title = raw === undefined ? undefined : own(raw, "title");
  const description = raw === undefined ? undefined : own(raw, "description");
  if (typeof title !== "string" && typeof description !== "string") return { node: UNKNOWN };
  const doc: SchemaDoc = {
    ...(typeof title === "string" ? { title } : {}),
    ...(typeof description === "string" ? { description } : {}),
    examples: [],
    deprecated: false,
    constraints: [],
  };
  return { node: UNKNOWN, doc };
}

/**
 * Puts the notes found since `mark` (parts set aside here or below) on this schema's doc when its
 * doc is shown, as a definition's or a property's is; otherwise they wait for the nearest
 * enclosing schema whose doc is (an array's items, a union member and a `not` have none).
 */
function placeNotes(ctx: LowerContext, pointer: string, mark: number, lowered: Lowered): Lowered {
  if (ctx.pendingNotes.length === mark || !showsDoc(ctx, pointer)) return lowered;
  const notes = ctx.pendingNotes.splice(mark);
  const base: SchemaDoc = lowered.doc ?? { examples: [], deprecated: false, constraints: [] };
  return { ...lowered, doc: { ...base, notes: [...(base.notes ?? []), ...notes] } };
}

/** Whether the doc of the schema at `pointer` is rendered: a definition or an object's property. */
function showsDoc(ctx: LowerContext, pointer: string): boolean {
  if (pointer === ctx.current.pointer) return true;
  const parent = pointer.slice(0, pointer.lastIndexOf("/"));
  const owner = parent.slice(0, -"/properties".length);
  return parent.endsWith("/properties") && ctx.index.schemas.has(owner);
}

/** Why each reference of the schema at `pointer` could not be resolved. */
function unresolvedReasons(ctx: LowerContext, pointer: string): string[] {
  const targets = ctx.refTargets.get(pointer) ?? [];
  return targets.flatMap((target) => (typeof target === "string" ? [] : [target.reason]));
}

function lowerObjectSchema(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  depth: number,
  guarded: boolean,
  branches: SchemaDoc[],
): SchemaNode {
  const refs = (ctx.refTargets.get(pointer) ?? []).map((target) => {
    if (typeof target === "string") return referTo(ctx, target, guarded);
    // An unresolvable reference stands for `{}`: its siblings still constrain the type.
    ctx.setAside += 1;
    return UNKNOWN;
  });
  if (refs.length > 0 && refHidesSiblings(ctx.index.dialect)) return intersect(refs);
  const parts: SchemaNode[] = [lowerBase(ctx, raw, pointer, depth), ...refs];
  for (const member of lowerList(ctx, raw, "allOf", pointer, guarded)) parts.push(member);
  if (has(raw, "anyOf"))
    parts.push(unite(lowerBranches(ctx, raw, "anyOf", pointer, guarded, branches), false));
  if (has(raw, "oneOf")) {
    const before = ctx.setAside;
    const members = lowerBranches(ctx, raw, "oneOf", pointer, guarded, branches);
    // "Exactly one" of members one of which was set aside as `{}` would mean "none of the
    // others": narrower than the schema. "Any of" them is the wider, honest reading.
    parts.push(unite(members, ctx.setAside === before));
  }
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

/**
 * Lowers the members of `anyOf` or `oneOf`, keeping their docs in `branches`: a union member has
 * no JSDoc of its own, so what it says would otherwise be lost.
 */
function lowerBranches(
  ctx: LowerContext,
  raw: RawObject,
  keyword: "anyOf" | "oneOf",
  pointer: string,
  guarded: boolean,
  branches: SchemaDoc[],
): SchemaNode[] {
  const list = own(raw, keyword);
  if (!Array.isArray(list)) return [];
  const at = appendPointer(pointer, keyword);
  return list.map((_, i) => {
    const lowered = lowerAt(ctx, appendPointer(at, i), guarded);
    if (lowered.doc !== undefined) branches.push(lowered.doc);
    return lowered.node;
  });
}

/**
 * The schema's doc, with the descriptions of its union members when it has none itself: schemas
 * written as `anyOf: [{ type: "string", description }, { type: "null" }]` (an optional field as
 * many generators write it) describe the field only inside a branch.
 */
function withBranchDescriptions(
  doc: SchemaDoc | undefined,
  branches: readonly SchemaDoc[],
): SchemaDoc | undefined {
  if (doc?.description !== undefined) return doc;
  const descriptions = [...new Set(branches.flatMap((branch) => branch.description ?? []))];
  if (descriptions.length === 0) return doc;
  const base: SchemaDoc = doc ?? { examples: [], deprecated: false, constraints: [] };
  return { ...base, description: descriptions.join("\n\n") };
}

function withDoc(node: SchemaNode, doc: SchemaDoc | undefined): Lowered {
  return doc === undefined ? { node } : { node, doc };
}
