/** What a server sends is checked before use; this is the check for "a JSON object". */

/** True for a plain JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
