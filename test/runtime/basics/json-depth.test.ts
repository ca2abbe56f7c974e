/**
 * The one depth walk every message goes through: given/want at the bound for each shape, and a
 * property over depths around it — never a RangeError, exact at the boundary.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonNestingProblem, MAX_JSON_DEPTH } from "../../../runtime/basics/json-depth.js";

type Shape = "array" | "object" | "mixed";

/** A value `depth` levels deep (0: a string), built without recursion. */
function nested(depth: number, shape: Shape): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level++) {
    const array = shape === "array" || (shape === "mixed" && level % 2 === 0);
    value = array ? [1, value] : { a: value, b: null };
  }
  return value;
}

describe("jsonNestingProblem", () => {
  it.each<[unknown, number, string | undefined]>([
    ["scalar", 0, undefined],
    [[], 0, "nested more than 0 levels deep"],
    [[], 1, undefined],
    [{ a: [{}] }, 3, undefined],
    [{ a: [{}] }, 2, "nested more than 2 levels deep"],
    [nested(MAX_JSON_DEPTH, "mixed"), MAX_JSON_DEPTH, undefined],
    [
      nested(MAX_JSON_DEPTH + 1, "object"),
      MAX_JSON_DEPTH,
      `nested more than ${MAX_JSON_DEPTH} levels deep`,
    ],
  ])("%#: depth bound %i", (value, max, want) => {
    expect(jsonNestingProblem(value, max)).toBe(want);
  });

  it("hands every leaf to the leaf check, and stops at its first problem", () => {
    const seen: unknown[] = [];
    const problem = jsonNestingProblem({ a: [1, "x"], b: Infinity }, 5, (leaf) => {
      seen.push(leaf);
      return leaf === Infinity ? "infinite" : undefined;
    });
    expect(problem).toBe("infinite");
    expect(seen).toContain(Infinity);
  });

  it("any depth around the bound, any shape: exact, never a RangeError", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: MAX_JSON_DEPTH - 5, max: MAX_JSON_DEPTH + 5 }),
          fc.constant(100_000),
        ),
        fc.constantFrom<Shape>("array", "object", "mixed"),
        (depth, shape) => {
          const want =
            depth > MAX_JSON_DEPTH ? `nested more than ${MAX_JSON_DEPTH} levels deep` : undefined;
          expect(jsonNestingProblem(nested(depth, shape), MAX_JSON_DEPTH)).toBe(want);
        },
      ),
      { numRuns: 60 },
    );
  });
});
