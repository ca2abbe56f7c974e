/**
 * The validators block is kept as laid out (`// prettier-ignore`), so its indentation is ours, not
 * prettier's: it must sit under its property wherever prettier put that, including when a long
 * `defineTool<…>(` head makes prettier break the call and move the property two columns right.
 */
import { describe, expect, it } from "vitest";
import { expectedDir, goldenCaseNames, readTree } from "../support/golden-cases.js";

const BLOCK = /\n( *)\/\/ prettier-ignore\n\1validators: \(z\) => \{\n([\s\S]*?\n)\1\},\n/g;

describe.each(goldenCaseNames())("the validators blocks of golden case %s", (name) => {
  it("are indented under their property", () => {
    // A declaration file (the js+dts form) has types only: its validators are in the .js beside it.
    const tools = [...readTree(expectedDir(name))].filter(
      ([path]) => path.startsWith("tools/") && !path.endsWith(".d.ts"),
    );
    for (const [path, content] of tools) {
      const blocks = [...content.matchAll(BLOCK)];
      expect(blocks.length, `${path} has one validators block, closed at its column`).toBe(1);
      const [, indent, body] = blocks[0]!;
      const lines = body!.split("\n").filter((line) => line !== "");
      const shallowest = Math.min(...lines.map((line) => line.length - line.trimStart().length));
      expect(shallowest, path).toBe(indent!.length + 2);
    }
  });
});
