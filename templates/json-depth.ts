/**
 * Checks a JSON value from a server before anything walks it recursively. Every later walk over a
 * contract (sorting keys, masking secrets, canonical JSON, drift, `JSON.stringify`, emitting
 * literals) recurses once per level and would overflow the stack on a value nested a few thousand
 * levels deep; and `JSON.parse` reads `1e400` as `Infinity`, which no later step can write back.
 * This walk uses an explicit stack.
 */

/**
 * Deepest nesting of arrays and objects a contract entry (a tool, prompt, resource, resource
 * template) or the server's description may have, counted from the entry itself. Real contracts
 * stay far below; the schema reader stops at 128 levels from a schema's root
 * (`templates/schema/read/bounds.ts`), so a deep schema is still reported by it, with its pointer.
 */
export const MAX_CONTRACT_DEPTH = 160;

/**
 * Why `value` cannot be carried into a snapshot, or undefined: arrays and objects nested more
 * than `maxDepth` levels (a scalar is level 0, `[]` and `{}` level 1), or a number that is not
 * finite. Stops at the first problem; linear in the size of the value otherwise.
 */
export function jsonValueProblem(value: unknown, maxDepth: number): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "number" && !Number.isFinite(item.value)) {
      return "holds a number too large for JSON to carry";
    }
    if (typeof item.value !== "object" || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return `nested more than ${maxDepth} levels deep`;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return undefined;
}
