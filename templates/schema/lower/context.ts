/**
 * The state shared while one document is turned into schema nodes: the scan's index, the
 * resolved references, the definition table being filled, and which references the definition
 * being lowered makes (all of them, and those not behind a property or array element).
 */
import type { SchemaIndex } from "../read/scan.js";
import type { DiagnosticLevel, SchemaDiagnostic, SchemaError } from "../schema-error.js";
import type { RefNode, SchemaDoc, SchemaNode } from "../schema-node.js";

/** What is known of one definition while the document is lowered. */
export interface DefinitionSlot {
  readonly pointer: string;
  readonly suffix: string;
  /** In first-use order (a `Set` keeps insertion order). */
  readonly references: Set<number>;
  readonly unguarded: Set<number>;
}

/** A lowered schema with the annotations it carries itself. */
export interface Lowered {
  readonly node: SchemaNode;
  readonly doc?: SchemaDoc;
}

export interface LowerContext {
  readonly index: SchemaIndex;
  /**
   * Pointer of a schema holding references → pointers of their targets, or the error of a
   * reference that could not be resolved (that part is typed as unknown).
   */
  readonly refTargets: ReadonlyMap<string, ReadonlyArray<string | SchemaError>>;
  /** Every pointer some reference resolves to. */
  readonly targets: ReadonlySet<string>;
  readonly slots: DefinitionSlot[];
  /** Pointer → index in `slots`. */
  readonly slotByPointer: Map<string, number>;
  /**
   * Lowers the schema at `pointer` (schema.ts's `lowerAt`). On the context, so the files that
   * lower one kind of keyword recurse through it rather than import schema.ts, which imports them.
   */
  readonly lowerAt: (pointer: string, guarded: boolean) => Lowered;
  /** Names a new definition. */
  readonly nameDefinition: (pointer: string) => string;
  /** The definition being lowered. */
  current: DefinitionSlot;
  /**
   * How many parts have been set aside (read as `{}` because they could not be read) so far.
   * Only ever grows: where a part is negated (`not`, an `if` condition, a `oneOf` member), a
   * change tells the caller to drop the rule rather than let `{}` narrow the type.
   */
  setAside: number;
  /**
   * JSDoc notes (why a part is `unknown`) waiting for the nearest enclosing schema whose doc is
   * rendered: a definition or a property. Items and union members have no doc of their own.
   */
  readonly pendingNotes: string[];
}

/** Records a diagnostic (a `note` unless the generated code says less than the schema). */
export function diagnose(
  ctx: LowerContext,
  pointer: string,
  message: string,
  level: DiagnosticLevel = "note",
): void {
  const diagnostic: SchemaDiagnostic = { pointer, message, level };
  ctx.index.diagnostics.push(diagnostic);
}

/**
 * A reference from the definition being lowered to the schema at `target`, creating its
 * definition on first use. `guarded` says whether the reference sits behind a property or array
 * element of the current definition.
 */
export function referTo(ctx: LowerContext, target: string, guarded: boolean): RefNode {
  let index = ctx.slotByPointer.get(target);
  if (index === undefined) {
    index = ctx.slots.length;
    const suffix = target === "" ? "" : ctx.nameDefinition(target);
    ctx.slots.push({ pointer: target, suffix, references: new Set(), unguarded: new Set() });
    ctx.slotByPointer.set(target, index);
  }
  ctx.current.references.add(index);
  if (!guarded) ctx.current.unguarded.add(index);
  return { kind: "ref", index };
}

/** How far lowering had got: taken before a part that may be dropped. */
export interface LoweringMark {
  readonly slots: number;
  readonly references: number;
  readonly unguarded: number;
  readonly diagnostics: number;
  readonly notes: number;
}

/** Where lowering is now, to forget what a part adds if it is then dropped (`forgetSince`). */
export function markLowering(ctx: LowerContext): LoweringMark {
  return {
    slots: ctx.slots.length,
    references: ctx.current.references.size,
    unguarded: ctx.current.unguarded.size,
    diagnostics: ctx.index.diagnostics.length,
    notes: ctx.pendingNotes.length,
  };
}

/**
 * Forgets the definitions and references a dropped part added since `mark` (none of those
 * definitions is lowered yet, so nothing else refers to them). Otherwise a reference inside a
 * part that was then dropped would leave a definition nothing uses: an unused declaration, which
 * `noUnusedLocals` rejects.
 */
export function forgetSince(ctx: LowerContext, mark: LoweringMark): void {
  for (const slot of ctx.slots.splice(mark.slots)) ctx.slotByPointer.delete(slot.pointer);
  const { references, unguarded } = ctx.current;
  // Sets keep insertion order, and nothing is removed otherwise: the newest entries are last.
  for (const index of [...references].slice(mark.references)) references.delete(index);
  for (const index of [...unguarded].slice(mark.unguarded)) unguarded.delete(index);
}
