/**
 * The validator kit's leaf schemas: strings (lengths in code points, patterns), numbers (bounds,
 * safe integers, `multipleOf`), booleans, `null`, literals and enums, `unknown` and `never`;
 * and the length checks `check(minLength(n))` adds to strings, arrays and tuples.
 */
import { type KitCheck, KitSchema } from "./kit-schema.js";
import { invalidType, issue, shown, type Payload } from "./kit-issue.js";

/** The number of code points of `text` (a lone surrogate counts as one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const high = text.charCodeAt(i);
    if (high >= 0xd800 && high <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

const hasLength = (payload: Payload): boolean => {
  const value = payload.value as { length?: unknown } | null | undefined;
  return value !== null && value !== undefined && value.length !== undefined;
};

/** What a length counts, in a message: characters of a string, items of an array. */
function sized(value: unknown): { origin: string; unit: string } {
  return typeof value === "string"
    ? { origin: "string", unit: "characters" }
    : { origin: "array", unit: "items" };
}

/** At least `minimum` items, or code points of a string. */
export function minLength(minimum: number, message?: string): KitCheck {
  return {
    when: hasLength,
    run: (payload) => {
      const value = payload.value as string | readonly unknown[];
      const length = typeof value === "string" ? codePoints(value) : value.length;
      if (length >= minimum) return;
      const { origin, unit } = sized(value);
      payload.issues.push(
        issue(
          "too_small",
          message ?? `Too small: expected ${origin} to have >=${minimum} ${unit}`,
          {
            continue: true,
          },
        ),
      );
    },
  };
}

/** At most `maximum` items, or code points of a string. */
export function maxLength(maximum: number, message?: string): KitCheck {
  return {
    when: hasLength,
    cap: maximum,
    run: (payload) => {
      const value = payload.value as string | readonly unknown[];
      const length = typeof value === "string" ? codePoints(value) : value.length;
      if (length <= maximum) return;
      const { origin, unit } = sized(value);
      payload.issues.push(
        issue("too_big", message ?? `Too big: expected ${origin} to have <=${maximum} ${unit}`, {
          continue: true,
        }),
      );
    },
  };
}

/** A string schema; a format (kit-formats.ts) is its first check. */
export class KitString extends KitSchema {
  readonly kind = "string";
  protected parse(payload: Payload): Payload {
    if (typeof payload.value !== "string")
      payload.issues.push(invalidType("string", payload.value));
    return payload;
  }
  override min(value: number, message?: string): KitSchema {
    return this.withChecks(minLength(value, message));
  }
  override max(value: number, message?: string): KitSchema {
    return this.withChecks(maxLength(value, message));
  }
  /** Our own regexes only (anchored, linear): server patterns go through `linearPattern`. */
  override regex(pattern: RegExp): KitSchema {
    return this.withChecks({
      run: (payload) => {
        pattern.lastIndex = 0;
        if (pattern.test(payload.value as string)) return;
        payload.issues.push(
          issue("invalid_format", `Invalid string: must match pattern ${String(pattern)}`, {
            continue: true,
          }),
        );
      },
    });
  }
}

/** A bound on a number; `inclusive` for `min`/`max`, not for `gt`/`lt`. */
function bound(kind: "min" | "max", limit: number, inclusive: boolean, message?: string): KitCheck {
  return {
    run: (payload) => {
      const value = payload.value as number;
      const ok =
        kind === "min"
          ? inclusive
            ? value >= limit
            : value > limit
          : inclusive
            ? value <= limit
            : value < limit;
      if (ok) return;
      const relation = (kind === "min" ? ">" : "<") + (inclusive ? "=" : "");
      const text = `${kind === "min" ? "Too small" : "Too big"}: expected number to be ${relation}${limit}`;
      payload.issues.push(
        issue(kind === "min" ? "too_small" : "too_big", message ?? text, { continue: true }),
      );
    },
  };
}

/** Whether `value / step` is an integer, allowing for the rounding of decimal fractions. */
function isMultiple(value: number, step: number): boolean {
  const ratio = value / step;
  const nearest = Math.round(ratio);
  return Math.abs(ratio - nearest) < 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
}

/** A finite number schema (NaN and ±Infinity fail). */
export class KitNumber extends KitSchema {
  readonly kind = "number";
  protected parse(payload: Payload): Payload {
    const value = payload.value;
    if (typeof value !== "number" || !Number.isFinite(value))
      payload.issues.push(invalidType("number", value));
    return payload;
  }
  /** A safe integer: a fraction aborts the later checks, an unsafe integer does not. */
  override int(): KitSchema {
    return this.withChecks({
      run: (payload) => {
        const value = payload.value as number;
        if (!Number.isInteger(value))
          payload.issues.push(invalidType("int", value, { continue: false }));
        else if (!Number.isSafeInteger(value))
          payload.issues.push(
            issue(
              value > 0 ? "too_big" : "too_small",
              `Too ${value > 0 ? "big" : "small"}: expected an integer within the safe integer range`,
              { continue: true },
            ),
          );
      },
    });
  }
  override min(value: number, message?: string): KitSchema {
    return this.withChecks(bound("min", value, true, message));
  }
  override max(value: number, message?: string): KitSchema {
    return this.withChecks(bound("max", value, true, message));
  }
  override gt(value: number): KitSchema {
    return this.withChecks(bound("min", value, false));
  }
  override lt(value: number): KitSchema {
    return this.withChecks(bound("max", value, false));
  }
  override multipleOf(step: number): KitSchema {
    return this.withChecks({
      run: (payload) => {
        if (isMultiple(payload.value as number, step)) return;
        payload.issues.push(
          issue("not_multiple_of", `Invalid number: must be a multiple of ${step}`, {
            continue: true,
          }),
        );
      },
    });
  }
}

/** A schema of one JavaScript type, or of a value set: boolean, null, unknown, never. */
export class KitSimple extends KitSchema {
  constructor(readonly kind: "boolean" | "null" | "unknown" | "never") {
    super();
  }
  protected parse(payload: Payload): Payload {
    const value = payload.value;
    const ok =
      this.kind === "unknown" ||
      (this.kind === "boolean" && typeof value === "boolean") ||
      (this.kind === "null" && value === null);
    if (!ok) payload.issues.push(invalidType(this.kind, value));
    return payload;
  }
}

/** Exactly one of `values` (SameValueZero: `0` is `-0`, `NaN` is `NaN`): `literal` and `enum`. */
export class KitValues extends KitSchema {
  readonly kind = "value";
  readonly values: ReadonlySet<unknown>;
  constructor(readonly list: readonly unknown[]) {
    super();
    this.values = new Set(list);
  }
  protected parse(payload: Payload): Payload {
    if (this.values.has(payload.value)) return payload;
    const message =
      this.list.length === 1
        ? `Invalid input: expected ${shown(this.list[0])}`
        : `Invalid option: expected one of ${this.list.map(shown).join("|")}`;
    payload.issues.push(issue("invalid_value", message));
    return payload;
  }
}
