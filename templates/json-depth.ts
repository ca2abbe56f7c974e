/**
 * Checks a JSON value from a server before anything walks it recursively. Every later walk over a
 * contract (sorting keys, masking secrets, canonical JSON, drift, `JSON.stringify`, emitting
 * literals) recurses once per level and would overflow the stack on a value nested a few thousand
 * levels deep; and `JSON.parse` reads `1e400` as `Infinity`, which no later step can write back.
 * This walk uses an explicit stack.
 */
import { jsonNestingProblem } from "@mcp-codegen/runtime/internal";

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
 * finite. Stops at the first problem; linear in the size of the value otherwise. The walk is the
 * runtime's (`jsonNestingProblem`), which bounds every message a client receives the same way
 * with its own, wider `MAX_JSON_DEPTH`.
 */
export function jsonValueProblem(value: unknown, maxDepth: number): string | undefined {
  return jsonNestingProblem(value, maxDepth, nonFiniteNumber);
}

function nonFiniteNumber(leaf: unknown): string | undefined {
  return typeof leaf === "number" && !Number.isFinite(leaf)
    ? "holds a number too large for JSON to carry"
    : undefined;
}
