import { describe, expect, it } from "vitest";
import type { SchemaFinding } from "../../../cli/drift/findings.js";
import {
  compareAnnotations,
  compareConstraints,
  compareEnums,
  compareOpaque,
  compareTypes,
  type NodePair,
} from "../../../cli/drift/keywords.js";

type Check = (pair: NodePair) => void;
type Want = [change: string, effect: string, detail: string];

function run(
  check: Check,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Want[] {
  const findings: SchemaFinding[] = [];
  check({
    before,
    after,
    path: ["x"],
    emit: (change, path, detail, effect) => findings.push({ change, path, detail, effect }),
  });
  expect(findings.every((finding) => finding.path.join() === "x")).toBe(true);
  return findings.map((finding) => [finding.change, finding.effect, finding.detail]);
}

// [check, before, after, want]
const TABLE: readonly (readonly [string, Check, object, object, Want[]])[] = [
  ["type equal", compareTypes, { type: "string" }, { type: ["string"] }, []],
  [
    "type changed",
    compareTypes,
    { type: "string" },
    { type: "number" },
    [["type-changed", "incompatible", "type changed from string to number"]],
  ],
  [
    "type made nullable",
    compareTypes,
    { type: "string" },
    { type: ["string", "null"] },
    [["type-widened", "widened", "type changed from string to null | string"]],
  ],
  [
    "type no longer nullable",
    compareTypes,
    { type: ["null", "string"] },
    { type: "string" },
    [["type-narrowed", "narrowed", "type changed from null | string to string"]],
  ],
  [
    "integer to number widens",
    compareTypes,
    { type: "integer" },
    { type: "number" },
    [["type-widened", "widened", "type changed from integer to number"]],
  ],
  [
    "number to integer narrows",
    compareTypes,
    { type: "number" },
    { type: "integer" },
    [["type-narrowed", "narrowed", "type changed from number to integer"]],
  ],
  [
    "type added to anything",
    compareTypes,
    {},
    { type: "string" },
    [["type-narrowed", "narrowed", "now only string"]],
  ],
  [
    "type removed",
    compareTypes,
    { type: "string" },
    {},
    [["type-widened", "widened", "no longer only string"]],
  ],
  [
    "type inferred from an enum",
    compareTypes,
    { enum: ["a", "b"] },
    { type: "string", enum: ["a", "b"] },
    [],
  ],
  ["two typeless enums: left to compareEnums", compareTypes, { enum: ["a"] }, { enum: [1] }, []],
  [
    "odd type names quoted",
    compareTypes,
    { type: "string" },
    { type: "Str\u001b" },
    [["type-changed", "incompatible", 'type changed from string to "Str\\u001b"']],
  ],
  ["enum reordered", compareEnums, { enum: ["a", "b"] }, { enum: ["b", "a"] }, []],
  [
    "enum value removed",
    compareEnums,
    { enum: ["a", "b"] },
    { enum: ["a"] },
    [["enum-narrowed", "narrowed", 'no longer allows "b"']],
  ],
  [
    "enum value added",
    compareEnums,
    { enum: ["a"] },
    { enum: ["a", 2] },
    [["enum-widened", "widened", "now also allows 2"]],
  ],
  [
    "enum value swapped",
    compareEnums,
    { enum: ["a", "b"] },
    { enum: ["a", "c"] },
    [
      ["enum-narrowed", "narrowed", 'no longer allows "b"'],
      ["enum-widened", "widened", 'now also allows "c"'],
    ],
  ],
  [
    "enum objects compared as JSON",
    compareEnums,
    { enum: [{ a: 1, b: 2 }] },
    { enum: [{ b: 2, a: 1 }] },
    [],
  ],
  ["const is a one-value enum", compareEnums, { const: "a" }, { enum: ["a"] }, []],
  [
    "const changed",
    compareEnums,
    { const: "a" },
    { const: "b" },
    [
      ["enum-narrowed", "narrowed", 'no longer allows "a"'],
      ["enum-widened", "widened", 'now also allows "b"'],
    ],
  ],
  ["const null kept", compareEnums, { const: null }, { const: null }, []],
  [
    "enum added",
    compareEnums,
    { type: "string" },
    { type: "string", enum: ["a"] },
    [["enum-narrowed", "narrowed", 'now only "a"']],
  ],
  [
    "enum dropped",
    compareEnums,
    { enum: ["a"] },
    {},
    [["enum-widened", "widened", 'no longer only "a"']],
  ],
  [
    "long enum lists shortened",
    compareEnums,
    { enum: ["a", "b", "c", "d", "e", "f", "g"] },
    { enum: [] },
    [["enum-narrowed", "narrowed", 'no longer allows "a", "b", "c", "d", "e" and 2 more']],
  ],
  [
    "minimum raised",
    compareConstraints,
    { minimum: 0 },
    { minimum: 1 },
    [["constraint-narrowed", "narrowed", "minimum changed from 0 to 1"]],
  ],
  [
    "minimum lowered",
    compareConstraints,
    { minimum: 1 },
    { minimum: 0 },
    [["constraint-widened", "widened", "minimum changed from 1 to 0"]],
  ],
  [
    "maxLength lowered",
    compareConstraints,
    { maxLength: 10 },
    { maxLength: 5 },
    [["constraint-narrowed", "narrowed", "maxLength changed from 10 to 5"]],
  ],
  [
    "maxItems raised",
    compareConstraints,
    { maxItems: 5 },
    { maxItems: 10 },
    [["constraint-widened", "widened", "maxItems changed from 5 to 10"]],
  ],
  [
    "minLength added",
    compareConstraints,
    {},
    { minLength: 1 },
    [["constraint-narrowed", "narrowed", "minLength 1 added"]],
  ],
  [
    "maximum removed",
    compareConstraints,
    { maximum: 9 },
    {},
    [["constraint-widened", "widened", "maximum 9 removed"]],
  ],
  [
    "draft-04 boolean exclusiveMinimum",
    compareConstraints,
    { exclusiveMinimum: false },
    { exclusiveMinimum: true },
    [["constraint-changed", "incompatible", "exclusiveMinimum changed from false to true"]],
  ],
  [
    "pattern added",
    compareConstraints,
    {},
    { pattern: "^a" },
    [["constraint-narrowed", "narrowed", 'pattern "^a" added']],
  ],
  [
    "pattern changed",
    compareConstraints,
    { pattern: "^a" },
    { pattern: "^b" },
    [["constraint-changed", "incompatible", 'pattern changed from "^a" to "^b"']],
  ],
  [
    "format removed",
    compareConstraints,
    { format: "email" },
    {},
    [["constraint-widened", "widened", 'format "email" removed']],
  ],
  [
    "constraints unchanged",
    compareConstraints,
    { minimum: 1, pattern: "a" },
    { pattern: "a", minimum: 1 },
    [],
  ],
  [
    "allOf changed",
    compareOpaque,
    { allOf: [{ type: "string" }] },
    { allOf: [{ type: "number" }] },
    [["schema-unproven", "incompatible", "allOf changed; could not be proven compatible"]],
  ],
  [
    "$ref and $defs changed",
    compareOpaque,
    { $ref: "#/$defs/a", $defs: { a: {} } },
    { $ref: "#/$defs/b", $defs: { b: {} } },
    [["schema-unproven", "incompatible", "$defs, $ref changed; could not be proven compatible"]],
  ],
  [
    "opaque keywords equal but for annotations",
    compareOpaque,
    { not: { type: "null", description: "a" } },
    { not: { type: "null", description: "b" } },
    [],
  ],
  [
    "opaque keyword added",
    compareOpaque,
    {},
    { if: { type: "string" }, then: { minLength: 1 } },
    [["schema-unproven", "incompatible", "if, then changed; could not be proven compatible"]],
  ],
  [
    "known keywords are not opaque",
    compareOpaque,
    { type: "string", minimum: 1, properties: {} },
    { type: "number" },
    [],
  ],
  [
    "description changed",
    compareAnnotations,
    { description: "a" },
    { description: "b" },
    [["annotation-changed", "neutral", "description changed"]],
  ],
  [
    "title added, default removed",
    compareAnnotations,
    { default: 1 },
    { title: "T" },
    [
      ["annotation-changed", "neutral", "default removed"],
      ["annotation-changed", "neutral", "title added"],
    ],
  ],
  [
    "vendor extension changed",
    compareAnnotations,
    { "x-order": 1 },
    { "x-order": 2 },
    [["annotation-changed", "neutral", "x-order changed"]],
  ],
  ["constraints are not annotations", compareAnnotations, { minimum: 1 }, { minimum: 2 }, []],
];

describe("schema keywords", () => {
  it.each(TABLE)("%s", (_, check, before, after, want) => {
    expect(run(check, before as Record<string, unknown>, after as Record<string, unknown>)).toEqual(
      want,
    );
  });
});
