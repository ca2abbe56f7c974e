import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyDrift } from "../../../cli/drift/report.js";
import { compareSchemas } from "../../../cli/drift/schema.js";
import type { Tool } from "../../../runtime/protocol/types.js";
import { snapshot } from "./helpers.js";

type Want = [change: string, path: string, effect: string, detail?: string];

/** Findings as compact tuples; the detail only where the row gives one. */
function run(before: unknown, after: unknown, want: readonly Want[]) {
  return compareSchemas(before, after).map((finding, index) => {
    const row: Want = [finding.change, finding.path.join("/"), finding.effect];
    if (want[index]?.[3] !== undefined) row.push(finding.detail);
    return row;
  });
}

/** An object with property `at` referring to `$defs/Loc`, Pydantic style. */
const withDef = (loc: unknown, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { at: { $ref: "#/$defs/Loc", ...extra } },
  required: ["at"],
  $defs: { Loc: loc },
});
const LOC = { type: "string", description: "Where" };

/** A tree node that refers to itself through `children`, from the root or from `$defs`. */
const tree = (name: unknown) => ({
  $ref: "#/$defs/Node",
  $defs: {
    Node: {
      type: "object",
      properties: {
        name: name,
        children: { type: "array", items: { $ref: "#/$defs/Node" } },
      },
    },
  },
});

// [what, before, after, want]
const TABLE: readonly (readonly [string, unknown, unknown, Want[]])[] = [
  [
    "$defs description edit",
    withDef(LOC),
    withDef({ ...LOC, description: "Where, as a city" }),
    [["annotation-changed", "at", "neutral", "description changed"]],
  ],
  [
    "$defs type change",
    withDef(LOC),
    withDef({ ...LOC, type: "number" }),
    [["type-changed", "at", "incompatible", "type changed from string to number"]],
  ],
  ["$defs key order", withDef({ description: "Where", type: "string" }), withDef(LOC), []],
  [
    "$defs enum narrowed",
    withDef({ enum: ["a", "b"] }),
    withDef({ enum: ["a"] }),
    [["enum-narrowed", "at", "narrowed", 'no longer allows "b"']],
  ],
  [
    "description beside the $ref changed",
    withDef(LOC, { description: "Here" }),
    withDef(LOC, { description: "There" }),
    [["annotation-changed", "at", "neutral"]],
  ],
  [
    "an unused definition changed",
    { ...withDef(LOC), $defs: { Loc: LOC, Unused: { type: "string" } } },
    { ...withDef(LOC), $defs: { Loc: LOC, Unused: { type: "number" } } },
    [],
  ],
  [
    "definition inlined by the server",
    withDef(LOC),
    { type: "object", properties: { at: LOC }, required: ["at"] },
    [],
  ],
  [
    "recursive $ref, description edit",
    tree({ type: "string", description: "a" }),
    tree({ type: "string", description: "b" }),
    [["annotation-changed", "name", "neutral"]],
  ],
  [
    "recursive $ref, type change",
    tree({ type: "string" }),
    tree({ type: "integer" }),
    [["type-changed", "name", "incompatible"]],
  ],
  [
    "recursion through the root (#)",
    { type: "object", properties: { name: { type: "string" }, next: { $ref: "#" } } },
    { type: "object", properties: { name: { type: "number" }, next: { $ref: "#" } } },
    [["type-changed", "name", "incompatible"]],
  ],
  [
    "recursion replaced by a copy",
    tree({ type: "string" }),
    {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: {} } },
    },
    [
      [
        "schema-unproven",
        "children/[]",
        "incompatible",
        "$ref changed; could not be proven compatible",
      ],
    ],
  ],
  [
    "$ref into a sibling property's schema",
    { type: "object", properties: { from: LOC, to: { $ref: "#/properties/from" } } },
    {
      type: "object",
      properties: { from: { ...LOC, minLength: 2 }, to: { $ref: "#/properties/from" } },
    },
    [
      ["constraint-narrowed", "from", "narrowed"],
      ["constraint-narrowed", "to", "narrowed"],
    ],
  ],
  [
    "definition nested in a sibling definition changed",
    {
      ...withDef({ $ref: "#/$defs/Place/$defs/City" }),
      $defs: {
        Loc: { $ref: "#/$defs/Place/$defs/City" },
        Place: { $defs: { City: { type: "string" } } },
      },
    },
    {
      ...withDef({ $ref: "#/$defs/Place/$defs/City" }),
      $defs: {
        Loc: { $ref: "#/$defs/Place/$defs/City" },
        Place: { $defs: { City: { type: "string", maxLength: 80 } } },
      },
    },
    [["constraint-narrowed", "at", "narrowed", "maxLength 80 added"]],
  ],
  [
    "draft-07 definitions",
    { $schema: "http://json-schema.org/draft-07/schema#", ...withDefinitions(LOC) },
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      ...withDefinitions({ ...LOC, description: "Somewhere" }),
    },
    [["annotation-changed", "at", "neutral"]],
  ],
  [
    "a reference outside the document is compared as written",
    { type: "object", properties: { at: { $ref: "https://example.com/a.json" } } },
    { type: "object", properties: { at: { $ref: "https://example.com/b.json" } } },
    [["schema-unproven", "at", "incompatible", "$ref changed; could not be proven compatible"]],
  ],
];

function withDefinitions(loc: unknown) {
  return {
    type: "object",
    properties: { at: { $ref: "#/definitions/Loc" } },
    definitions: { Loc: loc },
  };
}

describe("compareSchemas through $ref", () => {
  it.each(TABLE)("%s", (_, before, after, want) => {
    expect(run(before, after, want)).toEqual(want);
  });
});

const tool = (inputSchema: unknown): Tool => ({ name: "locate", inputSchema }) as unknown as Tool;

describe("check --live through $ref", () => {
  it("classifies a $defs description edit as needing review", () => {
    const before = snapshot({ tools: [tool(withDef(LOC))] });
    const after = snapshot({ tools: [tool(withDef({ ...LOC, description: "City" }))] });
    const report = classifyDrift(before, after);
    expect(report.breaking).toBe(false);
    expect(report.changes.map((change) => [change.severity, change.kind])).toEqual([
      ["needs-review", "input-annotation-changed"],
    ]);
  });

  it("classifies a $defs type change as breaking", () => {
    const before = snapshot({ tools: [tool(withDef(LOC))] });
    const after = snapshot({ tools: [tool(withDef({ type: "boolean" }))] });
    const report = classifyDrift(before, after);
    expect(report.breaking).toBe(true);
    expect(report.changes.map((change) => [change.severity, change.kind])).toEqual([
      ["breaking", "input-type-changed"],
      ["needs-review", "input-annotation-changed"],
    ]);
  });
});

// Small schemas from a few keys and types, so that two draws are often close.
const { schema: schemaArbitrary } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom("string", "number", "integer", "boolean"),
        description: fc.constantFrom("a", "b"),
        minimum: fc.constantFrom(0, 1),
        enum: fc.constantFrom(["x"], ["x", "y"]),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom("p", "q"), tie("schema"), { maxKeys: 2 }),
        required: fc.subarray(["p", "q"]),
        additionalProperties: fc.constant(false),
        description: fc.constantFrom("a", "b"),
      },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema") }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
  ),
}));

/** The same definition written inline twice, or once in `$defs` and referred to twice. */
const inline = (definition: unknown) => ({
  type: "object",
  properties: { a: definition, b: { type: "array", items: definition } },
});
const referenced = (definition: unknown) => ({
  type: "object",
  properties: { a: { $ref: "#/$defs/D" }, b: { type: "array", items: { $ref: "#/$defs/D" } } },
  $defs: { D: definition },
});

describe("inlining vs referring to a definition", () => {
  it("gives the same findings for any edit of the definition", () => {
    fc.assert(
      fc.property(schemaArbitrary, schemaArbitrary, (before, after) => {
        expect(compareSchemas(referenced(before), referenced(after))).toEqual(
          compareSchemas(inline(before), inline(after)),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe("compareSchemas through $ref, bounded", () => {
  /** Definition i refers to definition i + 1 twice: expanded, the tree doubles at every level. */
  const doubling = (leaf: unknown) => {
    const $defs: Record<string, unknown> = { D30: leaf };
    for (let i = 0; i < 30; i++) {
      const next = { $ref: `#/$defs/D${i + 1}` };
      $defs[`D${i}`] = { type: "object", properties: { l: next, r: next } };
    }
    return { $ref: "#/$defs/D0", $defs };
  };

  it("compares a schema too large to expand as written", () => {
    const got = compareSchemas(doubling({ type: "string" }), doubling({ type: "number" }));
    expect(got.map((finding) => [finding.change, finding.path.join("/"), finding.detail])).toEqual([
      ["schema-unproven", "", "$defs changed; could not be proven compatible"],
    ]);
  });
});
