/**
 * The Trip Planner's tools for Anthropic tool use, as plain typed objects (no SDK needed):
 * `{ name, description, input_schema }` in the request's `tools`, and the way back from a
 * `tool_use` block to the tool and a `tool_result` block. Names are mapped to ones the API accepts
 * (`trip.cancel-booking` has a dot) and back.
 */
import { isMcpError, toolNamesForModel, type McpClient } from "@mcp-codegen/runtime";
import { allTools } from "./trip-planner/all-tools.js";
import { toolResultText } from "./tool-result-text.js";

/** A tool in a Messages request's `tools`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** A `tool_use` content block of the assistant's message. */
export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

/** The `tool_result` block of the user message that answers it. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** Model-safe name → tool, in the order of allTools. */
const byName = toolNamesForModel(allTools);

export const anthropicTools: AnthropicTool[] = [...byName].map(([name, tool]) => ({
  name,
  description: tool.description,
  input_schema: tool.inputSchema,
}));

/**
 * Runs one `tool_use` and answers it. Input that does not match the tool's input schema, and the
 * tool's own failure (`isError`), are answered with `is_error: true`, so the model can react.
 */
export async function answerToolUse(
  client: McpClient,
  use: ToolUseBlock,
): Promise<ToolResultBlock> {
  const answer = (content: string, isError: boolean): ToolResultBlock => ({
    type: "tool_result",
    tool_use_id: use.id,
    content,
    ...(isError ? { is_error: true } : {}),
  });
  const tool = byName.get(use.name);
  if (tool === undefined) return answer(`There is no tool named ${use.name}.`, true);
  try {
    const result = await tool.callWithArguments(client, use.input);
    return answer(toolResultText(result), result.isError === true);
  } catch (error) {
    if (isMcpError(error) && error.kind === "input") return answer(error.message, true);
    throw error;
  }
}
