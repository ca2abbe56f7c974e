/**
 * `not` and `if`/`then`/`else`: rules a TypeScript type cannot state. The type is the base; the
 * validator checks the rule exactly. The degenerate cases that can be stated are simplified here:
 * `not: {}` admits nothing, `not: false` and an `if` with neither branch admit everything.
 */
import { intersect } from "./combine.js";
import { has, type RawObject } from "../read/json-value.js";
import { forgetSince, markLowering, type LowerContext } from "./context.js";
import { appendPointer } from "../schema-error.js";
import { NEVER, UNKNOWN, type RefinementRule, type SchemaNode } from "../schema-node.js";

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
  // A negated part that was set aside (read as `{}`) would make the type narrower than the
  // schema: the rule is dropped instead, the wider reading (a warning says so already).
  if (has(raw, "not")) {
    const not = lowerUnlessSetAside(ctx, appendPointer(pointer, "not"), guarded);
    if (not?.kind === "unknown") return NEVER;
    if (not !== undefined && not.kind !== "never") rules.push({ kind: "not", node: not });
  }
  let result: SchemaNode = base;
  const condition =
    has(raw, "if") && (has(raw, "then") || has(raw, "else"))
      ? lowerUnlessSetAside(ctx, appendPointer(pointer, "if"), guarded)
      : undefined;
  if (condition !== undefined) {
    const then = has(raw, "then")
      ? ctx.lowerAt(appendPointer(pointer, "then"), guarded).node
      : UNKNOWN;
    const otherwise = has(raw, "else")
      ? ctx.lowerAt(appendPointer(pointer, "else"), guarded).node
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

/**
 * The node of a negated part (`not`, an `if` condition), or `undefined` when something in it was
 * set aside: `{}` there would narrow the type, so the rule is dropped, with the references it
 * made (the set-aside warning is kept).
 */
function lowerUnlessSetAside(
  ctx: LowerContext,
  pointer: string,
  guarded: boolean,
): SchemaNode | undefined {
  const mark = markLowering(ctx);
  const before = ctx.setAside;
  const node = ctx.lowerAt(pointer, guarded).node;
  if (ctx.setAside === before) return node;
  forgetSince(ctx, mark);
  return undefined;
}
