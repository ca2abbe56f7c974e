/**
 * examples/openai-tools.ts and examples/anthropic-tools.ts against the demo server over stdio:
 * the tool lists in each API's shape, with names the APIs accept, and a model's tool call
 * dispatched back to the tool, bad arguments answered to the model instead of thrown.
 */
import { connect, MODEL_TOOL_NAME, type McpClient } from "@mcp-codegen/runtime";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicTools, answerToolUse } from "../../examples/anthropic-tools.js";
import {
  answerToolCall,
  chatCompletionsTools,
  responsesTools,
} from "../../examples/openai-tools.js";
import { allTools } from "../../examples/trip-planner/all-tools.js";

const ENTRY = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

let client: McpClient;
beforeAll(async () => {
  client = await connect({ command: process.execPath, args: ["--import", TSX_LOADER, ENTRY] });
});
afterAll(() => client.close());

const cancelName = anthropicTools.find((tool) => tool.name.startsWith("trip_cancel"))!.name;

describe("OpenAI tool calling", () => {
  it("lists every tool under a name the API accepts, with its description and schema", () => {
    expect(chatCompletionsTools).toHaveLength(allTools.length);
    for (const [i, tool] of chatCompletionsTools.entries()) {
      expect(tool.function.name).toMatch(MODEL_TOOL_NAME);
      expect(tool.function.description).toBe(allTools[i]!.description);
      expect(tool.function.parameters).toEqual(allTools[i]!.inputSchema);
      expect(responsesTools[i]).toEqual({ type: "function", ...tool.function });
    }
  });

  it("answers a tool call with the tool's result, and bad arguments with the reason", async () => {
    const call = (name: string, args: string) =>
      answerToolCall(client, { id: "c1", type: "function", function: { name, arguments: args } });
    const converted = await call("convert_currency", '{"amount":100,"from":"EUR","to":"JPY"}');
    expect(converted).toMatchObject({ role: "tool", tool_call_id: "c1" });
    expect(JSON.parse(converted.content)).toMatchObject({ converted: 16200 });
    expect((await call("convert_currency", "{")).content).toBe("The arguments are not valid JSON.");
    expect((await call("convert_currency", '{"amount":"many"}')).content).toContain(
      "arguments do not match the tool's input schema",
    );
    expect((await call("trip.cancel-booking", "{}")).content).toBe(
      "There is no tool named trip.cancel-booking.",
    );
  });
});

describe("Anthropic tool use", () => {
  it("lists every tool under a name the API accepts, with its description and schema", () => {
    expect(anthropicTools.map((tool) => tool.input_schema)).toEqual(
      allTools.map((tool) => tool.inputSchema),
    );
    for (const tool of anthropicTools) expect(tool.name).toMatch(MODEL_TOOL_NAME);
  });

  it("answers a tool_use by its mapped name, and marks bad input and tool failures", async () => {
    const use = (name: string, input: unknown) =>
      answerToolUse(client, { type: "tool_use", id: "u1", name, input });
    const cancelled = await use(cancelName, { reference: "FL-LIS-OSL-20260612" });
    expect(cancelled.is_error).toBeUndefined();
    expect(JSON.parse(cancelled.content)).toMatchObject({ refund: { amount: 85 } });
    const failed = await use(cancelName, { reference: "FL-NOPE" });
    expect(failed).toMatchObject({
      is_error: true,
      content: "No booking has the reference FL-NOPE.",
    });
    const invalid = await use(cancelName, {});
    expect(invalid.is_error).toBe(true);
    expect(invalid.content).toContain("arguments do not match the tool's input schema");
  });
});
