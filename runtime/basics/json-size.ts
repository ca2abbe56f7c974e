/**
 * The length of a value's JSON text, counted without building the text and without recursion, so
 * a caller can bound how much of a server's data it keeps before holding (or printing) all of it.
 */

/**
 * The length in UTF-16 code units of `JSON.stringify(value)`, up to escapes (a string counts its
 * own length plus its quotes), or a number past `stopAbove` as soon as the count exceeds it.
 * Linear in the value's size; values nested any depth are fine.
 */
export function jsonSize(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") size += item.length + 2;
    else if (typeof item === "number" || typeof item === "boolean") size += String(item).length;
    else if (item === null || typeof item !== "object") size += 4;
    else if (Array.isArray(item)) {
      size += 1 + Math.max(item.length, 1);
      for (const child of item) stack.push(child);
    } else {
      const keys = Object.keys(item);
      size += 1 + Math.max(keys.length, 1);
      for (const key of keys) {
        size += key.length + 3;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
    if (size > stopAbove) return size;
  }
  return size;
}
