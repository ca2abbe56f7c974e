/**
 * Builders for tool results, so every tool answers in the same shape: structured content
 * plus its JSON as a text block, or a tool execution error the model can read.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";

/**
 * A successful result carrying `structured` both as `structuredContent` and as JSON text.
 * The text copy is what the spec asks of tools with an output schema, for clients that
 * predate structured content.
 */
export function jsonResult(structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/**
 * A tool execution error (`isError: true`): a result the caller sees, not a JSON-RPC error,
 * because the request itself was well formed and only its content was wrong.
 */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
