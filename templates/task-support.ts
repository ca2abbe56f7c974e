/**
 * Whether a generated tool exposes the task forms of its call (tasks extension,
 * `io.modelcontextprotocol/tasks`). Under 2026-07-28 the server decides per request whether a
 * call becomes a task, so every tool of a server that declares the extension may become one;
 * under 2025-11-25 each tool says so itself in `execution.taskSupport`.
 */
import { TASKS_EXTENSION } from "@mcp-codegen/runtime/internal";
import type { ServerCapabilities, Tool } from "@mcp-codegen/runtime";

/**
 * `"required"`: the tool runs only as a task, so its plain call awaits one. `"optional"`: the
 * caller may ask for a task. `undefined`: the tool never runs as a task, its options have no
 * `task`.
 */
export type ToolTaskSupport = "optional" | "required" | undefined;

export function toolTaskSupport(
  tool: Tool,
  capabilities: ServerCapabilities | undefined,
): ToolTaskSupport {
  // The snapshot is data a server wrote: `execution` may be anything.
  const execution: unknown = tool.execution;
  const declared =
    typeof execution === "object" && execution !== null && !Array.isArray(execution)
      ? (execution as Record<string, unknown>).taskSupport
      : undefined;
  if (declared === "required") return "required";
  if (declared === "optional") return "optional";
  const extensions: unknown = capabilities?.extensions;
  const serverTasks =
    typeof extensions === "object" &&
    extensions !== null &&
    Object.hasOwn(extensions, TASKS_EXTENSION);
  return serverTasks ? "optional" : undefined;
}
