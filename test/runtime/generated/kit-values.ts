/**
 * Test helper: values for the differential test to judge (kit-trees.ts makes the schemas):
 * strings near each format's edges, random JSON-ish values with the ones JSON cannot write, and
 * values shaped by a tree, often valid and sometimes nearly.
 */
import fc from "fast-check";
import { KEYS, NUM, type Node } from "./kit-trees.js";

/** Strings near each format's edges, valid and not. */
export const FORMAT_STRINGS: readonly string[] = [
  "a@b.co",
  "a.b@c.de",
  "a'@b.co",
  "'a@b.co",
  "a..b@c.de",
  "a@b.c",
  "a@-b.co",
  "A_B+c@x-y.example",
  "123e4567-e89b-12d3-a456-426614174000",
  "123e4567-e89b-12d3-a456-42661417400",
  "ZZZe4567-e89b-12d3-a456-426614174000",
  "example.com",
  "example.com.",
  "-bad.com",
  "a",
  "a-.com",
  "x".repeat(63) + ".com",
  "x".repeat(64) + ".com",
  "a..b",
  "127.0.0.1",
  "255.255.255.255",
  "256.1.1.1",
  "01.1.1.1",
  "1.1.1",
  "::1",
  "::",
  "2001:db8::1",
  "1::2::3",
  "::ffff:127.0.0.1",
  "::1\n",
  "fe80::1%eth0",
  ":::",
  "2024-02-29",
  "2023-02-29",
  "2000-02-29",
  "1900-02-29",
  "2024-13-01",
  "2024-04-31",
  "0000-02-29",
  "2024-01-01T00:00:00Z",
  "2024-01-01T00:00:00.123Z",
  "2024-01-01T00:00:00+01:00",
  "2024-01-01T24:00:00Z",
  "2024-01-01T00:00Z",
  "2024-01-01t00:00:00z",
  "2024-01-01T00:00:00+24:00",
  "P1D",
  "PT1H",
  "P1W",
  "P1W1D",
  "PT",
  "P",
  "P1DT",
  "PT1.5S",
  "PT1,5S",
  "P1.5D",
  "P1Y2M3DT4H5M6S",
  "https://example.com",
  " https://example.com ",
  "http:example.com",
  "mailto:a@b.co",
  "not a url",
  "https://exa\nmple.com",
  "//x",
];

const STRINGS = fc.oneof(
  fc.constantFrom("", "a", "ab", "abc", "b", "A1", "😀", "😀😀😀", "\ud83d", "aab", "  x  "),
  fc.constantFrom(...FORMAT_STRINGS),
  fc.string({ maxLength: 5 }),
);

/** Random JSON-ish values, with the values JSON cannot write (undefined, NaN, ±Infinity, -0). */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    STRINGS,
    fc.oneof(
      fc.integer({ min: -6, max: 6 }),
      fc.double(),
      fc.constantFrom(2 ** 53, -(2 ** 53), 0.5, 2.5, -0),
    ),
    fc.boolean(),
    fc.constantFrom(null, undefined),
    fc.array(tie("v"), { maxLength: 4 }),
    fc
      .dictionary(fc.constantFrom(...KEYS, "d"), tie("v"), { maxKeys: 4 })
      .map(
        (entries) =>
          JSON.parse(
            JSON.stringify(entries, (_k, v: unknown) => (v === undefined ? null : v)),
          ) as unknown,
      ),
  ),
})).v;

/** Values shaped by `node` (often valid, sometimes nearly), mixed with random ones. */
export function valueFor(node: Node, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return anyValue;
  return fc.oneof(
    { weight: 3, arbitrary: shaped(node, depth) },
    { weight: 1, arbitrary: anyValue },
  );
}

function shaped(node: Node, depth: number): fc.Arbitrary<unknown> {
  const next = (child: Node) => valueFor(child, depth + 1);
  switch (node.t) {
    case "string":
    case "format":
    case "strcheck":
    case "regex":
    case "strlen":
      return STRINGS;
    case "number":
      return fc.oneof(
        NUM,
        fc.constantFrom(0, ...node.bounds.map(([, value]) => value)),
        fc.double({ min: -10, max: 10 }),
        fc.constantFrom(2 ** 53, 1e300),
      );
    case "literal":
    case "enum":
      return fc.constantFrom(...node.values);
    case "simple":
      return anyValue;
    case "object": {
      const entries = node.shape.map(([key, member]) =>
        fc.option(fc.tuple(fc.constant(key), next(member)), { nil: undefined }),
      );
      const extra = fc.option(
        fc.tuple(
          fc.constantFrom(...KEYS, "z"),
          node.catchall === undefined ? anyValue : next(node.catchall),
        ),
        { nil: undefined },
      );
      return fc.tuple(fc.tuple(...entries), extra).map(([present, more]) => {
        const object: Record<string, unknown> = {};
        for (const entry of [...present, more])
          if (entry !== undefined)
            Object.defineProperty(object, entry[0], {
              value: entry[1],
              enumerable: true,
              writable: true,
              configurable: true,
            });
        return object;
      });
    }
    case "record":
      return fc.dictionary(fc.constantFrom("a", "b", "1", "x", "ab"), next(node.value), {
        maxKeys: 3,
      });
    case "array":
      return fc.array(next(node.item), { maxLength: 5 });
    case "tuple":
      return fc
        .tuple(
          ...node.items.map(next),
          fc.array(node.rest === undefined ? anyValue : next(node.rest), { maxLength: 2 }),
          fc.nat(node.items.length + 1),
        )
        .map((parts) => {
          const rest = parts.at(-2) as unknown[];
          const cut = parts.at(-1) as number;
          const items = parts.slice(0, -2);
          return cut > items.length ? [...items, ...rest] : items.slice(0, cut);
        });
    case "union":
    case "xor":
      return fc.oneof(...node.options.map(next));
    case "and":
      return fc.oneof(next(node.left), next(node.right));
    case "wrap":
      return fc.oneof(next(node.inner), fc.constantFrom(undefined, null));
    case "lazy":
    case "preprocess":
    case "pipe":
    case "refine":
      return next(node.inner);
    case "tree":
      return fc.constantFrom(
        { v: 1 },
        { v: 1, kids: [] },
        { v: 1, kids: [{ v: 2, kids: [{ v: 3 }] }] },
        { v: 1, kids: [{ v: "x" }] },
        { v: 1, kids: [{ v: 2, extra: 1 }] },
      );
  }
}
