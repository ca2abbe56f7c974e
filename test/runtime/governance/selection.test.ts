/**
 * The tools selection's patterns: exact names, `*` globs and RegExps (run on the linear-time
 * engine), include and exclude, and predicates. The property: a pattern hides only names it
 * matches, checked against an independent reading of the glob.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError, type Tool } from "@mcp-codegen/runtime";
import { compileSelection, type ToolSelection } from "../../../runtime/governance/selection.js";
import { globMatches } from "../../../runtime/governance/name-pattern.js";

const tool = (name: string, annotations?: Tool["annotations"]): Tool => ({
  name,
  inputSchema: { type: "object" },
  ...(annotations === undefined ? {} : { annotations }),
});

// [what, selection, name, definition known, want offered]
const CASES: readonly (readonly [string, ToolSelection, string, boolean, boolean])[] = [
  ["an exact include", { include: ["echo"] }, "echo", false, true],
  ["a name the include leaves out", { include: ["echo"] }, "echo2", false, false],
  ["a glob include", { include: ["get_*"] }, "get_weather", false, true],
  ["a glob matches the whole name", { include: ["get_*"] }, "forget_it", false, false],
  ["a star in the middle", { include: ["trip.*-booking"] }, "trip.cancel-booking", false, true],
  [
    "exclude wins over include",
    { include: ["*"], exclude: ["delete_*"] },
    "delete_all",
    false,
    false,
  ],
  ["exclude alone keeps the rest", { exclude: ["delete_*"] }, "read", false, true],
  [
    "a RegExp include (a search, as RegExp.test)",
    { include: [/^get_(weather|time)$/] },
    "get_time",
    false,
    true,
  ],
  ["a RegExp with a flag", { exclude: [/ADMIN/i] }, "site_admin_reset", false, false],
  [
    "a predicate over the definition",
    (t: Tool) => t.annotations?.readOnlyHint === true,
    "ro",
    true,
    true,
  ],
  ["a predicate cannot judge an unknown tool", () => true, "ghost", false, false],
];

describe("tools selection", () => {
  it.each(CASES)("%s", async (_what, selection, name, known, want) => {
    const compiled = await compileSelection(selection);
    const definition = known ? tool(name, { readOnlyHint: true }) : undefined;
    expect(compiled.offers(name, definition)).toBe(want);
  });

  // [what, selection, message part]
  const BAD: readonly (readonly [string, ToolSelection, string])[] = [
    ["a lookahead", { include: [/^(?=a)a/] }, "cannot run in linear time"],
    ["a backreference", { exclude: [/(a)\1/] }, "cannot run in linear time"],
    ["the v flag", { include: [new RegExp("a", "v")] }, 'uses the "v" flag'],
    ["a number", { include: [42 as unknown as string] }, 'takes tool names, "*" globs and RegExps'],
  ];
  it.each(BAD)("refuses %s with kind input when compiled", async (_what, selection, message) => {
    const error = await compileSelection(selection).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isMcpError(error) && error.kind).toBe("input");
    expect((error as Error).message).toContain(message);
  });

  it("matches a long server-chosen name against many stars in linear time", () => {
    // A backtracking matcher takes time exponential in the stars here; the walk stays linear.
    const name = "a".repeat(100_000);
    expect(globMatches("*a*a*a*a*a*a*a*a*b", name)).toBe(false);
  });
});

/** An independent reading of a glob: a RegExp with every other character escaped. */
function reference(glob: string, name: string): boolean {
  const source = glob
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s").test(name);
}

const alphabet = fc.constantFrom("a", "b", ".", "-", "_", "*");
const glob = fc.string({ unit: alphabet, maxLength: 8 });
const toolName = fc.string({ unit: fc.constantFrom("a", "b", ".", "-", "_"), maxLength: 10 });

describe("selection patterns (property)", () => {
  it("never hide a name they do not match", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(glob, { maxLength: 4 }), toolName, async (exclude, name) => {
        const compiled = await compileSelection({ exclude });
        const matched = exclude.some((pattern) => reference(pattern, name));
        expect(compiled.offers(name, undefined)).toBe(!matched);
      }),
    );
  });

  it("keep exactly the names an include pattern matches", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(glob, { maxLength: 4 }), toolName, async (include, name) => {
        const compiled = await compileSelection({ include });
        expect(compiled.offers(name, undefined)).toBe(
          include.some((pattern) => reference(pattern, name)),
        );
      }),
    );
  });
});
