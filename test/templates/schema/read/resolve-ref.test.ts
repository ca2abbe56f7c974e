import { describe, expect, it } from "vitest";
import { Budget } from "../../../../templates/schema/read/bounds.js";
import { resolveAllRefs } from "../../../../templates/schema/read/resolve-ref.js";
import { scanDocument } from "../../../../templates/schema/read/scan.js";

/** Targets by referring pointer; an unresolved reference shows as `! <its error message>`. */
function resolved(document: unknown): Record<string, string[]> {
  const targets = resolveAllRefs(scanDocument(document, "2020-12", new Budget()));
  return Object.fromEntries(
    [...targets].map(([pointer, list]) => [
      pointer,
      list.map((target) => (typeof target === "string" ? target : `! ${target.message}`)),
    ]),
  );
}

describe("resolveAllRefs", () => {
  it("maps each referring schema to its targets' pointers", () => {
    expect(
      resolved({
        $defs: { "a/b": true, "c d": true, e: { $anchor: "e" } },
        allOf: [
          { $ref: "#" },
          { $ref: "#/$defs/a~1b" },
          { $ref: "#/$defs/c%20d" },
          { $ref: "#e" },
          { $ref: "#/$defs/e", $dynamicRef: "#e" },
        ],
      }),
    ).toEqual({
      "/allOf/0": [""],
      "/allOf/1": ["/$defs/a~1b"],
      "/allOf/2": ["/$defs/c d"],
      "/allOf/3": ["/$defs/e"],
      "/allOf/4": ["/$defs/e", "/$defs/e"],
    });
  });

  it("resolves relative references against the nearest $id", () => {
    expect(
      resolved({
        $id: "https://example.com/dir/root.json",
        $defs: { inner: { $id: "inner.json", $defs: { x: true }, $ref: "#/$defs/x" } },
        anyOf: [
          { $ref: "inner.json#/$defs/x" },
          { $ref: "/dir/inner.json" },
          { $ref: "root.json" },
        ],
      }),
    ).toEqual({
      "/$defs/inner": ["/$defs/inner/$defs/x"],
      "/anyOf/0": ["/$defs/inner/$defs/x"],
      "/anyOf/1": ["/$defs/inner"],
      "/anyOf/2": [""],
    });
  });

  it("scans targets in keywords it does not know, including their own references", () => {
    expect(
      resolved({ "x-lib": { a: { $ref: "#/x-lib/b" }, b: { type: "string" } }, $ref: "#/x-lib/a" }),
    ).toEqual({
      "": ["/x-lib/a"],
      "/x-lib/a": ["/x-lib/b"],
    });
  });

  it("follows arrays by canonical index only", () => {
    expect(resolved({ anyOf: [true, { $ref: "#/anyOf/0" }] })).toEqual({
      "/anyOf/1": ["/anyOf/0"],
    });
    expect(resolved({ anyOf: [true, { $ref: "#/anyOf/00" }] })).toEqual({
      "/anyOf/1": ['! $ref "#/anyOf/00" points to nothing in this schema (at #/anyOf/1/$ref)'],
    });
  });

  it("treats every other document as non-local, whatever the scheme", () => {
    for (const ref of [
      "https://example.com/a.json",
      "file:///etc/passwd",
      "data:application/json,{}",
      "b.json",
    ]) {
      expect(resolved({ $ref: ref })[""]?.[0]).toMatch(/^! \$ref .* points outside this schema/);
    }
  });
});
