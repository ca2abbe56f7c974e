import { isMcpError, type McpError } from "@mcp-codegen/runtime";

/** The McpError that `promise` rejects with; rethrows any other error, and throws if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (isMcpError(error)) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}
