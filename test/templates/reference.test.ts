/**
 * templates/README.md's reference: the tool definition there, generated as a one-tool server,
 * gives exactly the module printed there. Output first: the contract page cannot drift.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFiles } from "../../templates/generate.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";
import type { Tool } from "../../runtime/protocol/types.js";

const README = readFileSync(join(import.meta.dirname, "../../templates/README.md"), "utf8");

function block(tag: string): string {
  const match = new RegExp("```[a-z]+ " + tag + "\\n([\\s\\S]*?)\\n```").exec(README);
  if (match?.[1] === undefined) throw new Error(`templates/README.md has no ${tag} block`);
  return match[1];
}

describe("templates/README.md reference", () => {
  it("is what the generator makes of the reference tool", async () => {
    const tool = JSON.parse(block("reference-input")) as Tool;
    const snapshot = toolsSnapshot("weather", [tool]);
    const files = await generateFiles(snapshot, { generatorVersion: "0.1.0" });
    const module = files.find((file) => file.path === "tools/get-forecast.ts");
    expect(module?.content).toBe(`${block("reference-output")}\n`);
  });
});
