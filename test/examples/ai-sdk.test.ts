/**
 * examples/ai-sdk.ts in the Vercel AI SDK's own loop: `generateText` with a mock model (ai/test)
 * that calls two tools, one by a name the mapping changed, against the demo server over stdio;
 * the SDK validates the input with the tool's validator (a Standard Schema, no zod) and hands the
 * results back to the model.
 */
import { connect, type McpClient } from "@mcp-codegen/runtime";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tripPlannerTools } from "../../examples/ai-sdk.js";

const ENTRY = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

let client: McpClient;
beforeAll(async () => {
  client = await connect({ command: process.execPath, args: ["--import", TSX_LOADER, ENTRY] });
});
afterAll(() => client.close());

it("runs the tools a model calls and gives their results back to it", async () => {
  const tools = tripPlannerTools(client);
  const cancelName = Object.keys(tools).find((name) => name.startsWith("trip_cancel-booking_"))!;
  const model = new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          {
            type: "tool-call",
            toolCallId: "1",
            toolName: "convert_currency",
            input: JSON.stringify({ amount: 100, from: "EUR", to: "JPY" }),
          },
          {
            type: "tool-call",
            toolCallId: "2",
            toolName: cancelName,
            input: JSON.stringify({ reference: "FL-LIS-OSL-20260612" }),
          },
        ],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "Done." }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const result = await generateText({
    model,
    tools,
    prompt: "Convert 100 EUR to JPY and cancel my flight FL-LIS-OSL-20260612.",
    stopWhen: stepCountIs(3),
  });
  expect(result.text).toBe("Done.");
  const outputs = result.steps[0]!.toolResults.map((part) => [part.toolName, part.output]);
  expect(outputs).toEqual([
    ["convert_currency", expect.stringContaining('"converted":16200')],
    [cancelName, expect.stringContaining('"refund":{"amount":85,"currency":"EUR"}')],
  ]);

  // The model saw every tool, with its description and a JSON Schema made from the zod schema.
  const offered = model.doGenerateCalls[0]!.tools!;
  expect(offered.map((offer) => offer.name).sort()).toEqual(Object.keys(tools).sort());
  const convert = offered.find((offer) => offer.name === "convert_currency");
  expect(convert).toMatchObject({
    type: "function",
    description: expect.stringMatching(/^Converts an amount between two currencies/),
    inputSchema: { type: "object", required: expect.arrayContaining(["amount", "from", "to"]) },
  });
  // The second request carries the tool results back to the model.
  const second = JSON.stringify(model.doGenerateCalls[1]!.prompt);
  expect(second).toContain("16200");
});
