/**
 * `not` and `if`/`then`/`else`: rules a TypeScript type cannot state. The type is the base; the
 * validator checks the rule exactly. The degenerate cases that can be stated are simplified here:
 * `not: {}` admits nothing, `not: false` and an `if` with neither branch admit everything.
 */
import { intersect } from "./combine.js";
import { has, type RawObject } from "./json-value.js";
import type { LowerContext } from "./lower-context.js";
import { lowerAt } from "./lower-schema.js";
import { appendPointer } from "./schema-error.js";
import { NEVER, UNKNOWN, type RefinementRule, type SchemaNode } from "./schema-node.js";

/** Adds the refinement rules of `raw` to `base`. */
export function combineRefinements(
  ctx: LowerContext,
  raw: RawObject,
  pointer: string,
  guarded: boolean,
  base: SchemaNode,
): SchemaNode {
  if (base.kind === "never") return base;
  const rules: RefinementRule[] = [];
  if (has(raw, "not")) {
    const not = lowerAt(ctx, appendPointer(pointer, "not"), guarded).node;
    if (not.kind === "unknown") return NEVER;
    if (not.kind !== "never") rules.push({ kind: "not", node: not });
  }
  let result: SchemaNode = base;
  if (has(raw, "if") && (has(raw, "then") || has(raw, "else"))) {
    const condition = lowerAt(ctx, appendPointer(pointer, "if"), guarded).node;
    const then = has(raw, "then")
      ? lowerAt(ctx, appendPointer(pointer, "then"), guarded).node
      : UNKNOWN;
    const otherwise = has(raw, "else")
      ? lowerAt(ctx, appendPointer(pointer, "else"), guarded).node
      : UNKNOWN;
    // A condition that always or never holds picks its branch, which a type can state.
    if (condition.kind === "unknown") result = intersect([base, then]);
    else if (condition.kind === "never") result = intersect([base, otherwise]);
    else if (then.kind !== "unknown" || otherwise.kind !== "unknown")
      rules.push({ kind: "if", if: condition, then, else: otherwise });
  }
  if (rules.length === 0 || result.kind === "never") return result;
  return { kind: "refined", base: result, rules };
}
