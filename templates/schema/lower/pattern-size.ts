/**
 * What a pattern costs the linear-time engine, read from its ECMAScript syntax tree without
 * building the RE2 program: RE2 expands a counted repetition into that many copies, so compiling
 * `[\s\S]{0,1000}` six hundred times over takes it some twenty seconds. The generator decides on
 * these figures and compiles only a cut-down copy of the pattern (pattern.ts).
 */
import type { AST } from "@eslint-community/regexpp";

/**
 * About the number of instructions of the RE2 program: one per character or class, one more
 * per alternative and per repetition, and a counted repetition `{n,m}` is m copies (n when
 * unbounded) of what it repeats, each with its own branch.
 */
export function programSize(node: AST.Node): number {
  if (node.type === "Quantifier") {
    const copies = node.max === Infinity ? Math.max(node.min, 1) : node.max;
    return copies * (programSize(node.element) + 1) + 1;
  }
  if (node.type === "Alternative")
    return node.elements.reduce((sum, element) => sum + programSize(element), 0);
  if ("alternatives" in node)
    return node.alternatives.reduce((sum, alternative) => sum + programSize(alternative) + 1, 0);
  return 1;
}

/**
 * RE2's own rules, which it applies while parsing: no count above 1000, and at each counted
 * repetition with a bound of 2 or more, the counted repetitions nested in it multiply to at most
 * 1000 (a bound `m`, or `n` when unbounded; `*`, `+` and `?` do not count).
 */
export function repeatsWithinLimit(node: AST.Node): boolean {
  if (node.type === "Quantifier" && isCounted(node)) {
    if (node.min > LIMIT || (node.max !== Infinity && node.max > LIMIT)) return false;
    if ((node.min >= 2 || node.max >= 2) && !nestedWithin(node, LIMIT)) return false;
  }
  return children(node).every(repeatsWithinLimit);
}

const LIMIT = 1000;

// RE2's `repeatIsValid`, over the ECMAScript tree.
function nestedWithin(node: AST.Node, limit: number): boolean {
  let rest = limit;
  if (node.type === "Quantifier" && isCounted(node)) {
    const bound = node.max === Infinity ? node.min : node.max;
    if (bound === 0) return true;
    if (bound > rest) return false;
    rest = Math.trunc(rest / bound);
  }
  return children(node).every((child) => nestedWithin(child, rest));
}

function children(node: AST.Node): readonly AST.Node[] {
  if (node.type === "Quantifier") return [node.element];
  if (node.type === "Alternative") return node.elements;
  if ("alternatives" in node) return node.alternatives;
  return [];
}

/** Written as `{…}` in RE2 syntax (pattern-re2.ts writes `*`, `+` and `?` where it can). */
function isCounted(node: AST.Quantifier): boolean {
  if (node.max === Infinity) return node.min > 1;
  return !(node.min === 0 && node.max === 1);
}
