/**
 * The Trip Planner's tools for the Vercel AI SDK: `tool({ description, inputSchema, execute })`
 * for each entry of the generated `allTools`, with the tool's input validator (a Standard Schema
 * carrying the input JSON Schema), keyed by a name model APIs accept (`trip.cancel-booking` has a
 * dot). Pass the set to `generateText` or `streamText` as `tools`.
 */
import { isMcpError, toolNamesForModel, type McpClient } from "@mcp-codegen/runtime";
import { tool, type ToolSet } from "ai";
import { allTools } from "./trip-planner/all-tools.js";
import { toolResultText } from "./tool-result-text.js";

export function tripPlannerTools(client: McpClient): ToolSet {
  const tools: ToolSet = {};
  for (const [name, entry] of toolNamesForModel(allTools)) {
    tools[name] = tool({
      description: entry.description,
      inputSchema: entry.inputValidator(),
      // The SDK checked the input against the schema; the call checks it again before sending.
      execute: async (input) => {
        try {
          return toolResultText(await entry.callWithArguments(client, input));
        } catch (error) {
          // Arguments the server's schema rejects go back to the model, to correct them.
          if (isMcpError(error) && error.kind === "input") return error.message;
          throw error;
        }
      },
    });
  }
  return tools;
}
