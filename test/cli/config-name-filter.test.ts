import { describe, expect, it } from "vitest";
import { createNameFilter, findUnmatchedPatterns } from "../../cli/config-name-filter.js";

const NAMES = ["get_weather", "get_forecast", "set_units", "a.b", "weird(name)", "Get_Weather"];

describe("createNameFilter", () => {
  // [include, exclude, want kept]
  const table: readonly (readonly [string[] | undefined, string[] | undefined, string[]])[] = [
    [undefined, undefined, NAMES],
    [["get_*"], undefined, ["get_weather", "get_forecast"]],
    [undefined, ["get_*"], ["set_units", "a.b", "weird(name)", "Get_Weather"]],
    [["get_*"], ["*cast"], ["get_weather"]],
    [["*"], ["*"], []],
    [["set_units", "a.b"], undefined, ["set_units", "a.b"]],
    // Only * is special: "." and parentheses match themselves.
    [["a*b"], undefined, ["a.b"]],
    [["?.b"], undefined, []],
    [["weird(name)"], undefined, ["weird(name)"]],
    [["*_*_*"], undefined, []],
    [["get*weather"], undefined, ["get_weather"]],
    [["**"], ["*e*"], ["a.b"]],
  ];
  it.each(table)("include %j exclude %j", (include, exclude, want) => {
    const keep = createNameFilter({ include, exclude });
    expect(NAMES.filter(keep)).toEqual(want);
  });

  it("matches names containing line breaks as a whole", () => {
    expect(createNameFilter({ include: ["a*b"] })("a\nb")).toBe(true);
    expect(createNameFilter({ include: ["a"] })("a\n")).toBe(false);
  });
});

describe("findUnmatchedPatterns", () => {
  const table: readonly (readonly [string[], string[]])[] = [
    [["get_*", "set_units"], []],
    [
      ["get_wether", "get_*", "nope*"],
      ["get_wether", "nope*"],
    ],
    [[], []],
  ];
  it.each(table)("%j leaves %j unmatched", (patterns, want) => {
    expect(findUnmatchedPatterns(patterns, NAMES)).toEqual(want);
  });
});
