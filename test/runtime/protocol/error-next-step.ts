/**
 * What a caller does with each error kind, as the one exhaustive `switch` the error tests read
 * `data` through: the `never` default proves every kind is handled, and each case uses the
 * kind's typed `data`.
 */
import type { AnyMcpError } from "@mcp-codegen/runtime";

/** What a caller does with each kind; the `never` default proves every kind is handled. */
export function nextStep(error: AnyMcpError): string {
  switch (error.kind) {
    case "jsonrpc":
    case "protocol":
    case "execution":
      return `server said ${error.code ?? "nothing"}: ${JSON.stringify(error.data) ?? "no data"}`;
    case "transport":
      return error.data?.retryable === true ? "retry" : `status ${error.data?.status ?? "none"}`;
    case "timeout":
    case "cancelled":
      return `gave up (${String(error.data)})`;
    case "input":
      return `fix ${error.data?.map((issue) => issue.path.join(".")).join(", ") ?? "the input"}`;
    case "input_required":
      return `answer ${Object.keys(error.data.inputRequests ?? {}).join(", ")}`;
    case "auth":
      return `authorize at ${error.data.resource_metadata ?? "?"} (HTTP ${error.data.status})`;
    case "validation":
      return `check ${error.data?.issues.length ?? 0} issues in ${error.data?.result.content.length ?? 0} blocks`;
    case "not_found":
      return `offer ${error.data.tool} in the tools selection`;
    case "denied":
      return `ask whoever governs ${error.data.principal} (${error.data.rule}: ${error.data.reason})`;
    case "hook":
      return `see the ${error.data.hook} hook${error.data.refused ? `: ${error.data.reason ?? ""}` : ""}`;
    case "contract_changed":
      return `review ${error.data.tool}: ${error.data.changed.join(", ")} (${error.data.liveDigest ?? "removed"})`;
    case "closed":
      return "reconnect";
    default: {
      const unhandled: never = error;
      return unhandled;
    }
  }
}
