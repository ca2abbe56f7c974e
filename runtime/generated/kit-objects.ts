/**
 * The validator kit's objects: `object` (unknown keys dropped), `strictObject` (refused),
 * `looseObject` (kept), `catchall` (checked by a schema), and `looseRecord` (keys a key schema
 * accepts are checked by a value schema, other keys kept). As in zod, presence is `key in
 * value`, an absent optional key contributes nothing, and a `__proto__` key is never copied.
 */
import type { GeneratedSchema } from "./generated-zod.js";
import { type Absence, KitSchema } from "./kit-schema.js";
import {
  invalidType,
  issue,
  prefixIssues,
  unrecognizedMessage,
  type Payload,
} from "./kit-issue.js";

type Shape = { readonly [key: string]: GeneratedSchema };

/** What happens to keys the shape does not declare. */
type Rest = "strip" | "strict" | "loose" | KitSchema;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One member's result, put into the object (or dropped, for an absent optional key). */
function settle(
  result: Payload,
  target: Payload,
  key: string,
  input: Record<string, unknown>,
  optin: Absence,
  optout: Absence,
): void {
  const present = key in input;
  if (!present && optout === "optional" && optin === "optional") return;
  if (result.issues.length > 0) {
    if (optin !== undefined && optout === "optional" && !present) return;
    target.issues.push(...prefixIssues(key, result.issues));
  }
  if (!present && optin === undefined) {
    if (result.issues.length === 0)
      target.issues.push(
        issue("invalid_type", "Invalid input: expected a value, received nothing", { path: [key] }),
      );
    return;
  }
  const output = target.value as Record<string, unknown>;
  if (result.value !== undefined) output[key] = result.value;
  else if (present) output[key] = undefined;
}

/** An object with declared keys (`shape`) and a rule for the others. */
export class KitObject extends KitSchema {
  readonly kind = "object";
  private readonly keys: readonly string[];
  private readonly declared: ReadonlySet<string>;
  constructor(
    readonly shape: Shape,
    readonly rest: Rest,
  ) {
    super();
    this.keys = Object.keys(shape);
    this.declared = new Set(this.keys);
  }

  /** The same keys, every other key checked by `schema`. */
  override catchall(schema: GeneratedSchema): KitSchema {
    // A `never` catchall refuses the other keys as unrecognized, as `strictObject` does.
    const kit = schema as KitSchema;
    const copy = new KitObject(this.shape, kit.kind === "never" ? "strict" : kit);
    return this.checks.length === 0 ? copy : copy.withChecks(...this.checks);
  }

  protected parse(payload: Payload): Payload {
    const input = payload.value;
    if (!isObject(input)) {
      payload.issues.push(invalidType("object", input));
      return payload;
    }
    payload.value = {};
    for (const key of this.keys) {
      if (key === "__proto__") continue;
      const member = this.shape[key] as KitSchema;
      const result = member.run({ value: input[key], issues: [] });
      settle(result, payload, key, input, member.optin, member.optout);
    }
    if (this.rest !== "strip") this.others(input, payload);
    return payload;
  }

  /** Keys the shape does not declare (own and inherited enumerable ones, as `for…in` lists). */
  private others(input: Record<string, unknown>, payload: Payload): void {
    const unknown: string[] = [];
    const rest = this.rest;
    for (const key in input) {
      if (this.declared.has(key)) continue;
      if (rest === "strict") {
        unknown.push(key);
        continue;
      }
      if (key === "__proto__") continue;
      if (rest === "loose") {
        settle({ value: input[key], issues: [] }, payload, key, input, undefined, undefined);
        continue;
      }
      const kit = rest as KitSchema;
      const result = kit.run({ value: input[key], issues: [] });
      settle(result, payload, key, input, kit.optin, kit.optout);
    }
    if (unknown.length > 0)
      payload.issues.push(
        issue("unrecognized_keys", unrecognizedMessage(unknown), { continue: true, keys: unknown }),
      );
  }
}

/** A plain object: no prototype, or one whose constructor's prototype looks like `Object.prototype`. */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const proto = (ctor as { prototype?: unknown }).prototype;
  if (!isObject(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, "isPrototypeOf");
}

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/**
 * `looseRecord(key, value)`: each own enumerable key the key schema accepts (a numeric key also
 * as a number) has its value checked; other keys pass through. A key schema of known values
 * (an enum) instead requires each of them.
 */
export class KitRecord extends KitSchema {
  readonly kind = "record";
  constructor(
    readonly key: KitSchema,
    readonly value: KitSchema,
  ) {
    super();
  }

  protected parse(payload: Payload): Payload {
    const input = payload.value;
    if (!isPlainObject(input)) {
      payload.issues.push(invalidType("record", input));
      return payload;
    }
    const output: Record<PropertyKey, unknown> = {};
    payload.value = output;
    const values = valuesOf(this.key);
    if (values !== undefined) return this.parseKnown(values, input, payload);
    for (const key of Reflect.ownKeys(input)) {
      if (key === "__proto__" || !Object.prototype.propertyIsEnumerable.call(input, key)) continue;
      let keyResult = this.key.run({ value: key, issues: [] });
      if (typeof key === "string" && NUMERIC.test(key) && keyResult.issues.length > 0) {
        const retry = this.key.run({ value: Number(key), issues: [] });
        if (retry.issues.length === 0) keyResult = retry;
      }
      if (keyResult.issues.length > 0) {
        output[key] = input[key];
        continue;
      }
      const outKey = keyResult.value as PropertyKey;
      if (outKey === "__proto__") continue;
      const result = this.value.run({ value: input[key], issues: [] });
      if (result.issues.length > 0) payload.issues.push(...prefixIssues(key, result.issues));
      output[outKey] = result.value;
    }
    return payload;
  }

  /** Every known key is checked (present or not); the other keys pass through. */
  private parseKnown(
    values: ReadonlySet<unknown>,
    input: Record<PropertyKey, unknown>,
    payload: Payload,
  ): Payload {
    const output = payload.value as Record<PropertyKey, unknown>;
    const known = new Set<PropertyKey>();
    for (const key of values) {
      if (typeof key !== "string" && typeof key !== "number" && typeof key !== "symbol") continue;
      known.add(typeof key === "number" ? key.toString() : key);
      if (key === "__proto__") continue;
      const keyResult = this.key.run({ value: key, issues: [] });
      if (keyResult.issues.length > 0) {
        payload.issues.push(
          issue("invalid_key", "Invalid key in record", { origin: "record", path: [key] }),
        );
        continue;
      }
      const outKey = keyResult.value as PropertyKey;
      if (outKey === "__proto__") continue;
      const result = this.value.run({ value: input[key], issues: [] });
      if (result.issues.length > 0) payload.issues.push(...prefixIssues(key, result.issues));
      output[outKey] = result.value;
    }
    for (const key in input) if (!known.has(key) && key !== "__proto__") output[key] = input[key];
    return payload;
  }
}

/** The values a key schema stands for, when it is a literal or enum (zod's `values`). */
function valuesOf(schema: KitSchema): ReadonlySet<unknown> | undefined {
  return (schema as { values?: ReadonlySet<unknown> }).values;
}
