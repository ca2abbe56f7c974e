/**
 * Test helper: random facade schema trees (every function and method of GeneratedZod, nested,
 * with random parameters), one builder that makes a tree into a schema from whichever `z` it
 * is handed (the validator kit or real zod). Values to judge with them: kit-values.ts.
 */
import fc from "fast-check";
import type { GeneratedSchema, GeneratedZod } from "../../../runtime/generated/index.js";

/** A string-valued node: what a string check or a record key may be built on. */
export type StringNode =
  | { t: "string" }
  | { t: "format"; f: (typeof FORMATS)[number] }
  | { t: "strcheck"; base: StringNode; c: "min" | "max"; n: number }
  | { t: "regex"; base: StringNode; r: number }
  | { t: "strlen"; base: StringNode; c: "minLength" | "maxLength"; n: number };

export type Node =
  | StringNode
  | {
      t: "number";
      int: boolean;
      bounds: readonly (readonly ["min" | "max" | "gt" | "lt" | "multipleOf", number])[];
    }
  | { t: "simple"; k: "boolean" | "null" | "unknown" | "never" }
  | { t: "literal"; values: readonly (string | number | boolean | null)[] }
  | { t: "enum"; values: readonly string[] }
  | {
      t: "object";
      k: "object" | "strictObject" | "looseObject";
      shape: readonly (readonly [string, Node])[];
      catchall?: Node;
    }
  | { t: "record"; key: StringNode | { t: "enum"; values: readonly string[] }; value: Node }
  | { t: "array"; item: Node; min?: number; max?: number }
  | {
      t: "tuple";
      items: readonly Node[];
      rest?: Node;
      check?: readonly ["minLength" | "maxLength", number];
    }
  | { t: "union" | "xor"; options: readonly Node[] }
  | { t: "and"; left: Node; right: Node }
  | { t: "wrap"; w: "optional" | "exactOptional" | "nullable"; inner: Node }
  | { t: "lazy"; inner: Node }
  | { t: "preprocess"; fn: number; inner: Node }
  | { t: "pipe"; refine: number; inner: Node }
  | { t: "refine"; fn: number; inner: Node }
  | { t: "tree" };

export const FORMATS = [
  "email",
  "guid",
  "hostname",
  "ipv4",
  "ipv6",
  "date",
  "datetime",
  "datetimeOffset",
  "duration",
  "url",
] as const;

/** Our own regexes, one with the `g` flag (its `lastIndex` must not leak between values). */
export const REGEXES: readonly RegExp[] = [/^[\s\S]{2,4}$/u, /^a/, /b$/g, /^[a-z]*$/i, /\d/];

/** Predicates that never throw, whatever the value. */
export const PREDICATES: readonly ((value: unknown) => boolean)[] = [
  (value) => String(JSON.stringify(value)).length % 3 !== 0,
  (value) => value !== 0 && value !== "",
  (value) => typeof value !== "object" || value === null || !("b" in value),
  (value) => !Array.isArray(value) || value.length !== 1,
];

/** `preprocess` functions: identity, own keys only (as generated code), trim, to undefined. */
export const TRANSFORMS: readonly ((value: unknown) => unknown)[] = [
  (value) => value,
  (value) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.assign(Object.create(null) as object, value)
      : value,
  (value) => (typeof value === "string" ? value.trim() : value),
  () => undefined,
];

export const KEYS = ["a", "b", "c", "constructor", "__proto__", "1", "toString"] as const;
const SMALL = fc.integer({ min: 0, max: 5 });
/** Small numbers, whole and not: bounds for checks, and values near them. */
export const NUM = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0.5, 0.1, 2.5, -1.5, 3),
);

const stringNode: fc.Arbitrary<StringNode> = fc.letrec<{ s: StringNode }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant({ t: "string" as const }),
    fc.constantFrom(...FORMATS).map((f) => ({ t: "format" as const, f })),
    fc.record({
      t: fc.constant("strcheck" as const),
      base: tie("s"),
      c: fc.constantFrom("min" as const, "max" as const),
      n: SMALL,
    }),
    fc.record({ t: fc.constant("regex" as const), base: tie("s"), r: fc.nat(REGEXES.length - 1) }),
    fc.record({
      t: fc.constant("strlen" as const),
      base: tie("s"),
      c: fc.constantFrom("minLength" as const, "maxLength" as const),
      n: SMALL,
    }),
  ),
})).s;

const literalValue = fc.oneof(
  fc.constantFrom("a", "b", "", "1"),
  fc.constantFrom(0, 1, -1, 2.5),
  fc.boolean(),
  fc.constant(null),
);

/** Random schema trees, a few levels deep. */
export const nodeArbitrary: fc.Arbitrary<Node> = fc.letrec<{ n: Node }>((tie) => ({
  n: fc.oneof(
    { depthSize: "small", withCrossShrink: true, maxDepth: 4 },
    stringNode,
    fc.record({
      t: fc.constant("number" as const),
      int: fc.boolean(),
      bounds: fc.array(
        fc.tuple(
          fc.constantFrom(
            "min" as const,
            "max" as const,
            "gt" as const,
            "lt" as const,
            "multipleOf" as const,
          ),
          NUM,
        ),
        { maxLength: 2 },
      ),
    }),
    fc
      .constantFrom("boolean" as const, "null" as const, "unknown" as const, "never" as const)
      .map((k) => ({ t: "simple" as const, k })),
    fc
      .array(literalValue, { minLength: 1, maxLength: 3 })
      .map((values) => ({ t: "literal" as const, values })),
    fc
      .uniqueArray(fc.constantFrom("a", "b", "c", "1"), { minLength: 1, maxLength: 3 })
      .map((values) => ({ t: "enum" as const, values })),
    fc.record(
      {
        t: fc.constant("object" as const),
        k: fc.constantFrom("object" as const, "strictObject" as const, "looseObject" as const),
        shape: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tie("n")), {
          maxLength: 3,
          selector: ([key]) => key,
        }),
        catchall: tie("n"),
      },
      { requiredKeys: ["t", "k", "shape"] },
    ),
    fc.record({
      t: fc.constant("record" as const),
      key: fc.oneof(
        stringNode,
        fc
          .uniqueArray(fc.constantFrom("a", "b", "1"), { minLength: 1, maxLength: 2 })
          .map((values) => ({ t: "enum" as const, values })),
      ),
      value: tie("n"),
    }),
    fc.record(
      { t: fc.constant("array" as const), item: tie("n"), min: SMALL, max: SMALL },
      { requiredKeys: ["t", "item"] },
    ),
    fc.record(
      {
        t: fc.constant("tuple" as const),
        items: fc.array(tie("n"), { maxLength: 3 }),
        rest: tie("n"),
        check: fc.tuple(fc.constantFrom("minLength" as const, "maxLength" as const), SMALL),
      },
      { requiredKeys: ["t", "items"] },
    ),
    fc.record({
      t: fc.constantFrom("union" as const, "xor" as const),
      options: fc.array(tie("n"), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ t: fc.constant("and" as const), left: tie("n"), right: tie("n") }),
    fc.record({
      t: fc.constant("wrap" as const),
      w: fc.constantFrom("optional" as const, "exactOptional" as const, "nullable" as const),
      inner: tie("n"),
    }),
    fc.record({ t: fc.constant("lazy" as const), inner: tie("n") }),
    fc.record({
      t: fc.constant("preprocess" as const),
      fn: fc.nat(TRANSFORMS.length - 1),
      inner: tie("n"),
    }),
    fc.record({
      t: fc.constant("pipe" as const),
      refine: fc.nat(PREDICATES.length - 1),
      inner: tie("n"),
    }),
    fc.record({
      t: fc.constant("refine" as const),
      fn: fc.nat(PREDICATES.length - 1),
      inner: tie("n"),
    }),
    fc.constant({ t: "tree" as const }),
  ),
})).n;

/** The schema `node` describes, made from `z` (the kit or real zod, through the same calls). */
export function build(z: GeneratedZod, node: Node): GeneratedSchema {
  switch (node.t) {
    case "string":
      return z.string();
    case "format":
      if (node.f === "date") return z.iso.date();
      if (node.f === "datetime") return z.iso.datetime();
      if (node.f === "datetimeOffset") return z.iso.datetime({ offset: true });
      if (node.f === "duration") return z.iso.duration();
      return z[node.f]();
    case "strcheck":
      return build(z, node.base)[node.c](node.n);
    case "regex":
      return build(z, node.base).regex(REGEXES[node.r] as RegExp);
    case "strlen":
      return build(z, node.base).check(z[node.c](node.n));
    case "number": {
      let schema = node.int ? z.number().int() : z.number();
      for (const [method, value] of node.bounds) schema = schema[method](value);
      return schema;
    }
    case "simple":
      return z[node.k]();
    case "literal":
      return z.literal(node.values.length === 1 ? node.values[0] : node.values);
    case "enum":
      return z.enum(node.values);
    case "object": {
      const shape: Record<string, GeneratedSchema> = {};
      // A `__proto__` key is declared as generated code declares it: a computed key.
      for (const [key, member] of node.shape)
        Object.defineProperty(shape, key, {
          value: build(z, member),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      const object = z[node.k](shape);
      return node.catchall === undefined ? object : object.catchall(build(z, node.catchall));
    }
    case "record":
      return z.looseRecord(build(z, node.key), build(z, node.value));
    case "array": {
      let schema = z.array(build(z, node.item));
      if (node.min !== undefined) schema = schema.min(node.min);
      if (node.max !== undefined) schema = schema.max(node.max);
      return schema;
    }
    case "tuple": {
      const items = node.items.map((item) => build(z, item));
      const schema = node.rest === undefined ? z.tuple(items) : z.tuple(items, build(z, node.rest));
      return node.check === undefined ? schema : schema.check(z[node.check[0]](node.check[1]));
    }
    case "union":
    case "xor":
      return z[node.t](node.options.map((option) => build(z, option)));
    case "and":
      return build(z, node.left).and(build(z, node.right));
    case "wrap":
      return build(z, node.inner)[node.w]();
    case "lazy": {
      const inner = build(z, node.inner);
      return z.lazy(() => inner);
    }
    case "preprocess":
      return z.preprocess(TRANSFORMS[node.fn] as (value: unknown) => unknown, build(z, node.inner));
    case "pipe":
      return z
        .unknown()
        .refine(PREDICATES[node.refine] as (value: unknown) => boolean, "no")
        .pipe(build(z, node.inner));
    case "refine":
      return build(z, node.inner).refine(
        PREDICATES[node.fn] as (value: unknown) => boolean,
        "refused",
      );
    case "tree": {
      const tree: GeneratedSchema = z.lazy(() =>
        z.strictObject({ v: z.number(), kids: z.array(tree).optional() }),
      );
      return tree;
    }
  }
}
