import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { linearPattern, outsidePatterns } from "../../../runtime/generated/linear-pattern.js";
import { loadLinearEngine } from "../../../runtime/generated/linear-pattern.js";
import { TSX_LOADER } from "../../support/cli-child.js";

// This module is the runtime's, without an entry that loads the engine: load it as a browser would.
beforeAll(() => loadLinearEngine());

describe("linearPattern", () => {
  const cases: ReadonlyArray<[string, unknown, boolean]> = [
    ["^[a-z]+$", "abc", true],
    ["^[a-z]+$", "abC", false],
    ["b", "abc", true],
    ["^\\x{1F600}$", "😀", true],
    ["^(a+)+$", `${"a".repeat(40)}!`, false],
    ["a", 1, false],
    ["a", null, false],
  ];
  it.each(cases)("%j on %j → %j", (source, value, want) => {
    expect(linearPattern(source)(value)).toBe(want);
  });

  it("compiles nothing until the first test", () => {
    // An invalid source only fails when used: building a validator compiles no pattern.
    const check = linearPattern("(");
    expect(() => check("x")).toThrow();
  });
});

describe("outsidePatterns", () => {
  it("admits the keys that are neither declared nor matched by a pattern", () => {
    const other = outsidePatterns(["id", "a.b"], ["^x-", "[0-9]$"]);
    const keys = ["id", "a.b", "aXb", "x-flag", "item2", "name", "idx", "", "ax-"];
    expect(keys.filter(other)).toEqual(["aXb", "name", "idx", "", "ax-"]);
    expect(other(3)).toBe(false);
  });
});

describe("validation of server patterns on server strings", () => {
  it("completes on nested quantifiers and long adversarial strings (run in a child)", () => {
    // Completion, not speed, is asserted: the limit is generous, and a backtracking engine
    // would need over an hour for the first case alone (bench:patterns: it doubles per "a").
    const run = spawnSync(
      process.execPath,
      ["--import", TSX_LOADER, join(import.meta.dirname, "../linear-validation-child.ts")],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(run.stderr).toBe("");
    expect([run.status, run.stdout.trim()]).toEqual([0, "completed"]);
  }, 130_000);
});
