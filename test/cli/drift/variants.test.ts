import { describe, expect, it } from "vitest";
import { compareSchemas } from "../../../cli/drift/schema.js";
import { hasVariants } from "../../../cli/drift/variants.js";

type Want = [change: string, effect: string, detail?: string];

const S = { type: "string" };
const N = { type: "number" };
const NULL = { type: "null" };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
});

// [what, before, after, want (in walk order)]
const TABLE: readonly (readonly [string, unknown, unknown, Want[]])[] = [
  ["reordered variants", { anyOf: [S, N] }, { anyOf: [N, S] }, []],
  ["oneOf and anyOf compared alike", { oneOf: [S, N] }, { anyOf: [N, S] }, []],
  [
    "a variant added",
    { anyOf: [S, N] },
    { anyOf: [S, N, NULL] },
    [["variant-added", "widened", 'now also accepts {"type":"null"}']],
  ],
  [
    "a variant removed",
    { anyOf: [S, N, NULL] },
    { anyOf: [S, N] },
    [["variant-removed", "narrowed", 'no longer accepts {"type":"null"}']],
  ],
  ["made nullable through anyOf", S, { anyOf: [S, NULL] }, [["variant-added", "widened"]]],
  ["nullable no more", { anyOf: [S, NULL] }, S, [["variant-removed", "narrowed"]]],
  [
    "one variant changed: compared in depth",
    { anyOf: [obj({ a: S }), N] },
    { anyOf: [obj({ a: S, b: S }, ["b"]), N] },
    [["required-property-added", "narrowed", "added, required"]],
  ],
  ["a single-branch anyOf is its branch", { anyOf: [S] }, { anyOf: [S], description: "x" }, []],
  [
    "a variant widened to one that covers it",
    { anyOf: [{ type: "integer" }, S, NULL] },
    { anyOf: [N, { type: "boolean" }, NULL] },
    // integer is covered by number, string by nothing; number also takes 1.5, boolean is new.
    [
      ["variant-removed", "narrowed", 'no longer accepts {"type":"string"}'],
      ["variant-added", "widened", 'now also accepts {"type":"number"}'],
      ["variant-added", "widened", 'now also accepts {"type":"boolean"}'],
    ],
  ],
  [
    "parent keywords merged into each variant",
    { type: "object", required: ["a"], anyOf: [obj({ a: S }), obj({ a: N })] },
    { type: "object", required: ["a"], anyOf: [obj({ a: N }), obj({ a: S })] },
    [],
  ],
  [
    "parent required and properties combined with each variant's",
    { required: ["a"], properties: { a: S }, anyOf: [obj({ b: S }, ["b"]), obj({ c: S }, ["c"])] },
    { required: ["a"], properties: { a: S }, anyOf: [obj({ b: S }, ["b"]), obj({ c: S })] },
    [["property-optional", "widened", "no longer required"]],
  ],
  [
    "a property defined differently on both levels",
    { properties: { a: S }, anyOf: [{ properties: { a: N } }] },
    { properties: { a: S } },
    [["schema-unproven", "incompatible"]],
  ],
  [
    "both anyOf and oneOf on one node",
    { anyOf: [S], oneOf: [N] },
    { anyOf: [S] },
    [
      [
        "schema-unproven",
        "incompatible",
        "anyOf/oneOf could not be compared; could not be proven compatible",
      ],
    ],
  ],
  [
    "a keyword on both levels with different values",
    { type: "string", anyOf: [{ type: "number" }] },
    { type: "string" },
    [["schema-unproven", "incompatible"]],
  ],
  ["a false branch never matches", { anyOf: [S, false] }, { anyOf: [S] }, []],
];

describe("anyOf/oneOf as sets", () => {
  it.each(TABLE)("%s", (_, before, after, want) => {
    const got = compareSchemas(before, after).map((finding, index) => {
      const row: Want = [finding.change, finding.effect];
      if (want[index]?.[2] !== undefined) row.push(finding.detail);
      return row;
    });
    expect(got).toEqual(want);
  });
});

describe("hasVariants", () => {
  const table: readonly (readonly [Record<string, unknown>, boolean])[] = [
    [{ anyOf: [] }, true],
    [{ oneOf: [S] }, true],
    [{ allOf: [S] }, false],
    [{ type: "string" }, false],
  ];
  it.each(table)("%j → %s", (node, want) => {
    expect(hasVariants(node)).toBe(want);
  });
});
