/** prepareSchema's local references: pointers, anchors, recursion, and what it refuses to fetch. */
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../../templates/schema/prepare.js";
import { definitions, failure } from "./prepare-helpers.js";

describe("prepareSchema: local references", () => {
  it("keeps recursion through the root as a reference", () => {
    const prepared = prepareSchema({ type: "object", properties: { child: { $ref: "#" } } });
    expect(definitions(prepared)).toEqual(["(root) # recursive"]);
  });

  it("resolves pointers with ~0, ~1 and percent escapes to one definition each", () => {
    const prepared = prepareSchema({
      $defs: { "a/b": { type: "string" }, "c~d": { type: "number" }, "e f": { type: "boolean" } },
      anyOf: [
        { $ref: "#/$defs/a~1b" },
        { $ref: "#/$defs/c~0d" },
        { $ref: "#/$defs/e%20f" },
        { $ref: "#/$defs/a~1b" },
      ],
    });
    expect(definitions(prepared)).toEqual([
      "(root) #",
      "AB /$defs/a~1b",
      "CD /$defs/c~0d",
      "EF /$defs/e f",
    ]);
  });

  it("resolves $anchor, $id-relative and absolute references inside the document", () => {
    const prepared = prepareSchema({
      $id: "https://example.com/schemas/root.json",
      $defs: {
        address: {
          $id: "address.json",
          type: "object",
          properties: { zip: { $anchor: "zip", type: "string" } },
        },
        local: { $anchor: "local", type: "null" },
      },
      anyOf: [
        { $ref: "address.json" },
        { $ref: "address.json#zip" },
        { $ref: "https://example.com/schemas/address.json#/properties/zip" },
        { $ref: "#local" },
        { $ref: "root.json#/$defs/local" },
      ],
    });
    expect(definitions(prepared)).toEqual([
      "(root) #",
      "Address /$defs/address",
      "Zip /$defs/address/properties/zip",
      "Local /$defs/local",
    ]);
  });

  it("resolves a reference into a keyword it does not know, and checks what it finds", () => {
    const prepared = prepareSchema({
      "x-shared": { id: { type: "string" } },
      $ref: "#/x-shared/id",
    });
    expect(definitions(prepared)).toEqual(["(root) #", "Id /x-shared/id"]);
    expect(failure({ "x-shared": { id: 5 }, $ref: "#/x-shared/id" })).toEqual({
      pointer: "/x-shared/id",
      message: "a schema must be an object or a boolean, not a number; typed as unknown",
    });
  });

  it("reads $dynamicRef statically, with a diagnostic", () => {
    const prepared = prepareSchema({
      $dynamicAnchor: "node",
      type: "object",
      properties: { next: { $dynamicRef: "#node" } },
    });
    expect(definitions(prepared)).toEqual(["(root) # recursive"]);
    expect(prepared.diagnostics).toEqual([
      {
        pointer: "/properties/next",
        message: "$dynamicRef is resolved statically, like $ref",
        level: "note",
      },
    ]);
  });

  const nonLocal = [
    "https://example.com/schema.json",
    "http://169.254.169.254/latest/meta-data",
    "file:///etc/passwd",
    "other.json#/$defs/a",
    "urn:example:thing",
    "//evil.example/x",
  ];
  it.each(nonLocal)("rejects %s without fetching it", (ref) => {
    const { pointer, message } = failure({ type: "object", properties: { a: { $ref: ref } } });
    expect(pointer).toBe("/properties/a/$ref");
    expect(message).toBe(
      `$ref ${JSON.stringify(ref)} points outside this schema; only references within the document are resolved, and nothing is fetched; typed as unknown`,
    );
  });

  it("rejects a network reference even where nothing uses it", () => {
    expect(failure({ $defs: { unused: { $ref: "https://example.com/x" } } }).pointer).toBe(
      "/$defs/unused/$ref",
    );
  });

  const dangling: ReadonlyArray<{ ref: string; message: string }> = [
    { ref: "#/$defs/missing", message: '$ref "#/$defs/missing" points to nothing in this schema' },
    { ref: "#nowhere", message: '$ref "#nowhere" names no anchor in this schema' },
    { ref: "#/a~2b", message: '$ref "#/a~2b" is not a valid JSON pointer' },
    { ref: "#/%zz", message: '$ref "#/%zz" has an invalid percent-encoding' },
    { ref: "#/enum/0", message: "a schema must be an object or a boolean, not a string" },
  ];
  it.each(dangling)("rejects $ref", ({ ref, message }) => {
    expect(failure({ enum: ["x"], anyOf: [{ $ref: ref }] }).message).toContain(message);
  });

  const cycles: ReadonlyArray<{ name: string; given: unknown; want: string }> = [
    {
      name: "the root referring to itself",
      given: { $ref: "#" },
      want: "$ref cycle that never reaches a property or array element: # → #; typed as unknown",
    },
    {
      name: "two definitions referring to each other",
      given: { $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" },
      want: "$ref cycle that never reaches a property or array element: #/$defs/a → #/$defs/b → #/$defs/a; typed as unknown",
    },
    {
      name: "a cycle through allOf",
      given: {
        $defs: { a: { allOf: [{ type: "object" }, { $ref: "#/$defs/a" }] } },
        $ref: "#/$defs/a",
      },
      want: "$ref cycle that never reaches a property or array element: #/$defs/a → #/$defs/a; typed as unknown",
    },
  ];
  it.each(cycles)("rejects $name", ({ given, want }) => {
    expect(failure(given).message).toBe(want);
  });

  it("names definitions from hostile keys with letters and digits only", () => {
    const prepared = prepareSchema(
      JSON.parse(
        '{"$defs": {"__proto__": {"type": "string"}, "constructor": {"type": "number"}, "*/ x": {"type": "null"}}, "anyOf": [{"$ref": "#/$defs/__proto__"}, {"$ref": "#/$defs/constructor"}, {"$ref": "#/$defs/*~1 x"}]}',
      ),
    );
    expect(prepared.definitions.map((d) => d.suffix)).toEqual(["", "Proto", "Constructor", "X"]);
  });
});
