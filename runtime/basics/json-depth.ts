/**
 * The bound on how deeply a server's JSON may nest. `JSON.parse` reads any depth, but every later
 * walk that recurses once per level (`structuredClone` in the result cache, `JSON.stringify`,
 * validators, the caller's own code) overflows the stack a few thousand levels down, as a bare
 * `RangeError` in whatever happened to walk it first. So each message is measured once, here,
 * without recursion, and one nested past the bound is refused where it arrives.
 */

/**
 * Deepest nesting of arrays and objects a result, an error's `data` or a server request's params
 * may have, counted from that value (a scalar is level 0, `[]` and `{}` level 1). Real results
 * stay far below; `structuredClone`, the shallowest native walk, manages about twice this.
 */
export const MAX_JSON_DEPTH = 1_000;

/**
 * Why `value` cannot be walked safely, or undefined: arrays and objects nested more than
 * `maxDepth` levels ("nested more than N levels deep"), or the first leaf `leafProblem` finds
 * fault with. Uses an explicit stack; stops at the first problem, linear in the value's size
 * otherwise. A cycle (which no parsed message has) ends at the depth bound.
 */
export function jsonNestingProblem(
  value: unknown,
  maxDepth: number,
  leafProblem?: (leaf: unknown) => string | undefined,
): string | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const item = values.pop();
    const parentDepth = depths.pop()!;
    if (typeof item !== "object" || item === null) {
      const problem = leafProblem?.(item);
      if (problem !== undefined) return problem;
      continue;
    }
    const depth = parentDepth + 1;
    if (depth > maxDepth) return `nested more than ${maxDepth} levels deep`;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) {
      // Scalars need no visit unless a leaf check wants to see them.
      if (leafProblem === undefined && (typeof child !== "object" || child === null)) continue;
      values.push(child);
      depths.push(depth);
    }
  }
  return undefined;
}

/** The problem with a value nested past `MAX_JSON_DEPTH`, saying whose bound it is. */
export function nestingProblem(value: unknown): string | undefined {
  const problem = jsonNestingProblem(value, MAX_JSON_DEPTH);
  return problem === undefined ? undefined : `${problem} (the client's bound on nesting)`;
}
