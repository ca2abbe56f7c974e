import { spawnSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createNameFilter,
  findUnmatchedPatterns,
  globMatches,
} from "../../../cli/config/name-filter.js";
import { TSX_LOADER } from "../../support/cli-child.js";

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

describe("globMatches", () => {
  const table: ReadonlyArray<[string, string, boolean]> = [
    ["", "", true],
    ["", "a", false],
    ["*", "", true],
    ["a*", "a", true],
    ["*a", "ba", true],
    ["*a", "ab", false],
    ["a*b*c", "aXbYc", true],
    ["a*b*c", "aXbYcZ", false],
    ["*ab", "aab", true],
    ["a**b", "ab", true],
    ["*.*", "x.y.z", true],
    ["x*", "x\ny", true],
  ];
  it.each(table)("%j on %j → %j", (glob, name, want) => {
    expect(globMatches(glob, name)).toBe(want);
  });

  it("agrees with a regex translation on generated globs and names", () => {
    const piece = fc.constantFrom("a", "b", "*", ".", "(");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }).map((p) => p.join("")),
        fc
          .array(fc.constantFrom("a", "b", ".", "(", "\n"), { maxLength: 8 })
          .map((p) => p.join("")),
        (glob, name) => {
          const source = glob
            .split("*")
            .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
            .join(".*");
          expect(globMatches(glob, name)).toBe(new RegExp(`^${source}$`, "s").test(name));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes at most (name length × glob length) steps, so many stars on a long name complete", () => {
    // A backtracking regex would take about n^8 steps here; run in a child to assert completion.
    const script = `import("${join(import.meta.dirname, "../../../cli/config/name-filter.ts")}").then((m) => {
      const name = "a".repeat(20000);
      console.log(String(m.createNameFilter({ include: ["*a*a*a*a*a*a*a*a*b"] })(name)));
    });`;
    const run = spawnSync(process.execPath, ["--import", TSX_LOADER, "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect([run.status, run.stdout.trim()]).toEqual([0, "false"]);
  }, 70_000);
});
