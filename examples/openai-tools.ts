/**
 * The Trip Planner's tools for OpenAI tool calling, as plain typed objects (no SDK needed): the
 * Chat Completions shape `{ type: "function", function: { name, description, parameters } }`,
 * the Responses shape `{ type: "function", name, description, parameters }`, and the way back
 * from a tool call the model made to the tool. Names are mapped to ones the API accepts
 * (`trip.cancel-booking` has a dot) and back.
 */
import { isMcpError, toolNamesForModel, type McpClient } from "@mcp-codegen/runtime";
import { allTools } from "./trip-planner/all-tools.js";
import { toolResultText } from "./tool-result-text.js";

/** A function tool in a Chat Completions request's `tools`. */
export interface ChatCompletionsTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** A function tool in a Responses request's `tools`. */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A tool call in an assistant message: the arguments are a JSON string. */
export interface ChatCompletionsToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** The message that answers a tool call. */
export interface ChatCompletionsToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** Model-safe name → tool, in the order of allTools. */
const byName = toolNamesForModel(allTools);

export const chatCompletionsTools: ChatCompletionsTool[] = [...byName].map(([name, tool]) => ({
  type: "function",
  function: { name, description: tool.description, parameters: tool.inputSchema },
}));

export const responsesTools: ResponsesTool[] = [...byName].map(([name, tool]) => ({
  type: "function",
  name,
  description: tool.description,
  parameters: tool.inputSchema,
}));

/**
 * Runs one tool call and answers it. Arguments that are not JSON or do not match the tool's input
 * schema are answered with the reason, so the model can correct them; other errors are thrown.
 */
export async function answerToolCall(
  client: McpClient,
  call: ChatCompletionsToolCall,
): Promise<ChatCompletionsToolMessage> {
  const answer = (content: string) => ({ role: "tool" as const, tool_call_id: call.id, content });
  const tool = byName.get(call.function.name);
  if (tool === undefined) return answer(`There is no tool named ${call.function.name}.`);
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments);
  } catch {
    return answer("The arguments are not valid JSON.");
  }
  try {
    return answer(toolResultText(await tool.callWithArguments(client, args)));
  } catch (error) {
    if (isMcpError(error) && error.kind === "input") return answer(error.message);
    throw error;
  }
}
