import { describe, expect, it } from "vitest";
import {
  isBreaking,
  type SchemaDirection,
  type SchemaEffect,
} from "../../../cli/drift/findings.js";

describe("isBreaking", () => {
  // Inputs are written by clients: accepting less breaks them. Outputs are read: producing more does.
  const table: readonly (readonly [SchemaEffect, SchemaDirection, boolean])[] = [
    ["narrowed", "input", true],
    ["narrowed", "output", false],
    ["widened", "input", false],
    ["widened", "output", true],
    ["incompatible", "input", true],
    ["incompatible", "output", true],
    ["neutral", "input", false],
    ["neutral", "output", false],
  ];
  it.each(table)("%s %s → %s", (effect, direction, want) => {
    expect(isBreaking(effect, direction)).toBe(want);
  });
});
