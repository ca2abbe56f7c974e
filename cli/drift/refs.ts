/**
 * `$ref` in contract drift. Each schema is read with the generator's own scanner and resolver
 * (templates/schema), and every reference they resolve is replaced by its target, so drift
 * compares what a reference means rather than its text: a `$defs` edit is judged where the
 * definition is used, exactly like the same edit made inline. `$defs` themselves are dropped,
 * since a definition constrains nothing until it is used.
 *
 * Recursion is cut where a definition refers back to one being expanded: that spot becomes a
 * marker saying how many expansions up it points. Both sides recursing alike give equal markers;
 * anything else differs there and is reported as not provably compatible.
 */
import {
  Budget,
  SchemaError,
  appendPointer,
  detectDialect,
  parsePointer,
  refHidesSiblings,
  resolveAllRefs,
  scanDocument,
} from "../../templates/index.js";
import { define, isAnnotation, isRecord, own, type JsonRecord } from "./json.js";

/** Nodes one expansion may produce: a definition used in many places is copied to each. */
export const MAX_EXPANDED_NODES = 50_000;
/** Nesting of the expanded tree; a longer chain of references is compared as written. */
export const MAX_EXPANDED_DEPTH = 256;

const REF_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;
const DEFINITION_KEYWORDS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

/** The state of one expansion. */
interface Expansion {
  readonly document: unknown;
  /** Pointers of the subschemas the scan found: only there are `$ref` and `$defs` keywords. */
  readonly schemas: ReadonlySet<string>;
  /** Pointer of a subschema → its reference targets, in keyword order. */
  readonly targets: ReadonlyMap<string, ReadonlyArray<string | SchemaError>>;
  readonly hidesSiblings: boolean;
  /** Pointers of the definitions being expanded, the root first. */
  readonly stack: string[];
  nodes: number;
}

/** Thrown when the expansion outgrows its bounds; the caller then compares the schemas as written. */
class TooLarge extends Error {}

/**
 * The schema with every resolvable reference replaced by its target, or undefined when it cannot
 * be read that way (an unsupported dialect, a document over the scanner's bounds, an expansion
 * over this file's): the caller then compares both schemas as written.
 */
export function expandReferences(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  try {
    const dialect = detectDialect(own(schema, "$schema"), "/$schema");
    const index = scanDocument(schema, dialect, new Budget());
    const targets = resolveAllRefs(index);
    const expansion: Expansion = {
      document: schema,
      schemas: new Set(index.schemas.keys()),
      targets,
      hidesSiblings: refHidesSiblings(dialect),
      stack: [""],
      nodes: 0,
    };
    return expand(schema, "", 0, expansion);
  } catch (error) {
    if (error instanceof SchemaError || error instanceof TooLarge) return undefined;
    throw error;
  }
}

function expand(value: unknown, pointer: string, depth: number, x: Expansion): unknown {
  if (++x.nodes > MAX_EXPANDED_NODES || depth > MAX_EXPANDED_DEPTH) throw new TooLarge();
  if (Array.isArray(value)) {
    return value.map((item, i) => expand(item, appendPointer(pointer, i), depth + 1, x));
  }
  if (!isRecord(value)) return value;
  const isSchema = x.schemas.has(pointer);
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (isSchema && DEFINITION_KEYWORDS.has(key)) continue;
    define(result, key, expand(child, appendPointer(pointer, key), depth + 1, x));
  }
  const targets = isSchema ? x.targets.get(pointer) : undefined;
  return targets === undefined ? result : substitute(result, targets, depth, x);
}

/**
 * A schema node with its resolved references replaced by their targets. A reference that did
 * not resolve stays as written. Annotations beside a single reference apply to the target as if
 * written in it (the use site's wins); constraints beside it are kept with the target under
 * `allOf`, which the comparison only accepts unchanged. Where `$ref` hides its siblings
 * (draft-07 and earlier), only their annotations are kept.
 */
function substitute(
  node: JsonRecord,
  targets: ReadonlyArray<string | SchemaError>,
  depth: number,
  x: Expansion,
): unknown {
  const present = REF_KEYWORDS.filter((keyword) => typeof own(node, keyword) === "string");
  const resolved: unknown[] = [];
  const siblings: Record<string, unknown> = { ...node };
  present.forEach((keyword, i) => {
    const target = targets[i];
    if (typeof target !== "string") return;
    resolved.push(expandTarget(target, depth, x));
    delete siblings[keyword];
  });
  if (resolved.length === 0) return node;
  const hidden = x.hidesSiblings && present.length === resolved.length;
  const kept = Object.entries(siblings).filter(([key]) => !hidden || isAnnotation(key));
  const [only] = resolved;
  if (resolved.length === 1 && kept.every(([key]) => isAnnotation(key))) {
    if (only === false) return false;
    const merged: Record<string, unknown> = isRecord(only) ? { ...only } : {};
    for (const [key, value] of kept) define(merged, key, value);
    return merged;
  }
  const merged: Record<string, unknown> = {};
  for (const [key, value] of kept) define(merged, key, value);
  const allOf = own(merged, "allOf");
  define(merged, "allOf", [...(Array.isArray(allOf) ? allOf : []), ...resolved]);
  return merged;
}

function expandTarget(target: string, depth: number, x: Expansion): unknown {
  const at = x.stack.indexOf(target);
  if (at !== -1) return { $ref: `#(recursion ${x.stack.length - at} up)` };
  x.stack.push(target);
  const expanded = expand(valueAt(x.document, target), target, depth + 1, x);
  x.stack.pop();
  return expanded;
}

/** The value a resolved pointer names (the resolver has checked it exists). */
function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const key of parsePointer(pointer) ?? []) {
    value = Array.isArray(value) || isRecord(value) ? own(value as JsonRecord, key) : undefined;
  }
  return value;
}
