/**
 * A tool's result as the text a model reads, shared by the adapter examples (ai-sdk.ts,
 * openai-tools.ts, anthropic-tools.ts): the structured content as JSON when the tool declares
 * some, else its text blocks, with other blocks named. Like descriptions, a result is the
 * server's text: the model should treat it as data, not as instructions.
 */
import type { CallToolResult } from "@mcp-codegen/runtime";

export function toolResultText(result: CallToolResult): string {
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return result.content
    .map((block) => (block.type === "text" ? block.text : `[${block.type} content]`))
    .join("\n");
}
