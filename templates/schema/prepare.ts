/**
 * `prepareSchema`: an untrusted tool schema (`inputSchema` or `outputSchema`) → a bounded,
 * local-only, 2020-12-normalised tree that the TypeScript and zod emitters read.
 *
 * Passes: detect the dialect; scan the document (bounds, `$id`/`$anchor` index, references);
 * resolve every reference inside the document (rejecting any that leaves it); lower the root and
 * each reachable reference target to schema nodes, once each; check the reference graph; bound
 * the unions the TypeScript type would expand (lower/union-bound.ts).
 */
import { Budget, type SchemaLimits } from "./read/bounds.js";
import { createDefinitionNamer } from "./lower/definition-names.js";
import { detectDialect } from "./read/dialect.js";
import { isPlainObject, own } from "./read/json-value.js";
import type { DefinitionSlot, LowerContext, Lowered } from "./lower/context.js";
import { lowerAt } from "./lower/schema.js";
import { findCycle, onCycle } from "./read/reference-graph.js";
import { resolveAllRefs } from "./read/resolve-ref.js";
import { scanDocument, setAside } from "./read/scan.js";
import { SchemaError, describePointer } from "./schema-error.js";
import {
  UNKNOWN,
  type PreparedSchema,
  type SchemaDefinition,
  type SchemaDoc,
  type SchemaNode,
} from "./schema-node.js";
import { boundUnions } from "./lower/union-bound.js";

export { SchemaError } from "./schema-error.js";
export type { DiagnosticLevel, SchemaDiagnostic } from "./schema-error.js";
export type { PreparedSchema, SchemaDefinition, SchemaNode } from "./schema-node.js";
export type { SchemaLimits } from "./read/bounds.js";

/** Options of `prepareSchema`: the bounds (see `SchemaLimits` for the defaults). */
export type PrepareOptions = Partial<SchemaLimits>;

/**
 * Prepares an untrusted JSON Schema for conversion.
 *
 * - Dialect: no `$schema` means 2020-12; 2019-09, draft-07, draft-06 and draft-04 are read and
 *   normalised (`definitions`, `items: [...]`/`additionalItems`, `$ref` hiding its siblings,
 *   boolean `exclusiveMinimum`); any other `$schema` throws.
 * - References: `#`, JSON pointers (`~0`/`~1` and percent escapes), `$anchor`, `$id`-relative
 *   references to resources inside the document; `$dynamicRef`/`$recursiveRef` resolve
 *   statically. Anything else (http:, https:, file:, another document) is not followed; nothing
 *   is fetched. Recursion is kept as references between definitions.
 * - Bounds: depth, subschema count, value count, key and pattern length (`options`); the work is
 *   linear in them.
 *
 * It never throws for what the schema says: it degrades. A part that cannot be read (a
 * reference it does not follow, `"type": "strin"`, something that is not a schema where one
 * belongs, a part nested too deep) is read as `{}`, which both emitters turn into `unknown`,
 * with a level-`warning` diagnostic naming its pointer and a JSDoc note saying why. A problem
 * with the whole document (an unknown `$schema` dialect, too many subschemas or values, a `$ref`
 * cycle that never reaches a property or array element) sets the whole schema aside that way.
 * A negated part that was set aside drops its rule (`not`, `if`) or its exclusivity (`oneOf`),
 * so the reading is always wider than the schema, never narrower.
 *
 * Lenient readings (an invalid `pattern`, a keyword no type or validator can express) are listed
 * in `diagnostics` too: level `warning` when the generated code says less than the schema.
 */
export function prepareSchema(value: unknown, options: PrepareOptions = {}): PreparedSchema {
  try {
    return prepareDocument(value, options);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return setAsideDocument(error);
  }
}

/**
 * The whole schema read as `{}`, for a problem no single part can be set aside for: an unknown
 * dialect, a bound on the whole document, a reference cycle with nothing in between.
 */
function setAsideDocument(error: SchemaError): PreparedSchema {
  const doc: SchemaDoc = {
    examples: [],
    deprecated: false,
    constraints: [],
    notes: [`Typed as unknown: ${error.reason}.`],
  };
  return {
    dialect: "2020-12",
    definitions: [
      { suffix: "", pointer: "", node: UNKNOWN, recursive: false, references: [], doc },
    ],
    diagnostics: [setAside(error)],
  };
}

function prepareDocument(value: unknown, options: PrepareOptions): PreparedSchema {
  if (typeof value !== "boolean" && !isPlainObject(value)) {
    throw new SchemaError("", "a schema must be an object or a boolean");
  }
  const dialect = detectDialect(
    typeof value === "boolean" ? undefined : own(value, "$schema"),
    "/$schema",
  );
  const index = scanDocument(value, dialect, new Budget(options));
  const refTargets = resolveAllRefs(index);
  const root: DefinitionSlot = {
    pointer: "",
    suffix: "",
    references: new Set(),
    unguarded: new Set(),
  };
  const ctx: LowerContext = {
    index,
    refTargets,
    targets: new Set(
      [...refTargets.values()].flat().filter((target) => typeof target === "string"),
    ),
    slots: [root],
    slotByPointer: new Map([["", 0]]),
    lowerAt: (pointer, guarded) => lowerAt(ctx, pointer, guarded),
    nameDefinition: createDefinitionNamer(),
    current: root,
    setAside: 0,
    pendingNotes: [],
  };
  const lowered: Lowered[] = [];
  // `slots` grows as references are met: each reachable target is lowered exactly once.
  for (let i = 0; i < ctx.slots.length; i += 1) {
    ctx.current = ctx.slots[i] as DefinitionSlot;
    lowered.push(lowerAt(ctx, ctx.current.pointer, false));
  }
  rejectUnguardedCycles(ctx.slots);
  const recursive = onCycle(ctx.slots.map((slot) => [...slot.references]));
  const definitions = ctx.slots.map((slot, i): SchemaDefinition => {
    const { node, doc } = lowered[i] as Lowered;
    const definition = {
      suffix: slot.suffix,
      pointer: slot.pointer,
      node,
      recursive: recursive[i] === true,
      references: [...slot.references],
    };
    return doc === undefined ? definition : { ...definition, doc };
  });
  const bounded = boundUnions(definitions);
  return {
    dialect,
    definitions: definitions.map((definition, i) => ({
      ...definition,
      node: bounded.nodes[i] as SchemaNode,
    })),
    diagnostics: [...index.diagnostics, ...bounded.diagnostics],
  };
}

function rejectUnguardedCycles(slots: readonly DefinitionSlot[]): void {
  const edges = slots.map((slot) => [...slot.unguarded]);
  const cyclic = onCycle(edges);
  const start = cyclic.indexOf(true);
  if (start === -1) return;
  const path = (findCycle(edges, start) ?? [start]).map((i) =>
    describePointer(slots[i]?.pointer ?? ""),
  );
  throw new SchemaError(
    slots[start]?.pointer ?? "",
    `$ref cycle that never reaches a property or array element: ${path.join(" → ")}`,
  );
}
