import { describe, expect, it } from "vitest";
import {
  findCycle,
  onCycle,
  stronglyConnected,
} from "../../../../templates/schema/read/reference-graph.js";

describe("stronglyConnected", () => {
  const cases: ReadonlyArray<[string, number[][], number[][]]> = [
    ["no edges", [[], []], [[0], [1]]],
    ["a chain, dependencies first", [[1], [2], []], [[2], [1], [0]]],
    ["a cycle and its dependant", [[1], [2], [1]], [[1, 2], [0]]],
    ["a self loop", [[0]], [[0]]],
  ];
  it.each(cases)("%s", (_, edges, want) => {
    expect(stronglyConnected(edges)).toEqual(want);
  });

  it("handles a chain of 100,000 without recursion", () => {
    const edges = Array.from({ length: 100_000 }, (_, i) => (i + 1 < 100_000 ? [i + 1] : []));
    expect(stronglyConnected(edges)).toHaveLength(100_000);
  });
});

describe("onCycle", () => {
  it("marks members of cycles and self loops only", () => {
    expect(onCycle([[1], [0], [2], [0], []])).toEqual([true, true, true, false, false]);
  });
});

describe("findCycle", () => {
  it("returns a path back to the start, or nothing", () => {
    expect(findCycle([[1], [2], [0]], 0)).toEqual([0, 1, 2, 0]);
    expect(findCycle([[0]], 0)).toEqual([0, 0]);
    expect(findCycle([[1], []], 0)).toBeUndefined();
  });
});
