/**
 * The pattern engine as a browser build loads it: not with the runtime, but with a dynamic import
 * started when a validator that checks a pattern is built. A tool call waits for it; a check run
 * before it loaded fails with a message saying what to await. Each test imports the modules
 * afresh (as the web build, which no Node entry preloads), so the engine starts unloaded.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { McpClient } from "../../../runtime/client/index.js";
import type { GeneratedSchema, GeneratedZod } from "../../../runtime/generated/index.js";
import type * as LinearPatternModule from "../../../runtime/generated/linear-pattern.js";
import type * as ToolBindingModule from "../../../runtime/generated/tool-binding.js";

let patterns: typeof LinearPatternModule;
let bindings: typeof ToolBindingModule;

beforeEach(async () => {
  vi.resetModules();
  patterns = await import("../../../runtime/generated/linear-pattern.js");
  bindings = await import("../../../runtime/generated/tool-binding.js");
});

/** A tool whose output's `code` must be three capitals, as `book`'s airports are checked. */
function airportTool() {
  const { linearPattern } = patterns;
  const outputSchema = {
    type: "object",
    properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } },
  };
  return bindings.defineTool<Record<string, never>, unknown>({
    definitionJson: JSON.stringify({
      name: "airport",
      inputSchema: { type: "object" },
      outputSchema,
    }),
    validators: (z: GeneratedZod) => ({
      input: z.object({}),
      output: z.object({
        code: z.string().refine(linearPattern("^[A-Z]{3}$"), "must match ^[A-Z]{3}$"),
      }) as GeneratedSchema,
    }),
  });
}

function clientReturning(code: string): McpClient {
  return {
    callTool: async () => ({ content: [], structuredContent: { code } }),
  } as unknown as McpClient;
}

describe("the pattern engine, loaded on first use", () => {
  it("is not there when a check runs in the same turn as its validator is built", () => {
    const matches = patterns.linearPattern("^[A-Z]{3}$");
    let thrown: unknown;
    try {
      matches("OSL");
    } catch (error) {
      thrown = error;
    }
    // Not `instanceof`: the modules were imported afresh, with an McpError class of their own.
    expect(thrown).toMatchObject({ name: "McpError", kind: "validation" });
    expect((thrown as Error).message).toMatch(/await loadLinearEngine\(\)/);
  });

  it("checks once loadLinearEngine() resolves", async () => {
    const matches = patterns.linearPattern("^[A-Z]{3}$");
    await patterns.loadLinearEngine();
    expect([matches("OSL"), matches("Oslo"), matches(3)]).toEqual([true, false, false]);
    expect(patterns.linearPatternsReady()).toBeUndefined();
  });

  it("is not loaded for validators that check no pattern", async () => {
    const matches = bindings.defineTool({
      definitionJson: JSON.stringify({ name: "t", inputSchema: { type: "object" } }),
      validators: (z) => ({ input: z.object({ a: z.string() }) }),
    });
    expect(matches.validators().input.safeParse({ a: "x" }).success).toBe(true);
    expect(patterns.linearPatternsReady()).toBeUndefined();
  });

  it("is awaited by a tool call before it validates the output, which passes", async () => {
    const result = await airportTool().call(clientReturning("OSL"), {});
    expect(result).toMatchObject({ structuredContent: { code: "OSL" } });
  });

  it("is awaited by a tool call before it validates the output, which fails", async () => {
    const call = airportTool().call(clientReturning("Oslo"), {});
    await expect(call).rejects.toMatchObject({ kind: "validation" });
  });

  it("is loaded by the Node entry, so a check runs at once", async () => {
    const runtime = await import("@mcp-codegen/runtime");
    expect(runtime.linearPattern("^[A-Z]{3}$")("OSL")).toBe(true);
  });

  it("fails a call as kind transport when its chunk cannot load, and loads on the next", async () => {
    // A chunk lost on the network cannot happen here: the module's factory fails in its place.
    vi.doMock("re2js", () => {
      throw new Error("chunk lost");
    });
    vi.resetModules();
    patterns = await import("../../../runtime/generated/linear-pattern.js");
    bindings = await import("../../../runtime/generated/tool-binding.js");
    const tool = airportTool();
    await expect(tool.call(clientReturning("OSL"), {})).rejects.toMatchObject({
      name: "McpError",
      kind: "transport",
    });
    vi.doUnmock("re2js");
    vi.resetModules();
    const result = await tool.call(clientReturning("OSL"), {});
    expect(result).toMatchObject({ structuredContent: { code: "OSL" } });
  });
});
