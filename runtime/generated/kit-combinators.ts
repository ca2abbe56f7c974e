/**
 * The validator kit's combinators: `union` (the first option that passes), `xor` (exactly one
 * option passes), `lazy` (a schema built on first use, for recursion) and `preprocess` (a
 * function applied to the value before a schema checks it).
 */
import { type Absence, KitPipe, KitSchema } from "./kit-schema.js";
import { aborted, issue, type KitIssue, type Payload } from "./kit-issue.js";

/** Up to three options' first issues, so a failed union still says where each option failed. */
function optionsMessage(results: readonly Payload[]): string {
  const parts = results.slice(0, 3).map((result) => {
    const first = result.issues[0] as KitIssue;
    const where = first.path.length === 0 ? "" : `${first.path.map(String).join(".")}: `;
    return `${where}${first.message}`;
  });
  const more = results.length > 3 ? `; and ${results.length - 3} more` : "";
  return `Invalid input: no option matched (${parts.join("; ")}${more})`;
}

/** `z.union(options)` and `z.xor(options)`. */
export class KitUnion extends KitSchema {
  readonly kind = "union";
  constructor(
    readonly options: readonly KitSchema[],
    readonly exclusive: boolean,
  ) {
    super();
  }
  protected override absentIn(): Absence {
    return this.options.some((option) => option.optin !== undefined) ? "optional" : undefined;
  }
  protected override absentOut(): Absence {
    return this.options.some((option) => option.optout === "optional") ? "optional" : undefined;
  }
  protected parse(payload: Payload): Payload {
    if (this.options.length === 1) return (this.options[0] as KitSchema).run(payload);
    const results: Payload[] = [];
    for (const option of this.options) {
      const result = option.run({ value: payload.value, issues: [] });
      if (!this.exclusive && result.issues.length === 0) return result;
      results.push(result);
    }
    return this.exclusive ? this.exactlyOne(results, payload) : this.firstOf(results, payload);
  }

  /** No option passed: one that failed only softly (unknown keys, say) stands; else one issue. */
  private firstOf(results: readonly Payload[], payload: Payload): Payload {
    const soft = results.filter((result) => !aborted(result));
    if (soft.length === 1) {
      payload.value = (soft[0] as Payload).value;
      return soft[0] as Payload;
    }
    payload.issues.push(issue("invalid_union", optionsMessage(results)));
    return payload;
  }

  private exactlyOne(results: readonly Payload[], payload: Payload): Payload {
    const passed = results.filter((result) => result.issues.length === 0);
    if (passed.length === 1) payload.value = (passed[0] as Payload).value;
    else if (passed.length === 0)
      payload.issues.push(issue("invalid_union", optionsMessage(results)));
    else
      payload.issues.push(
        issue(
          "invalid_union",
          `Invalid input: ${passed.length} options matched, exactly one must (oneOf)`,
        ),
      );
    return payload;
  }
}

/** `z.lazy(build)`: `build` runs once, on first use. */
export class KitLazy extends KitSchema {
  readonly kind = "lazy";
  private built: KitSchema | undefined;
  constructor(readonly build: () => KitSchema) {
    super();
  }
  get inner(): KitSchema {
    return (this.built ??= this.build());
  }
  protected override absentIn(): Absence {
    return this.inner.optin;
  }
  protected override absentOut(): Absence {
    return this.inner.optout;
  }
  protected parse(payload: Payload): Payload {
    return this.inner.run(payload);
  }
}

/** The function half of `preprocess`: an absent key may reach it (it may supply a value). */
class KitTransform extends KitSchema {
  readonly kind = "transform";
  constructor(readonly transform: (value: unknown) => unknown) {
    super();
  }
  protected override absentIn(): Absence {
    return "optional";
  }
  protected parse(payload: Payload): Payload {
    payload.value = this.transform(payload.value);
    return payload;
  }
}

/** `z.preprocess(transform, schema)`: `schema` checks what `transform` returns. */
export function preprocess(transform: (value: unknown) => unknown, schema: KitSchema): KitSchema {
  return new KitPipe(new KitTransform(transform), schema);
}
