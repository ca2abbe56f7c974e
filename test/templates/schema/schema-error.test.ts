import { describe, expect, it } from "vitest";
import {
  SchemaError,
  appendPointer,
  describePointer,
  describeText,
  parsePointer,
} from "../../../templates/schema/schema-error.js";

describe("appendPointer", () => {
  const cases: ReadonlyArray<[string, string | number, string]> = [
    ["", "properties", "/properties"],
    ["/properties", "a/b", "/properties/a~1b"],
    ["/properties", "c~d", "/properties/c~0d"],
    ["/properties", "~/", "/properties/~0~1"],
    ["/allOf", 2, "/allOf/2"],
    ["", "", "/"],
  ];
  it.each(cases)("%j + %j → %j", (pointer, key, want) => {
    expect(appendPointer(pointer, key)).toBe(want);
  });
});

describe("parsePointer", () => {
  const cases: ReadonlyArray<[string, string[] | undefined]> = [
    ["", []],
    ["/", [""]],
    ["/$defs/a~1b/c~0d", ["$defs", "a/b", "c~d"]],
    ["/~01", ["~1"]],
    ["no-slash", undefined],
    ["/a~2", undefined],
    ["/a~", undefined],
  ];
  it.each(cases)("%j → %j", (pointer, want) => {
    expect(parsePointer(pointer)).toEqual(want);
  });
});

describe("describePointer and describeText", () => {
  it("make control, separator and bidi characters visible", () => {
    expect(describePointer("/properties/a\nb\u2028c\u202ed")).toBe(
      "#/properties/a\\u000ab\\u2028c\\u202ed",
    );
    expect(describeText('say "hi"\r\n\\')).toBe('"say \\"hi\\"\\u000d\\u000a\\\\"');
  });

  it("shorten very long text", () => {
    expect(describeText("x".repeat(500))).toBe(`"${"x".repeat(120)}…"`);
    expect(describePointer(`/${"k".repeat(300)}`)).toBe(`#/${"k".repeat(119)}…`);
  });
});

describe("SchemaError", () => {
  it("keeps the raw pointer and names it in the message", () => {
    const error = new SchemaError("/properties/a~1b", "something is wrong");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("SchemaError");
    expect(error.pointer).toBe("/properties/a~1b");
    expect(error.message).toBe("something is wrong (at #/properties/a~1b)");
  });
});
