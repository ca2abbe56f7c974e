/**
 * Which generated tools get the task forms (templates/task-support.ts): a table of the cases the
 * two protocol eras define, a property over whatever JSON a server may put in `execution` and
 * `capabilities.extensions`, and the tool module each choice generates.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServerCapabilities, Tool } from "@mcp-codegen/runtime";
import { generateFiles } from "../../templates/generate.js";
import { toolTaskSupport } from "../../templates/task-support.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";

const TASKS = "io.modelcontextprotocol/tasks";
const tool = (extra: Record<string, unknown> = {}): Tool =>
  ({ name: "build", inputSchema: { type: "object" }, ...extra }) as Tool;

describe("toolTaskSupport", () => {
  it.each([
    ["nothing declared", tool(), { tools: {} }, undefined],
    ["the server's extension", tool(), { extensions: { [TASKS]: {} } }, "optional"],
    ["another extension only", tool(), { extensions: { "x/other": {} } }, undefined],
    ["taskSupport optional", tool({ execution: { taskSupport: "optional" } }), {}, "optional"],
    ["taskSupport required", tool({ execution: { taskSupport: "required" } }), {}, "required"],
    ["taskSupport forbidden", tool({ execution: { taskSupport: "forbidden" } }), {}, undefined],
    [
      "required, with the extension",
      tool({ execution: { taskSupport: "required" } }),
      { extensions: { [TASKS]: {} } },
      "required",
    ],
  ] as const)("%s", (_name, given, capabilities, want) => {
    expect(toolTaskSupport(given, capabilities as ServerCapabilities)).toBe(want);
  });

  it("reads any JSON in execution and extensions without throwing", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant({ [TASKS]: {} })),
        (execution, extensions) => {
          const support = toolTaskSupport(tool({ execution }), {
            extensions,
          } as unknown as ServerCapabilities);
          const field =
            typeof execution === "object" && execution !== null && !Array.isArray(execution)
              ? (execution as Record<string, unknown>).taskSupport
              : undefined;
          const declared =
            typeof extensions === "object" &&
            extensions !== null &&
            Object.hasOwn(extensions, TASKS);
          const want =
            field === "required" || field === "optional"
              ? field
              : declared
                ? "optional"
                : undefined;
          expect(support).toBe(want);
        },
      ),
    );
  });
});

async function toolModule(given: Tool, capabilities: ServerCapabilities): Promise<string> {
  const snapshot = toolsSnapshot("tasks", [given], { capabilities });
  const files = await generateFiles(snapshot, { generatorVersion: "0.0.0-test" });
  const file = files.find((f) => f.path === "tools/build.ts");
  if (file === undefined) throw new Error("no tools/build.ts generated");
  return file.content;
}

describe("the generated tool module", () => {
  it("has no task option when the tool cannot run as a task", async () => {
    const text = await toolModule(tool({ execution: { taskSupport: "forbidden" } }), {
      tools: {},
    });
    expect(text).toMatch(/defineTool<\s*BuildInput,\s*CallToolResult,\s*"optional input"\s*>/);
    expect(text).not.toMatch(/Task|task:/);
  });

  it("has the four task forms, and no required default, for an optional tool", async () => {
    const text = await toolModule(tool(), { tools: {}, extensions: { [TASKS]: {} } });
    expect(text).toMatch(
      /defineTool<\s*BuildInput,\s*CallToolResult,\s*"task, optional input"\s*>/,
    );
    expect(text).toContain('Pass `task: "return"` to get the task\'s handle instead.');
    expect(text).not.toContain('"required"');
  });

  it("documents the await default of a tool that requires tasks", async () => {
    const text = await toolModule(tool({ execution: { taskSupport: "required" } }), {});
    expect(text).toContain('a call is sent with `task: "await"` unless its options say otherwise');
  });
});
