/**
 * templates/README.md's reference: the tool definition there, generated as a one-tool server,
 * gives exactly the module printed there. Output first: the contract page cannot drift.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFiles } from "../../templates/generate.js";
import { createSnapshot } from "../../templates/snapshot.js";
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
    const snapshot = createSnapshot({
      name: "weather",
      server: { name: "weather", version: "1.0.0" },
      protocolVersion: "2026-07-28",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
      clientCapabilities: {},
      tools: [tool],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    });
    const files = await generateFiles(snapshot, { generatorVersion: "0.1.0" });
    const module = files.find((file) => file.path === "tools/get-forecast.ts");
    expect(module?.content).toBe(`${block("reference-output")}\n`);
  });
});
