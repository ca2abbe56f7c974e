/**
 * `Mcp-Param-*` headers for tool calls: each tool definition's `x-mcp-header` plan is worked out
 * once (kept by definition object), then applied to each call's arguments.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import {
  buildMcpParamHeaders,
  findMcpParamHeaders,
  type McpParamHeadersResult,
} from "./mcp-param-headers.js";
import type { Tool } from "../protocol/index.js";

/** Header plans by tool definition object: computed once per definition, not per call. */
const headerPlans = new WeakMap<Tool, McpParamHeadersResult>();

export function headerPlan(tool: Tool): McpParamHeadersResult {
  let plan = headerPlans.get(tool);
  if (plan === undefined) {
    plan = findMcpParamHeaders(tool.inputSchema);
    headerPlans.set(tool, plan);
  }
  return plan;
}

/** `Mcp-Param-*` headers for one call; undefined when the tool has no annotated arguments. */
export function paramHeadersFor(
  tool: Tool,
  args: Record<string, unknown> | undefined,
  context: ErrorContext,
): Record<string, string> | undefined {
  const plan = headerPlan(tool);
  if (!plan.ok) {
    throw new McpError({
      ...context,
      kind: "protocol",
      message: `${describeContext(context)}the tool definition is invalid: ${plan.reason}`,
    });
  }
  if (plan.headers.length === 0) return undefined;
  return buildMcpParamHeaders(plan.headers, args ?? {});
}
