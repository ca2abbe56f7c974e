/**
 * The tools a listing may offer: the server's list is untrusted JSON, and on HTTP a tool whose
 * `x-mcp-header` annotations are invalid must not be offered. Each tool left out is reported
 * once through the transport's diagnostics; the rest stay usable.
 */
import { headerPlan } from "./tool-headers.js";
import type { TransportDiagnostic } from "../transports/index.js";
import type { Tool } from "../protocol/index.js";

type Report = ((diagnostic: TransportDiagnostic) => void) | undefined;

/** Leaves out the tools whose `x-mcp-header` annotations are invalid (HTTP only). */
export function dropInvalidTools(tools: Tool[], report: Report): Tool[] {
  return tools.filter((tool) => {
    const plan = headerPlan(tool);
    if (plan.ok) return true;
    report?.({
      kind: "invalid-tool",
      detail: `tool ${JSON.stringify(tool.name)} left out: ${plan.reason}`,
    });
    return false;
  });
}

/**
 * Leaves out entries that are not an object with a string name (`null`, a string): the client
 * keys tools by name. Other fields are the caller's to check.
 */
export function dropMalformedTools(tools: readonly unknown[], report: Report): Tool[] {
  return tools.filter((tool, index): tool is Tool => {
    if (isToolLike(tool)) return true;
    report?.({
      kind: "invalid-tool",
      detail: `tool at index ${index} left out: not an object with a string name`,
    });
    return false;
  });
}

function isToolLike(value: unknown): value is Tool {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { name?: unknown }).name === "string"
  );
}
