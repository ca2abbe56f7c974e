import { describe, expect, it } from "vitest";
import { Budget } from "../../../../templates/schema/read/bounds.js";
import { DEFAULT_BASE, scanDocument } from "../../../../templates/schema/read/scan.js";
import { SchemaLimitError } from "../../../../templates/schema/schema-error.js";

describe("scanDocument", () => {
  it("indexes every subschema by pointer, and nothing that is a value", () => {
    const index = scanDocument(
      {
        type: "object",
        properties: {
          a: { type: "array", items: [true, { type: "string" }], additionalItems: false },
        },
        patternProperties: { "^x": false },
        allOf: [{}],
        $defs: { d: { enum: [{ type: "object" }] } },
        dependencies: { a: ["b"], c: { required: ["a"] } },
        "x-unknown": { type: "string" },
        not: true,
      },
      "2020-12",
      new Budget(),
    );
    expect([...index.schemas.keys()]).toEqual([
      "",
      "/not",
      "/properties/a",
      "/properties/a/additionalItems",
      "/properties/a/items/0",
      "/properties/a/items/1",
      "/patternProperties/^x",
      "/$defs/d",
      "/allOf/0",
      "/dependencies/c",
    ]);
  });

  it("indexes resources by $id, and anchors within their resource", () => {
    const index = scanDocument(
      {
        $id: "https://example.com/root.json",
        $anchor: "top",
        $defs: { a: { $id: "a/b.json", $anchor: "inner", $dynamicAnchor: "dyn" } },
      },
      "2020-12",
      new Budget(),
    );
    expect([...index.resources]).toEqual([
      [DEFAULT_BASE, ""],
      ["https://example.com/root.json", ""],
      ["https://example.com/a/b.json", "/$defs/a"],
    ]);
    expect([...index.anchors]).toEqual([
      ["https://example.com/root.json#top", ""],
      ["https://example.com/a/b.json#inner", "/$defs/a"],
      ["https://example.com/a/b.json#dyn", "/$defs/a"],
    ]);
  });

  it("reads draft-07 fragment $ids as anchors and draft-04 id as $id", () => {
    const draft07 = scanDocument(
      { definitions: { a: { $id: "#named" } } },
      "draft-07",
      new Budget(),
    );
    expect([...draft07.anchors]).toEqual([[`${DEFAULT_BASE}#named`, "/definitions/a"]]);
    const draft04 = scanDocument({ id: "http://example.com/s.json" }, "draft-04", new Budget());
    expect(draft04.resources.get("http://example.com/s.json")).toBe("");
  });

  it("collects references with the base they resolve against", () => {
    const index = scanDocument(
      {
        $id: "https://example.com/r.json",
        properties: { a: { $ref: "#/$defs/x" }, b: { $dynamicRef: "#d" } },
        $defs: { x: { $id: "x.json", $ref: "y.json" } },
      },
      "2020-12",
      new Budget(),
    );
    expect(index.refs).toEqual([
      {
        pointer: "/properties/a",
        keyword: "$ref",
        ref: "#/$defs/x",
        base: "https://example.com/r.json",
      },
      {
        pointer: "/properties/b",
        keyword: "$dynamicRef",
        ref: "#d",
        base: "https://example.com/r.json",
      },
      { pointer: "/$defs/x", keyword: "$ref", ref: "y.json", base: "https://example.com/x.json" },
    ]);
  });

  it("notes duplicates and keeps the first", () => {
    const index = scanDocument(
      { $defs: { a: { $anchor: "n" }, b: { $anchor: "n" } } },
      "2020-12",
      new Budget(),
    );
    expect(index.anchors.get(`${DEFAULT_BASE}#n`)).toBe("/$defs/a");
    expect(index.diagnostics).toEqual([
      { pointer: "/$defs/b", message: "duplicate anchor; the first one wins", level: "note" },
    ]);
  });

  it("sets aside a schema whose $id is not a URI reference: read as true, with a warning", () => {
    const index = scanDocument(
      { properties: { a: { $id: "http://[bad", type: "string" } } },
      "2020-12",
      new Budget(),
    );
    expect(index.schemas.get("/properties/a")?.raw).toBe(true);
    expect(index.diagnostics).toEqual([
      {
        pointer: "/properties/a",
        message: '$id "http://[bad" is not a valid URI reference; typed as unknown',
        level: "warning",
      },
    ]);
  });

  it("stops at a bound on the whole document", () => {
    expect(() =>
      scanDocument({ anyOf: [true, true] }, "2020-12", new Budget({ maxSubschemas: 2 })),
    ).toThrow(SchemaLimitError);
  });
});
