/**
 * The validator kit's issues and the payload a value travels in while it is checked: the same
 * model zod 4 has (an issue may let later checks run — `continue` — or abort them), so the
 * kit agrees with zod on which values pass, and on where each problem is (`path`).
 */

/** One problem found in a value, where it is, and an English message that says what was wanted. */
export interface KitIssue {
  /** What kind of problem (zod's codes): `invalid_type`, `too_small`, `invalid_format`, … */
  readonly code: string;
  /** Where in the value: empty for the root; filled in as the issue bubbles up. */
  path: PropertyKey[];
  readonly message: string;
  /** `true`: later checks of the same schema still run (a length or format problem). */
  readonly continue?: boolean;
  /** For `unrecognized_keys`: the keys no schema claimed. */
  readonly keys?: readonly string[];
  /** For `invalid_key`: the key schema's own issues. */
  readonly origin?: string;
}

/** A value being checked: the value so far (schemas may rebuild it) and its issues. */
export interface Payload {
  value: unknown;
  issues: KitIssue[];
  /** Set by a pipe whose first half failed: no later check may read its value. */
  aborted?: boolean;
}

/** Whether an issue from `from` on stops later checks: any that does not say `continue`. */
export function aborted(payload: Payload, from = 0): boolean {
  if (payload.aborted === true) return true;
  for (let i = from; i < payload.issues.length; i++)
    if (payload.issues[i]?.continue !== true) return true;
  return false;
}

/** Whether a check explicitly stopped the rest (`continue: false`), as a length check obeys. */
export function explicitlyAborted(payload: Payload): boolean {
  if (payload.aborted === true) return true;
  return payload.issues.some((issue) => issue.continue === false);
}

/** The issues of a member, moved under `key` (the array is the member's own, reused). */
export function prefixIssues(key: PropertyKey, issues: KitIssue[]): KitIssue[] {
  for (const issue of issues) issue.path.unshift(key);
  return issues;
}

/** An issue at the value's own place (its path grows as it bubbles up). */
export function issue(
  code: string,
  message: string,
  extra?: { continue?: boolean; keys?: readonly string[]; origin?: string; path?: PropertyKey[] },
): KitIssue {
  if (extra === undefined) return { code, path: [], message };
  const found: KitIssue = { code, path: extra.path ?? [], message };
  if (extra.continue !== undefined) (found as { continue?: boolean }).continue = extra.continue;
  if (extra.keys !== undefined) (found as { keys?: readonly string[] }).keys = extra.keys;
  if (extra.origin !== undefined) (found as { origin?: string }).origin = extra.origin;
  return found;
}

/** What a value is, in a message: `string`, `number`, `NaN`, `null`, `array`, `object`, … */
export function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number")
    return Number.isNaN(value) ? "NaN" : Number.isFinite(value) ? "number" : String(value);
  return typeof value;
}

/** `Invalid input: expected string, received number`. */
export function invalidType(
  expected: string,
  value: unknown,
  extra?: { continue?: boolean },
): KitIssue {
  return issue(
    "invalid_type",
    `Invalid input: expected ${expected}, received ${received(value)}`,
    extra,
  );
}

/** A value as a message shows it: strings quoted, everything else as `String` writes it. */
export function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  return String(value);
}

/** `Unrecognized keys: "a", "b"`. */
export function unrecognizedMessage(keys: readonly string[]): string {
  return `Unrecognized key${keys.length > 1 ? "s" : ""}: ${keys.map((key) => JSON.stringify(key)).join(", ")}`;
}
