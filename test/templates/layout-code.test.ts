import ts from "typescript";
import { describe, expect, it } from "vitest";
import { layoutCode } from "../../templates/layout-code.js";

/** The code without layout: whitespace and the trailing commas layout adds removed. */
function essence(code: string): string {
  return code.replace(/,(\s*[)\]}])/g, "$1").replace(/\s+/g, "");
}

function parses(code: string): boolean {
  const file = ts.createSourceFile("x.ts", `const x = ${code};`, ts.ScriptTarget.ES2022, true);
  return (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
}

describe("layoutCode", () => {
  it.each([
    ["a short call stays on one line", "z.string().min(1)", 0, "z.string().min(1)"],
    ["an empty group never breaks", "f()".padEnd(3, " "), 98, "f()"],
    [
      "a long object breaks one property per line, with trailing commas",
      `z.object({ alpha: z.string(), beta: z.number().int().min(0), gamma: z.array(z.string()).optional() })`,
      0,
      `z.object({\n  alpha: z.string(),\n  beta: z.number().int().min(0),\n  gamma: z.array(z.string()).optional(),\n})`,
    ],
    [
      "grouping parentheses get no trailing comma",
      `f((typeof value === "object" && value !== null && !Array.isArray(value) ? value : null))`,
      60,
      `f((\n  typeof value === "object" && value !== null && !Array.isArray(value) ? value : null\n))`,
    ],
  ])("%s", (_name, code, column, want) => {
    expect(layoutCode(code, "", column)).toBe(want);
  });

  it("keeps regex and string literals whole, brackets and commas inside them included", () => {
    const code = `z.object({ a: z.string().regex(/^[,)}\\]]{1,2}\\/x$/u), b: z.literal("({[,]})"), c: z.enum(["x, y", "z)"]), d: z.string().regex(/a\\/b/u) })`;
    const laid = layoutCode(code, "", 60);
    expect(laid).toContain(`/^[,)}\\]]{1,2}\\/x$/u`);
    expect(laid).toContain(`"({[,]})"`);
    expect(essence(laid)).toBe(essence(code));
    expect(parses(laid)).toBe(true);
  });

  it("hugs a single bracketed argument instead of breaking the call", () => {
    const laid = layoutCode(
      `z.lazy(() => z.looseObject({ name: z.string(), children: z.array(node).optional(), other: z.number() }))`,
      "",
      40,
    );
    expect(laid.split("\n")[0]).toBe("z.lazy(() => z.looseObject({");
    expect(laid.endsWith("}))")).toBe(true);
    expect(parses(laid)).toBe(true);
  });

  it("keeps every line within the width when it can, and the code the same", () => {
    const members = Array.from(
      { length: 30 },
      (_, i) => `p${i}: z.union([z.string(), z.number().int().min(${i})]).optional()`,
    );
    const code = `z.strictObject({ ${members.join(", ")}, nested: z.array(z.looseObject({ ${members.slice(0, 5).join(", ")} })) })`;
    const laid = layoutCode(code, "    ", 11);
    expect(essence(laid)).toBe(essence(code));
    expect(parses(laid)).toBe(true);
    for (const line of laid.split("\n")) expect(line.length).toBeLessThanOrEqual(100);
  });
});
