/**
 * The validator kit's arrays: `array(item)` (with `min`/`max` item counts) and `tuple(items,
 * rest)`, whose trailing optional items may be absent (as zod decides: only from the first
 * item after which every item is optional).
 */
import type { GeneratedSchema } from "./generated-zod.js";
import { KitSchema } from "./kit-schema.js";
import { maxLength, minLength } from "./kit-scalars.js";
import { invalidType, issue, prefixIssues, type Payload } from "./kit-issue.js";

/** Every item checked by one schema. */
export class KitArray extends KitSchema {
  readonly kind = "array";
  constructor(readonly item: KitSchema) {
    super();
  }
  override min(value: number, message?: string): KitSchema {
    return this.withChecks(minLength(value, message));
  }
  override max(value: number, message?: string): KitSchema {
    return this.withChecks(maxLength(value, message));
  }
  protected parse(payload: Payload): Payload {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push(invalidType("array", input));
      return payload;
    }
    // Too many items: refused at once, so a long array costs nothing to check (as zod does).
    const cap = this.checks.find((check) => check.cap !== undefined && input.length > check.cap);
    if (cap !== undefined) {
      const start = payload.issues.length;
      cap.run(payload);
      const found = payload.issues[start];
      if (found !== undefined) payload.issues[start] = { ...found, continue: false };
      return payload;
    }
    const output = Array<unknown>(input.length);
    payload.value = output;
    for (let i = 0; i < input.length; i++) {
      const result = this.item.run({ value: input[i], issues: [] });
      if (result.issues.length > 0) payload.issues.push(...prefixIssues(i, result.issues));
      output[i] = result.value;
    }
    return payload;
  }
}

/** Where the omittable tail of `items` starts: after the last item that is not omittable. */
function tailStart(items: readonly KitSchema[], which: "optin" | "optout"): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as KitSchema;
    if (which === "optin" ? item.optin === undefined : item.optout !== "optional") return i + 1;
  }
  return 0;
}

/** A fixed list of items, then (with `rest`) any number of items of one schema. */
export class KitTuple extends KitSchema {
  readonly kind = "tuple";
  constructor(
    readonly items: readonly KitSchema[],
    readonly rest: KitSchema | undefined,
  ) {
    super();
  }
  protected parse(payload: Payload): Payload {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push(invalidType("tuple", input));
      return payload;
    }
    const items = this.items;
    const output: unknown[] = [];
    payload.value = output;
    const inStart = tailStart(items, "optin");
    const outStart = tailStart(items, "optout");
    if (this.rest === undefined) {
      if (input.length < inStart) {
        payload.issues.push(
          issue("too_small", `Too small: expected array to have >=${inStart} items`),
        );
        return payload;
      }
      if (input.length > items.length)
        payload.issues.push(
          issue("too_big", `Too big: expected array to have <=${items.length} items`),
        );
    }
    const results = items.map((item, i) => item.run({ value: input[i], issues: [] }));
    if (this.rest !== undefined)
      for (let i = items.length; i < input.length; i++) {
        const result = this.rest.run({ value: input[i], issues: [] });
        if (result.issues.length > 0) payload.issues.push(...prefixIssues(i, result.issues));
        output[i] = result.value;
      }
    for (let i = 0; i < items.length; i++) {
      const result = results[i] as Payload;
      const present = i < input.length;
      if (!present && i >= outStart && (items[i] as KitSchema).optin === "optional") {
        output.length = i;
        break;
      }
      if (result.issues.length > 0) {
        if (!present && i >= outStart) {
          output.length = i;
          break;
        }
        payload.issues.push(...prefixIssues(i, result.issues));
      }
      output[i] = result.value;
    }
    // Trailing absent items that made `undefined` are dropped, as absent optional keys are.
    for (let i = output.length - 1; i >= input.length; i--) {
      if ((items[i] as KitSchema | undefined)?.optout === "optional" && output[i] === undefined)
        output.length = i;
      else break;
    }
    return payload;
  }
}

/** `z.tuple(items, rest)`. */
export function tuple(items: readonly GeneratedSchema[], rest?: GeneratedSchema): KitSchema {
  return new KitTuple(items as readonly KitSchema[], rest as KitSchema | undefined);
}
