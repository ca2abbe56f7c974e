import { describe, expect, it } from "vitest";
import { Budget, DEFAULT_LIMITS } from "../../../../templates/schema/read/bounds.js";

describe("Budget", () => {
  it("defaults to limits no real schema reaches", () => {
    expect(new Budget().limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toEqual({
      maxDepth: 128,
      maxSubschemas: 10_000,
      maxValues: 100_000,
      maxKeyLength: 1_024,
      maxPatternLength: 10_000,
    });
  });

  it("takes partial limits", () => {
    expect(new Budget({ maxDepth: 3 }).limits).toEqual({ ...DEFAULT_LIMITS, maxDepth: 3 });
  });

  it("throws at the first excess of each limit, naming the pointer", () => {
    const budget = new Budget({
      maxDepth: 2,
      maxSubschemas: 2,
      maxValues: 1,
      maxKeyLength: 3,
      maxPatternLength: 4,
    });
    expect(() => budget.depth(2, "/a")).not.toThrow();
    expect(() => budget.depth(3, "/a/b")).toThrow(
      "schema is nested more than 2 levels deep (at #/a/b)",
    );
    budget.subschema("/x");
    budget.subschema("/y");
    expect(() => budget.subschema("/z")).toThrow("schema has more than 2 subschemas (at #/z)");
    budget.value("/enum/0");
    expect(() => budget.value("/enum/1")).toThrow("more than 1 values");
    expect(() => budget.key("abc", "")).not.toThrow();
    expect(() => budget.key("abcd", "/properties")).toThrow(
      "an object key is longer than 3 characters (at #/properties)",
    );
    expect(() => budget.text("abcde", "pattern", "/p")).toThrow(
      "pattern is longer than 4 characters (at #/p)",
    );
  });
});
