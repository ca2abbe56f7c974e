/**
 * How `and()` joins its two sides, as zod does: issues of both, except a key one side rejects as
 * unknown while the other claims it; and the two outputs of the same input merged into one
 * (equal values, objects key by key, arrays item by item).
 */
import { aborted, issue, unrecognizedMessage, type KitIssue, type Payload } from "./kit-issue.js";

/**
 * Issues of both sides, except keys one side rejects as unknown that the other claims: a key is
 * reported only when both reject it. Values are merged; where zod throws on outputs that cannot
 * merge, the kit reports an issue instead.
 */
export function mergeResults(result: Payload, left: Payload, right: Payload): Payload {
  const rejected = new Map<string, { l?: true; r?: true }>();
  let unknownKeys: KitIssue | undefined;
  const keyIssues = new Map<string, KitIssue>();
  const collect = (found: KitIssue, side: "l" | "r"): boolean => {
    let keys: readonly string[];
    if (found.code === "unrecognized_keys" && found.path.length === 0) {
      unknownKeys ??= found;
      keys = found.keys ?? [];
    } else if (
      found.code === "invalid_key" &&
      found.origin === "record" &&
      found.path.length === 1
    ) {
      const key = String(found.path[0]);
      if (!keyIssues.has(key)) keyIssues.set(key, found);
      keys = [key];
    } else return false;
    for (const key of keys) {
      const sides = rejected.get(key) ?? {};
      sides[side] = true;
      rejected.set(key, sides);
    }
    return true;
  };
  for (const found of left.issues) if (!collect(found, "l")) result.issues.push(found);
  for (const found of right.issues) if (!collect(found, "r")) result.issues.push(found);
  const both = [...rejected].filter(([, sides]) => sides.l && sides.r).map(([key]) => key);
  if (both.length > 0) {
    const listed =
      unknownKeys === undefined ? [] : both.filter((key) => unknownKeys?.keys?.includes(key));
    if (unknownKeys !== undefined && listed.length > 0)
      result.issues.push({ ...unknownKeys, keys: listed, message: unrecognizedMessage(listed) });
    for (const key of both) {
      const keyIssue = keyIssues.get(key);
      if (!listed.includes(key) && keyIssue !== undefined) result.issues.push(keyIssue);
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (merged.valid) result.value = merged.data;
  else if (!aborted(result))
    result.issues.push(
      issue(
        "invalid_intersection",
        "Invalid input: the two parts of an intersection give different values",
        {
          path: merged.path,
        },
      ),
    );
  return result;
}

type Merged = { valid: true; data: unknown } | { valid: false; path: PropertyKey[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const proto = (ctor as { prototype?: unknown }).prototype;
  if (typeof proto !== "object" || proto === null || Array.isArray(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, "isPrototypeOf");
}

/** Two outputs of the same input as one: equal values, objects key by key, arrays item by item. */
function mergeValues(a: unknown, b: unknown): Merged {
  if (a === b) return { valid: true, data: a };
  if (a instanceof Date && b instanceof Date && +a === +b) return { valid: true, data: a };
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b);
    const merged: Record<string, unknown> = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(merged, "__proto__")) delete merged["__proto__"];
    for (const key of Object.keys(a)) {
      if (!bKeys.includes(key) || key === "__proto__") continue;
      const shared = mergeValues(a[key], b[key]);
      if (!shared.valid) return { valid: false, path: [key, ...shared.path] };
      merged[key] = shared.data;
    }
    return { valid: true, data: merged };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return { valid: false, path: [] };
    const merged: unknown[] = [];
    for (let i = 0; i < a.length; i++) {
      const shared = mergeValues(a[i], b[i]);
      if (!shared.valid) return { valid: false, path: [i, ...shared.path] };
      merged.push(shared.data);
    }
    return { valid: true, data: merged };
  }
  return { valid: false, path: [] };
}
