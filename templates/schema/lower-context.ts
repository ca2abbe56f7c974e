/**
 * The state shared while one document is turned into schema nodes: the scan's index, the
 * resolved references, the definition table being filled, and which references the definition
 * being lowered makes (all of them, and those not behind a property or array element).
 */
import type { SchemaIndex } from "./scan.js";
import type { DiagnosticLevel, SchemaDiagnostic } from "./schema-error.js";
import type { RefNode } from "./schema-node.js";

/** What is known of one definition while the document is lowered. */
export interface DefinitionSlot {
  readonly pointer: string;
  readonly suffix: string;
  /** In first-use order (a `Set` keeps insertion order). */
  readonly references: Set<number>;
  readonly unguarded: Set<number>;
}

export interface LowerContext {
  readonly index: SchemaIndex;
  /** Pointer of a schema holding references → pointers of their targets. */
  readonly refTargets: ReadonlyMap<string, readonly string[]>;
  /** Every pointer some reference resolves to. */
  readonly targets: ReadonlySet<string>;
  readonly slots: DefinitionSlot[];
  /** Pointer → index in `slots`. */
  readonly slotByPointer: Map<string, number>;
  /** Names a new definition. */
  readonly nameDefinition: (pointer: string) => string;
  /** The definition being lowered. */
  current: DefinitionSlot;
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
