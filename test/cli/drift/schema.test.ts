import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_DEPTH, compareSchemas } from "../../../cli/drift/schema.js";

type Want = [change: string, path: string, effect: string, detail?: string];

/** Findings as compact tuples; the detail only where the row gives one. */
function run(before: unknown, after: unknown, want: readonly Want[]) {
  const got = compareSchemas(before, after);
  return got.map((finding, index) => {
    const row: Want = [finding.change, finding.path.join("/"), finding.effect];
    if (want[index]?.[3] !== undefined) row.push(finding.detail);
    return row;
  });
}

const obj = (properties: Record<string, unknown>, required: string[] = [], extra = {}) => ({
  type: "object",
  properties,
  required,
  ...extra,
});
const S = { type: "string" };

// [what, before, after, want]
const TABLE: readonly (readonly [string, unknown, unknown, Want[]])[] = [
  ["equal", obj({ a: S }), obj({ a: S }), []],
  [
    "key order does not matter",
    { type: "string", minLength: 1 },
    { minLength: 1, type: "string" },
    [],
  ],
  [
    "required order does not matter",
    obj({ a: S, b: S }, ["a", "b"]),
    obj({ a: S, b: S }, ["b", "a"]),
    [],
  ],
  [
    "property removed",
    obj({ a: S, b: S }),
    obj({ a: S }),
    [["property-removed", "b", "incompatible", "removed"]],
  ],
  [
    "optional property added",
    obj({ a: S }),
    obj({ a: S, b: S }),
    [["property-added", "b", "neutral"]],
  ],
  [
    "required property added",
    obj({ a: S }),
    obj({ a: S, b: S }, ["b"]),
    [["required-property-added", "b", "narrowed", "added, required"]],
  ],
  [
    "required name without a property definition",
    obj({ a: S }),
    obj({ a: S }, ["z"]),
    [["required-property-added", "z", "narrowed"]],
  ],
  [
    "optional property added where unknown keys were refused",
    obj({ a: S }, [], { additionalProperties: false }),
    obj({ a: S, b: S }, [], { additionalProperties: false }),
    [["property-added", "b", "widened"]],
  ],
  [
    "required property added where unknown keys were refused",
    obj({ a: S }, [], { additionalProperties: false }),
    obj({ a: S, b: S }, ["b"], { additionalProperties: false }),
    [["required-property-added", "b", "incompatible"]],
  ],
  [
    "property made required",
    obj({ a: S }),
    obj({ a: S }, ["a"]),
    [["property-required", "a", "narrowed"]],
  ],
  [
    "property made optional",
    obj({ a: S }, ["a"]),
    obj({ a: S }),
    [["property-optional", "a", "widened"]],
  ],
  [
    "nested property type changed",
    obj({ location: obj({ lat: { type: "number" } }) }),
    obj({ location: obj({ lat: S }) }),
    [["type-changed", "location/lat", "incompatible", "type changed from number to string"]],
  ],
  [
    "additionalProperties turned false",
    obj({ a: S }),
    obj({ a: S }, [], { additionalProperties: false }),
    [["additional-properties-closed", "", "narrowed"]],
  ],
  [
    "additionalProperties no longer false",
    obj({ a: S }, [], { additionalProperties: false }),
    obj({ a: S }, [], { additionalProperties: true }),
    [["additional-properties-opened", "", "widened"]],
  ],
  [
    "additionalProperties true and absent are the same",
    obj({ a: S }, [], { additionalProperties: true }),
    obj({ a: S }),
    [],
  ],
  [
    "additionalProperties schema narrowed",
    { type: "object", additionalProperties: { type: ["string", "number"] } },
    { type: "object", additionalProperties: S },
    [["type-narrowed", "{*}", "narrowed"]],
  ],
  [
    "additionalProperties constrained where anything went",
    { type: "object" },
    { type: "object", additionalProperties: S },
    [["type-narrowed", "{*}", "narrowed", "now only string"]],
  ],
  [
    "array items type changed",
    { type: "array", items: S },
    { type: "array", items: { type: "integer" } },
    [["type-changed", "[]", "incompatible"]],
  ],
  [
    "items of objects: property removed",
    { type: "array", items: obj({ id: S, name: S }) },
    { type: "array", items: obj({ id: S }) },
    [["property-removed", "[]/name", "incompatible"]],
  ],
  [
    "tuple items changed",
    { type: "array", items: [S, S] },
    { type: "array", items: [S] },
    [
      [
        "schema-unproven",
        "[]",
        "incompatible",
        "tuple items changed; could not be proven compatible",
      ],
    ],
  ],
  ["true and {} are the same", true, {}, []],
  ["anything narrowed to a type", true, S, [["type-narrowed", "", "narrowed"]]],
  ["false to a schema", false, S, [["schema-widened", "", "widened"]]],
  ["a schema to false", S, false, [["schema-narrowed", "", "narrowed"]]],
  [
    "not a schema",
    "string",
    S,
    [
      [
        "schema-unproven",
        "",
        "incompatible",
        "not a JSON Schema object; could not be proven compatible",
      ],
    ],
  ],
  [
    "only annotations changed, deep down",
    obj({ a: obj({ b: { type: "string", description: "x" } }) }),
    obj({ a: obj({ b: { type: "string", description: "y" } }) }),
    [["annotation-changed", "a/b", "neutral", "description changed"]],
  ],
  [
    "property names that look like prototype members are data",
    // JSON.parse makes "__proto__" an own key, as it is in a snapshot read from disk.
    obj(JSON.parse('{"__proto__": {"type": "string"}, "constructor": {"type": "string"}}')),
    obj({ constructor: S }),
    [["property-removed", "__proto__", "incompatible"]],
  ],
];

describe("compareSchemas", () => {
  it.each(TABLE)("%s", (_, before, after, want) => {
    expect(run(before, after, want)).toEqual(want);
  });
});

/** `{ type: "object", properties: { p: { … } } }` nested `depth` times around `leaf`. */
function nest(depth: number, leaf: unknown): unknown {
  let schema = leaf;
  for (let level = 0; level < depth; level++) schema = obj({ p: schema });
  return schema;
}

describe("compareSchemas limits", () => {
  it("compares changes within the depth limit", () => {
    const findings = compareSchemas(
      nest(MAX_SCHEMA_DEPTH, S),
      nest(MAX_SCHEMA_DEPTH, { type: "number" }),
    );
    expect(findings.map((f) => [f.change, f.effect])).toEqual([["type-changed", "incompatible"]]);
  });

  it("reports a change deeper than the limit as unproven, once", () => {
    const findings = compareSchemas(
      nest(MAX_SCHEMA_DEPTH + 5, S),
      nest(MAX_SCHEMA_DEPTH + 5, { type: "number" }),
    );
    expect(findings.map((f) => [f.change, f.effect, f.detail])).toEqual([
      [
        "schema-unproven",
        "incompatible",
        "too large or deep to compare; could not be proven compatible",
      ],
    ]);
  });

  it("says nothing about equal schemas deeper than the limit", () => {
    const deep = nest(MAX_SCHEMA_DEPTH * 2, S);
    expect(compareSchemas(deep, structuredClone(deep))).toEqual([]);
  });

  it("stays bounded on wide unions of wide objects", () => {
    const wide = (seed: string) => ({
      anyOf: Array.from({ length: 40 }, (_, i) =>
        obj(Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`${seed}${i}_${j}`, S]))),
      ),
    });
    const findings = compareSchemas(wide("a"), wide("b"));
    expect(findings.some((f) => f.effect === "incompatible" || f.effect === "narrowed")).toBe(true);
  });
});
