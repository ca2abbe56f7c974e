/**
 * `toolNamesForModel`: every MCP name mapped to one OpenAI and Anthropic accept
 * (`^[a-zA-Z0-9_-]{1,64}$`), no two alike, and back to its tool.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODEL_TOOL_NAME, toolNamesForModel } from "../../../runtime/ai/model-tool-names.js";

const named = (...names: string[]) => names.map((name) => ({ name }));

describe("toolNamesForModel", () => {
  it("keeps names the APIs accept and maps the others to readable ones", () => {
    const tools = named(
      "get_weather",
      "trip.cancel-booking",
      "files/read file",
      "日本",
      "x".repeat(70),
    );
    const names = [...toolNamesForModel(tools).keys()];
    expect(names[0]).toBe("get_weather");
    expect(names[1]).toMatch(/^trip_cancel-booking_[0-9a-f]{8}$/);
    expect(names[2]).toMatch(/^files_read_file_[0-9a-f]{8}$/);
    expect(names[3]).toMatch(/^__[0-9a-f]{8}$/);
    expect(names[4]).toMatch(new RegExp(`^${"x".repeat(55)}_[0-9a-f]{8}$`));
  });

  it("gives an empty name and a repeated name names of their own", () => {
    const tools = named("", "dup", "dup", "a.b", "a_b");
    const map = toolNamesForModel(tools);
    expect(map.size).toBe(5);
    expect([...map.keys()][0]).toMatch(/^tool_[0-9a-f]{8}$/);
    expect([...map.keys()].slice(1, 3)).toEqual([
      "dup",
      expect.stringMatching(/^dup_[0-9a-f]{8}$/),
    ]);
    expect(map.get("a_b")).toBe(tools[4]);
  });

  // MCP names as servers send them: dotted, slashed, spaced, long, non-ASCII, or already fine.
  const mcpName = fc.oneof(
    fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/),
    fc.string({ unit: "binary", maxLength: 80 }),
    fc.constantFrom("a.b", "a_b", "a-b", "a b", "a/b", "", "tool", "x".repeat(64), "x".repeat(65)),
    fc.string({ unit: fc.constantFrom("a", ".", "_", "-", " ", "é"), maxLength: 70 }),
  );

  it("maps any list to accepted, distinct names, and back to each tool in order", () => {
    fc.assert(
      fc.property(fc.array(mcpName, { maxLength: 40 }), (names) => {
        const tools = names.map((name) => ({ name }));
        const map = toolNamesForModel(tools);
        expect(map.size).toBe(tools.length);
        for (const name of map.keys()) expect(name).toMatch(MODEL_TOOL_NAME);
        expect([...map.values()]).toEqual(tools);
        for (const [name, tool] of map) expect(map.get(name)).toBe(tool);
      }),
      { numRuns: 1000 },
    );
  });

  it("gives each tool the same name in any order, and keeps accepted unique names", () => {
    const unique = fc.uniqueArray(mcpName, { maxLength: 30 });
    fc.assert(
      fc.property(
        unique.chain((names) =>
          fc.tuple(fc.constant(names), fc.shuffledSubarray(names, { minLength: names.length })),
        ),
        ([names, shuffled]) => {
          const nameOf = (list: string[]) =>
            new Map(
              [...toolNamesForModel(named(...list))].map(([model, tool]) => [tool.name, model]),
            );
          const a = nameOf(names);
          expect(nameOf(shuffled)).toEqual(a);
          for (const name of names) if (MODEL_TOOL_NAME.test(name)) expect(a.get(name)).toBe(name);
        },
      ),
      { numRuns: 500 },
    );
  });
});
