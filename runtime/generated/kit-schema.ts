/**
 * The validator kit's schema: what every kit schema shares (its checks, `safeParse`, the
 * Standard Schema v1 interface) and the wrappers any schema chains into (`optional`,
 * `exactOptional`, `nullable`, `and`, `pipe`, `refine`). The kit implements the facade generated
 * validators are written against (generated-zod.ts) with zod 4's semantics, so the runtime needs
 * no zod; test/runtime/generated/validator-kit.property.test.ts holds it to zod as the oracle.
 */
import type { GeneratedSchema } from "./generated-zod.js";
import { aborted, explicitlyAborted, issue, type KitIssue, type Payload } from "./kit-issue.js";
import { mergeResults } from "./kit-merge.js";

/** Whether a schema lets a key or tuple slot be absent (zod's `optin` / `optout`). */
export type Absence = "optional" | undefined;

/**
 * A check run after the schema accepted the value's type. Without `when` it is skipped once an
 * aborting issue is there; with it, only on an explicit abort or when `when` says no.
 */
export interface KitCheck {
  readonly run: (payload: Payload) => void;
  readonly when?: (payload: Payload) => boolean;
  /** A maximum item count: an array longer than it is refused before its items are read. */
  readonly cap?: number;
}

/** What `safeParse` returns: zod's shape, so callers read `success`, `data` or `error.issues`. */
export type KitParseResult =
  | { readonly success: true; readonly data: unknown; readonly error?: undefined }
  | {
      readonly success: false;
      readonly data?: undefined;
      readonly error: { readonly issues: KitIssue[] };
    };

/** The Standard Schema v1 result: the value, or the issues (message and path). */
export type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path: readonly PropertyKey[];
      }>;
    };

/** The Standard Schema v1 interface (`~standard`), with the declared JSON Schema when known. */
export interface KitStandard {
  readonly version: 1;
  readonly vendor: "mcp-codegen";
  readonly validate: (value: unknown) => StandardResult;
  readonly jsonSchema?: {
    readonly input: (options: { readonly target: string }) => Record<string, unknown>;
    readonly output: (options: { readonly target: string }) => Record<string, unknown>;
  };
}

/**
 * A built validator as the runtime hands it out (`binding.validators()`, a model tool's
 * `inputValidator()`): zod-shaped `safeParse`, and Standard Schema v1, which AI SDK 6's
 * `tool({ inputSchema })`, tRPC and others take as it is.
 */
export interface Validator {
  safeParse(value: unknown): KitParseResult;
  readonly "~standard": KitStandard;
}

/**
 * `schema` offering `json` as its declared JSON Schema, without changing `schema` itself: a view
 * that inherits everything else. A generated module may hand the same schema object out twice
 * (input and output sharing one definition), and each must offer its own tool's schema.
 */
export function withDeclaredJsonSchema(
  schema: KitSchema,
  json: Record<string, unknown> | undefined,
): KitSchema {
  const view = Object.create(schema) as KitSchema;
  view.declaredJsonSchema = json;
  return view;
}

const EVALUATING = Symbol("evaluating");
const UNKNOWN = Symbol("unknown");

/**
 * A kit schema. Subclasses implement `parse` (the type and the members); checks added by the
 * chained methods run after it. Schemas are immutable: every method returns a new one.
 */
export abstract class KitSchema implements GeneratedSchema, Validator {
  /** The checks run after `parse`, in order. */
  checks: readonly KitCheck[] = [];
  /** The JSON Schema `~standard.jsonSchema` offers (the server's declared one), if any. */
  declaredJsonSchema: Record<string, unknown> | undefined;
  // Absences computed on first use (containers ask on every value); a recursive schema asking
  // its own while computing gets `undefined`, as zod's does.
  private absentInCache: Absence | typeof UNKNOWN | typeof EVALUATING = UNKNOWN;
  private absentOutCache: Absence | typeof UNKNOWN | typeof EVALUATING = UNKNOWN;

  /** Checks the type and the members, filling in `payload` (or returning another payload). */
  protected abstract parse(payload: Payload): Payload;
  /** What a value of this schema is called in messages (`string`, `object`, …). */
  abstract readonly kind: string;
  /** Whether an absent key is allowed in (zod's `optin`). */
  protected absentIn(): Absence {
    return undefined;
  }
  /** Whether the output may lack the key (zod's `optout`). */
  protected absentOut(): Absence {
    return undefined;
  }

  /** zod's `optin`, computed once. */
  get optin(): Absence {
    const known = this.absentInCache;
    if (known !== UNKNOWN) return known === EVALUATING ? undefined : known;
    this.absentInCache = EVALUATING;
    return (this.absentInCache = this.absentIn());
  }

  /** zod's `optout`, computed once. */
  get optout(): Absence {
    const known = this.absentOutCache;
    if (known !== UNKNOWN) return known === EVALUATING ? undefined : known;
    this.absentOutCache = EVALUATING;
    return (this.absentOutCache = this.absentOut());
  }

  /** Parses `payload` and runs the checks: what containers call for a member. */
  run: (payload: Payload) => Payload;

  constructor() {
    // Without checks, `run` is `parse` itself: one stack frame per schema, not two, so a value
    // nested as deep as the client accepts (MAX_JSON_DEPTH) fits the stack through a recursive
    // schema, as it did with zod.
    this.run = this.parse;
  }

  private runWithChecks(payload: Payload): Payload {
    const result = this.parse(payload);
    let isAborted = aborted(result);
    for (const check of this.checks) {
      if (check.when !== undefined) {
        if (explicitlyAborted(result) || !check.when(result)) continue;
      } else if (isAborted) continue;
      const before = result.issues.length;
      check.run(result);
      if (!isAborted && result.issues.length > before) isAborted = aborted(result, before);
    }
    return result;
  }

  /** A copy of this schema with `checks` appended. */
  withChecks(...checks: readonly KitCheck[]): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this);
    copy.checks = [...this.checks, ...checks];
    copy.run = copy.runWithChecks;
    copy.absentInCache = UNKNOWN;
    copy.absentOutCache = UNKNOWN;
    return copy;
  }

  /** zod's `safeParse`: `{ success, data }` or `{ success: false, error: { issues } }`. */
  safeParse(value: unknown): KitParseResult {
    const result = this.run({ value, issues: [] });
    return result.issues.length === 0
      ? { success: true, data: result.value }
      : { success: false, error: { issues: result.issues } };
  }

  /** Standard Schema v1: AI SDK 6, tRPC and others take a kit schema as it is. */
  get "~standard"(): KitStandard {
    const declared = this.declaredJsonSchema;
    // A copy per call: a caller may change what it is given (the AI SDK adds keys to it).
    const json = () => structuredClone(declared) as Record<string, unknown>;
    const validate = (value: unknown): StandardResult => {
      const parsed = this.safeParse(value);
      if (parsed.success) return { value: parsed.data };
      return { issues: parsed.error.issues.map(({ message, path }) => ({ message, path })) };
    };
    return {
      version: 1,
      vendor: "mcp-codegen",
      validate,
      ...(declared === undefined ? {} : { jsonSchema: { input: json, output: json } }),
    };
  }

  /** `undefined` (and an absent key or tuple slot) passes; anything else goes to this schema. */
  optional(): KitSchema {
    return new KitOptional(this, false);
  }
  /** An absent key or slot passes; a present `undefined` goes to this schema (and fails it). */
  exactOptional(): KitSchema {
    return new KitOptional(this, true);
  }
  /** `null` passes; anything else goes to this schema. */
  nullable(): KitSchema {
    return new KitNullable(this);
  }
  /** Both must pass; the outputs are merged (where they cannot be, an issue). */
  and(other: GeneratedSchema): KitSchema {
    return new KitIntersection(this, other as KitSchema);
  }
  /** `next` checks this schema's output, if this schema raised nothing but unknown keys. */
  pipe(next: GeneratedSchema): KitSchema {
    return new KitPipe(this, next as KitSchema);
  }
  /** Adds a check that fails, with `message`, where `check` returns false. */
  refine(check: (value: unknown) => boolean, message = "Invalid input"): KitSchema {
    return this.withChecks({
      run: (payload) => {
        if (!check(payload.value))
          payload.issues.push(issue("custom", message, { continue: true }));
      },
    });
  }
  /** Adds checks made by the kit's check functions (`minLength`, `maxLength`). */
  check(...checks: unknown[]): KitSchema {
    return this.withChecks(...(checks as KitCheck[]));
  }

  // Kind-specific methods: a schema of another kind has none, as zod's has none.
  int(): KitSchema {
    return this.unsupported("int");
  }
  min(_value: number, _message?: string): KitSchema {
    return this.unsupported("min");
  }
  max(_value: number, _message?: string): KitSchema {
    return this.unsupported("max");
  }
  gt(_value: number): KitSchema {
    return this.unsupported("gt");
  }
  lt(_value: number): KitSchema {
    return this.unsupported("lt");
  }
  multipleOf(_value: number): KitSchema {
    return this.unsupported("multipleOf");
  }
  regex(_pattern: RegExp): KitSchema {
    return this.unsupported("regex");
  }
  catchall(_schema: GeneratedSchema): KitSchema {
    return this.unsupported("catchall");
  }

  private unsupported(method: string): never {
    throw new TypeError(`a ${this.kind} schema has no ${method}()`);
  }
}

/** `optional()` (`undefined` passes) and `exactOptional()` (only an absent key passes). */
class KitOptional extends KitSchema {
  readonly kind = "optional";
  constructor(
    readonly inner: KitSchema,
    readonly exact: boolean,
  ) {
    super();
  }
  protected override absentIn(): Absence {
    return "optional";
  }
  protected override absentOut(): Absence {
    return "optional";
  }
  protected parse(payload: Payload): Payload {
    if (!this.exact && payload.value === undefined) return payload;
    return this.inner.run(payload);
  }
}

/** `nullable()`: `null` passes, anything else goes to the inner schema. */
class KitNullable extends KitSchema {
  readonly kind = "nullable";
  constructor(readonly inner: KitSchema) {
    super();
  }
  protected override absentIn(): Absence {
    return this.inner.optin;
  }
  protected override absentOut(): Absence {
    return this.inner.optout;
  }
  protected parse(payload: Payload): Payload {
    return payload.value === null ? payload : this.inner.run(payload);
  }
}

/**
 * `pipe()`: the second schema checks what the first made of the value. Any issue of the first
 * but unrecognized keys (which an enclosing intersection may still reconcile) stops it.
 */
export class KitPipe extends KitSchema {
  readonly kind = "pipe";
  constructor(
    readonly first: KitSchema,
    readonly second: KitSchema,
  ) {
    super();
  }
  protected override absentIn(): Absence {
    return this.first.optin;
  }
  protected override absentOut(): Absence {
    return this.second.optout;
  }
  protected parse(payload: Payload): Payload {
    const left = this.first.run(payload);
    if (left.issues.some((found) => found.code !== "unrecognized_keys")) {
      left.aborted = true;
      return left;
    }
    return this.second.run({ value: left.value, issues: left.issues });
  }
}

/** `and()`: both schemas must pass; their outputs are merged (objects key by key). */
class KitIntersection extends KitSchema {
  readonly kind = "intersection";
  constructor(
    readonly left: KitSchema,
    readonly right: KitSchema,
  ) {
    super();
  }
  protected parse(payload: Payload): Payload {
    const left = this.left.run({ value: payload.value, issues: [] });
    const right = this.right.run({ value: payload.value, issues: [] });
    return mergeResults(payload, left, right);
  }
}
