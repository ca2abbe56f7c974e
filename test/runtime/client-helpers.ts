import { isMcpError, type AnyMcpError, type McpClient } from "@mcp-codegen/runtime";

/**
 * The McpError that `promise` rejects with, typed by its kind (`AnyMcpError`); rethrows any other
 * error, and throws if it resolves.
 */
export async function rejection(promise: Promise<unknown>): Promise<AnyMcpError> {
  try {
    await promise;
  } catch (error) {
    if (isMcpError(error)) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

/** How many `waitForCancel` calls the kitchen-sink server behind `client` has seen cancelled. */
export async function cancelledCount(client: McpClient): Promise<number> {
  const result = await client.callTool<{ requestIds: unknown[] }>("cancelledRequests", {});
  return result.structuredContent?.requestIds.length ?? 0;
}
