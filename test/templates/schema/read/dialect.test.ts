import { describe, expect, it } from "vitest";
import {
  SUPPORTED_DIALECTS,
  detectDialect,
  idKeyword,
  refHidesSiblings,
} from "../../../../templates/schema/read/dialect.js";
import { SchemaError } from "../../../../templates/schema/schema-error.js";

describe("detectDialect", () => {
  const cases: ReadonlyArray<[unknown, string]> = [
    [undefined, "2020-12"],
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    ["http://json-schema.org/draft/2020-12/schema#", "2020-12"],
    ["https://json-schema.org/draft/2019-09/schema", "2019-09"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    [" http://json-schema.org/draft-07/schema ", "draft-07"],
    ["http://json-schema.org/draft-06/schema#", "draft-06"],
    ["http://json-schema.org/draft-04/schema#", "draft-04"],
  ];
  it.each(cases)("%j → %s", (given, want) => {
    expect(detectDialect(given, "/$schema")).toBe(want);
  });

  const rejected: ReadonlyArray<[unknown, string]> = [
    [
      "http://json-schema.org/draft-03/schema#",
      'unsupported JSON Schema dialect "http://json-schema.org/draft-03/schema#"',
    ],
    [
      "https://spec.openapis.org/oas/3.1/dialect/base",
      'unsupported JSON Schema dialect "https://spec.openapis.org/oas/3.1/dialect/base"',
    ],
    [7, "$schema must be a string naming a JSON Schema dialect"],
  ];
  it.each(rejected)("rejects %j", (given, want) => {
    expect(() => detectDialect(given, "/$schema")).toThrow(SchemaError);
    expect(() => detectDialect(given, "/$schema")).toThrow(want);
  });

  it("lists the supported dialects newest first", () => {
    expect(SUPPORTED_DIALECTS).toEqual(["2020-12", "2019-09", "draft-07", "draft-06", "draft-04"]);
  });
});

describe("dialect rules", () => {
  it("hides $ref siblings up to draft-07 and names resources with id in draft-04", () => {
    expect(SUPPORTED_DIALECTS.map((d) => [d, refHidesSiblings(d), idKeyword(d)])).toEqual([
      ["2020-12", false, "$id"],
      ["2019-09", false, "$id"],
      ["draft-07", true, "$id"],
      ["draft-06", true, "$id"],
      ["draft-04", true, "id"],
    ]);
  });
});
