import { describe, expect, it } from "vitest";
import { layoutCode } from "../../templates/layout-code.js";
import { PureMemo } from "../../templates/pure-memo.js";

describe("PureMemo", () => {
  it("computes each key once, undefined answers included", () => {
    const memo = new PureMemo<string | undefined>();
    const computed: string[] = [];
    const answer = (key: string): string | undefined =>
      memo.answer(key, () => {
        computed.push(key);
        return key === "none" ? undefined : key.toUpperCase();
      });
    expect([answer("a"), answer("none"), answer("a"), answer("none")]).toEqual([
      "A",
      undefined,
      "A",
      undefined,
    ]);
    expect(computed).toEqual(["a", "none"]);
  });

  it("starts again once full, so it never holds more than its limit", () => {
    const memo = new PureMemo<number>(2);
    let calls = 0;
    const answer = (key: string): number => memo.answer(key, () => ++calls);
    answer("a");
    answer("b");
    answer("c"); // full: forgets a and b
    expect(answer("c")).toBe(3);
    expect(answer("a")).toBe(4);
  });
});

describe("layoutCode's remembered layouts", () => {
  // The same code must be laid out anew for each place it is printed at: a layout remembered for
  // one column or indentation is wrong at another.
  const code = `z.object({ alpha: z.string(), beta: z.number().int().min(0), gamma: z.boolean() })`;

  it("lays the same code out by its column", () => {
    const fits = layoutCode(code, "", 0);
    const broken = layoutCode(code, "", 60);
    expect(fits).toBe(code);
    expect(broken).toContain("\n  alpha: z.string(),\n");
    expect(layoutCode(code, "", 0)).toBe(fits);
  });

  it("lays the same code out by its indentation and width", () => {
    const narrow = layoutCode(code, "    ", 60);
    expect(narrow).toContain("\n      alpha: z.string(),\n");
    expect(narrow).toMatch(/\n {4}\}\)$/);
    expect(layoutCode(code, "", 0, 40)).not.toBe(code);
  });
});
