import { describe, expect, it } from "vitest";
import { planNames } from "../../templates/plan.js";
import type { Snapshot } from "../../templates/snapshot.js";

describe("planNames next to the runtime's names", () => {
  it("never names a tool's function or binding after something a module imports", () => {
    const names = ["define_tool", "linear_pattern", "outsidePatterns"];
    const snapshot = {
      name: "x",
      version: "1",
      tools: names.map((name) => ({ name, inputSchema: { type: "object" } })),
      prompts: [],
      resources: [],
      resourceTemplates: [],
    } as unknown as Snapshot;
    const plan = planNames(snapshot);
    const taken = new Set(["defineTool", "linearPattern", "outsidePatterns"]);
    for (const tool of plan.tools) {
      expect(taken.has(tool.fn)).toBe(false);
      expect(taken.has(tool.binding)).toBe(false);
    }
  });
});

describe("planNames next to the index's runtime imports", () => {
  it("keeps the names of tools called after what only the index imports (it aliases instead)", () => {
    const snapshot = {
      name: "x",
      version: "1",
      tools: ["connect", "bindClient", "ConnectOptions", "WithoutClient"].map((name) => ({
        name,
        inputSchema: { type: "object" },
      })),
      prompts: [],
      resources: [],
      resourceTemplates: [],
    } as unknown as Snapshot;
    const names = planNames(snapshot).tools.map((tool) => [tool.fn, tool.binding, tool.typeBase]);
    expect(names).toEqual([
      ["connect", "connectTool", "Connect"],
      ["bindClient", "bindClientTool", "BindClient"],
      ["connectOptions", "connectOptionsTool", "ConnectOptions"],
      ["withoutClient", "withoutClientTool", "WithoutClient"],
    ]);
  });
});
