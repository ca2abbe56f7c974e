/**
 * `prepareSchema` degrades instead of throwing: a part it cannot read is set aside (read as `{}`,
 * with a warning and a note), and the type it leaves is never narrower than the schema.
 */
import { describe, expect, it } from "vitest";
import { prepareSchema, type PreparedSchema } from "../../../templates/schema/prepare.js";

/** Suffix, pointer and recursion of each definition. */
function definitions(prepared: PreparedSchema): string[] {
  return prepared.definitions.map(
    (d) => `${d.suffix || "(root)"} ${d.pointer || "#"}${d.recursive ? " recursive" : ""}`,
  );
}

describe("prepareSchema: a part that cannot be read is set aside, never narrowing the type", () => {
  const string = { kind: "string", patterns: [] };
  const cases: ReadonlyArray<{ name: string; given: unknown; want: unknown; warnings: string[] }> =
    [
      {
        name: "a network $ref: that property is unknown, its siblings stay typed",
        given: {
          type: "object",
          properties: { a: { $ref: "https://example.com/a.json" }, b: { type: "string" } },
        },
        want: {
          kind: "object",
          properties: [
            { name: "a", required: false, node: { kind: "unknown" }, doc: expect.anything() },
            { name: "b", required: false, node: string },
          ],
          patternProperties: [],
          additional: { kind: "unknown" },
          additionalUnstated: true,
        },
        warnings: ["/properties/a/$ref"],
      },
      {
        name: "a $ref that cannot be followed keeps its siblings (2020-12)",
        given: { $ref: "#/nowhere", type: "string" },
        want: string,
        warnings: ["/$ref"],
      },
      {
        name: "a misspelt type inside items",
        given: { type: "array", items: { type: "strin" } },
        want: { kind: "array", prefix: [], requiredPrefix: 0, rest: { kind: "unknown" } },
        warnings: ["/items/type"],
      },
      {
        name: "not over a part that was set aside: the rule is dropped, not read as never",
        given: { type: "string", not: { type: "strin" } },
        want: string,
        warnings: ["/not/type"],
      },
      {
        name: "an if condition that was set aside: the rule is dropped, then is not assumed",
        given: { type: "string", if: { type: "strin" }, then: { maxLength: 1 } },
        want: string,
        warnings: ["/if/type"],
      },
      {
        name: "oneOf with a member set aside reads as anyOf, which is unknown",
        given: { oneOf: [{ type: "strin" }, { type: "number" }] },
        want: { kind: "unknown" },
        warnings: ["/oneOf/0/type"],
      },
      {
        name: "an enum that is not a list",
        given: { type: "object", properties: { u: { enum: "celsius" } } },
        want: {
          kind: "object",
          properties: [
            { name: "u", required: false, node: { kind: "unknown" }, doc: expect.anything() },
          ],
          patternProperties: [],
          additional: { kind: "unknown" },
          additionalUnstated: true,
        },
        warnings: ["/properties/u/enum"],
      },
      {
        name: "a number past what JSON numbers can hold",
        given: { const: Number.POSITIVE_INFINITY },
        want: { kind: "unknown" },
        warnings: ["/const"],
      },
      {
        name: "too many subschemas: the whole schema",
        given: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] },
        want: { kind: "unknown" },
        warnings: ["/anyOf/2"],
      },
    ];
  it.each(cases)("$name", ({ given, want, warnings }) => {
    const prepared = prepareSchema(given, { maxSubschemas: 3 });
    expect(prepared.definitions[0]?.node).toEqual(want);
    expect(prepared.diagnostics.filter((d) => d.level === "warning").map((d) => d.pointer)).toEqual(
      warnings,
    );
  });

  it("notes on the part why it is unknown", () => {
    const prepared = prepareSchema({
      type: "object",
      properties: { a: { description: "A city.", $ref: "https://example.com/city.json" } },
    });
    const root = prepared.definitions[0]?.node;
    const property = root?.kind === "object" ? root.properties[0] : undefined;
    expect(property?.doc?.description).toBe("A city.");
    expect(property?.doc?.notes).toEqual([
      'The reference is read as unknown: $ref "https://example.com/city.json" points outside this schema; only references within the document are resolved, and nothing is fetched.',
    ]);
  });

  it("notes a part with no doc of its own (items, members) on the property or definition", () => {
    const note = 'Typed as unknown: type "strin" is not a JSON Schema type.';
    const nested = prepareSchema({
      type: "object",
      properties: { list: { type: "array", items: { anyOf: [{ type: "strin" }, true] } } },
    });
    const root = nested.definitions[0]?.node;
    const list = root?.kind === "object" ? root.properties[0] : undefined;
    expect(list?.doc?.notes).toEqual([note]);
    expect(nested.definitions[0]?.doc).toBeUndefined();
    const top = prepareSchema({ type: "array", items: { type: "strin" } });
    expect(top.definitions[0]?.doc?.notes).toEqual([note]);
  });

  it("forgets the definitions a set-aside part referred to", () => {
    const prepared = prepareSchema({
      $defs: { a: { type: "string" }, b: { type: "number" } },
      type: "object",
      properties: {
        x: { type: "strin", anyOf: [{ $ref: "#/$defs/a" }] },
        y: { not: { anyOf: [{ $ref: "#/$defs/b" }, { type: "strin" }] } },
      },
    });
    expect(definitions(prepared)).toEqual(["(root) #"]);
    expect(prepared.definitions[0]?.references).toEqual([]);
  });

  it("forgets the definitions a subschema made before it failed", () => {
    const prepared = prepareSchema(
      {
        $defs: { a: { type: "number" } },
        type: "object",
        properties: {
          // The object part refers to a; the string part then fails (pattern past the bound).
          x: {
            type: ["object", "string"],
            properties: { r: { $ref: "#/$defs/a" } },
            pattern: "0123456789ab",
          },
        },
      },
      { maxPatternLength: 10 },
    );
    expect(prepared.diagnostics.filter((d) => d.level === "warning")).toEqual([
      {
        pointer: "/properties/x",
        message: "pattern is longer than 10 characters; typed as unknown",
        level: "warning",
      },
    ]);
    expect(definitions(prepared)).toEqual(["(root) #"]);
  });
});
