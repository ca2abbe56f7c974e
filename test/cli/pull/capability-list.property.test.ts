/**
 * The client capabilities a pull declares, as `--capabilities` and a config's `capabilities` take
 * them: any set of them in any order is read as that set, and a list that names one twice is
 * refused in both (as `pull()` refuses it), whichever one and wherever the repeat stands.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLIENT_NEEDS, type ClientNeed } from "@mcp-codegen/runtime";
import { stdioServerSchema } from "../../../cli/config/schema.js";
import { parseCapabilityList } from "../../../cli/pull/pull-capabilities.js";

const needs = fc.shuffledSubarray([...CLIENT_NEEDS] as ClientNeed[], { minLength: 1 });
const space = fc.constantFrom("", " ", "  ");

/** The list as a user types it: words joined by commas, spaced or not. */
function typed(words: readonly string[], pads: readonly string[]): string {
  return words.map((word, i) => `${pads[i % pads.length]!}${word}`).join(",");
}

/** `list` with its `at`-th word repeated at `to` (both taken modulo the lengths). */
function withRepeat<T>(list: readonly T[], at: number, to: number): { repeated: T; list: T[] } {
  const repeated = list[at % list.length]!;
  const copy = [...list];
  copy.splice(to % (copy.length + 1), 0, repeated);
  return { repeated, list: copy };
}

describe("client capability lists", () => {
  it("read any set in any order as that set", () => {
    fc.assert(
      fc.property(needs, fc.array(space, { minLength: 1 }), (words, pads) => {
        expect(parseCapabilityList(typed(words, pads))).toEqual(
          CLIENT_NEEDS.filter((need) => words.includes(need)),
        );
        expect(stdioServerSchema.safeParse({ command: "n", capabilities: words }).success).toBe(
          true,
        );
      }),
    );
  });

  it("refuse one named twice, on the command line and in a config", () => {
    fc.assert(
      fc.property(needs, fc.nat(), fc.nat(), space, (words, at, to, pad) => {
        const { repeated, list } = withRepeat(words, at, to);
        expect(() => parseCapabilityList(typed(list, [pad]))).toThrow(
          `${JSON.stringify(repeated)} is listed twice; name each client capability once`,
        );
        const parsed = stdioServerSchema.safeParse({ command: "n", capabilities: list });
        expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
          "lists a client capability twice; name each once",
        ]);
      }),
    );
  });
});
