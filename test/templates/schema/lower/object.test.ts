import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../../templates/schema/prepare.js";
import type { SchemaNode } from "../../../../templates/schema/schema-node.js";

function root(schema: unknown): SchemaNode | undefined {
  return prepareSchema(schema).definitions[0]?.node;
}

const str: SchemaNode = { kind: "string", patterns: [] };
const num: SchemaNode = { kind: "number", integer: false };

describe("lowerObject", () => {
  const cases: ReadonlyArray<{ name: string; given: unknown; want: SchemaNode }> = [
    {
      name: "properties and required, in declaration order",
      given: {
        type: "object",
        properties: { b: { type: "string" }, a: { type: "number" } },
        required: ["a", "a"],
      },
      want: {
        kind: "object",
        properties: [
          { name: "b", required: false, node: str },
          { name: "a", required: true, node: num },
        ],
        patternProperties: [],
        additional: { kind: "unknown" },
        additionalUnstated: true,
      },
    },
    {
      name: "undeclared required keys take additionalProperties",
      given: { type: "object", required: ["x"], additionalProperties: { type: "number" } },
      want: {
        kind: "object",
        properties: [{ name: "x", required: true, node: num }],
        patternProperties: [],
        additional: num,
      },
    },
    {
      name: "undeclared required keys next to patterns are unknown",
      given: { type: "object", required: ["x"], patternProperties: { "^y": { type: "string" } } },
      want: {
        kind: "object",
        properties: [{ name: "x", required: true, node: { kind: "unknown" } }],
        patternProperties: [{ pattern: { source: "^y", text: "^y" }, node: str }],
        additional: { kind: "unknown" },
        additionalUnstated: true,
      },
    },
    {
      name: "closed with patterns: the keys for additionalProperties",
      given: {
        type: "object",
        properties: { id: true },
        patternProperties: { "^x": true },
        additionalProperties: false,
      },
      want: {
        kind: "object",
        properties: [{ name: "id", required: false, node: { kind: "unknown" } }],
        patternProperties: [{ pattern: { source: "^x", text: "^x" }, node: { kind: "unknown" } }],
        additional: { kind: "never" },
        additionalKeys: { names: ["id"], patterns: [{ source: "^x", text: "^x" }] },
      },
    },
    {
      name: "unevaluatedProperties alone closes the object",
      given: { type: "object", properties: { a: true }, unevaluatedProperties: false },
      want: {
        kind: "object",
        properties: [{ name: "a", required: false, node: { kind: "unknown" } }],
        patternProperties: [],
        additional: { kind: "never" },
      },
    },
    {
      name: "additionalProperties: true is stated, not silent",
      given: { type: "object", properties: { a: true }, additionalProperties: true },
      want: {
        kind: "object",
        properties: [{ name: "a", required: false, node: { kind: "unknown" } }],
        patternProperties: [],
        additional: { kind: "unknown" },
      },
    },
  ];
  it.each(cases)("$name", ({ given, want }) => {
    expect(root(given)).toEqual(want);
  });

  const diagnosed: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "unenforced keywords",
      given: { type: "object", propertyNames: { maxLength: 3 }, maxProperties: 2 },
      want: "not expressed in the type nor checked by the validator: propertyNames, maxProperties",
    },
    {
      name: "unevaluatedProperties with allOf",
      given: { type: "object", allOf: [true], unevaluatedProperties: false },
      want: "unevaluatedProperties next to in-place applicators is not enforced",
    },
    {
      name: "malformed required",
      given: { type: "object", required: "a" },
      want: "required must be an array of strings; ignored",
    },
    {
      name: "invalid pattern key",
      given: { type: "object", patternProperties: { "(": true } },
      want: "patternProperties key is not an ECMAScript regular expression with the u flag; the validator does not check it",
    },
    {
      name: "patterns that cannot be combined",
      given: { type: "object", patternProperties: { "(a)\\1": true }, additionalProperties: false },
      want: "additionalProperties next to these patternProperties cannot be checked; the validator admits any other key",
    },
  ];
  it.each(diagnosed)("reports $name", ({ given, want }) => {
    expect(prepareSchema(given).diagnostics.map((d) => d.message)).toContain(want);
  });

  // A keyword every key or object already satisfies adds nothing the type does not say.
  const silent: ReadonlyArray<{ name: string; given: unknown }> = [
    { name: "propertyNames: { type: string }", given: { propertyNames: { type: "string" } } },
    { name: "propertyNames: true", given: { propertyNames: true } },
    { name: "propertyNames: {}", given: { propertyNames: {} } },
    {
      name: "propertyNames: a described string",
      given: { propertyNames: { type: ["string"], description: "a column name" } },
    },
    { name: "minProperties: 0", given: { minProperties: 0 } },
  ];
  it.each(silent)("does not warn about $name", ({ given }) => {
    const messages = prepareSchema({ type: "object", ...(given as object) }).diagnostics.map(
      (d) => d.message,
    );
    expect(messages.filter((message) => message.startsWith("not expressed"))).toEqual([]);
  });

  it.each([
    { propertyNames: { type: "string", maxLength: 3 } },
    { propertyNames: { type: "number" } },
    { propertyNames: false },
    { minProperties: 1 },
  ])("still warns about %j, which narrows the type", (given) => {
    const messages = prepareSchema({ type: "object", ...given }).diagnostics.map((d) => d.message);
    expect(messages.some((message) => message.startsWith("not expressed"))).toBe(true);
  });
});
