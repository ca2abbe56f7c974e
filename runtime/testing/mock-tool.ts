/**
 * One `tools/call` on the mock server: the arguments checked against the tool's input schema (a
 * real server rejects what its schema does), the test's handler run, and what it returned checked
 * against the output schema, so a mock cannot drift from the contract the client was generated
 * from. Failures are JSON-RPC errors whose message names the tool, the path and the fix.
 */
import { isMcpError } from "../protocol/index.js";
import { ErrorCode } from "../protocol/index.js";
import type { Validator } from "../generated/index.js";
import type { MockCallContext, MockableTool } from "./mock-types.js";
import type { CallToolResult } from "../protocol/index.js";

/** A JSON-RPC error the mock answers with. */
export class MockRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A handler of any tool, as the server side sees it (the typed forms are in mock-types.ts). */
export type AnyToolHandler = (input: never, context: MockCallContext) => unknown;

/** `path: message` for up to three issues, the path as `days.0.date`. */
export function describeIssues(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".");
    return `${where}: ${issue.message}`;
  });
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : "";
  return `${shown.join("; ")}${more}`;
}

/** What a handler's return value, or its exception, becomes on the wire. */
export async function callMockTool(
  tool: MockableTool,
  member: string,
  handler: AnyToolHandler | undefined,
  args: Record<string, unknown>,
  context: MockCallContext,
): Promise<CallToolResult> {
  const name = tool.definition.name;
  const quoted = JSON.stringify(name);
  if (handler === undefined) {
    throw new MockRpcError(
      ErrorCode.InternalError,
      `the mock has no handler for tool ${quoted}; pass tools.${member} to the mock`,
      { mock: "unhandled", tool: member },
    );
  }
  const validators = tool.validators();
  const input = validators.input.safeParse(args);
  if (!input.success) {
    throw new MockRpcError(
      ErrorCode.InvalidParams,
      `arguments of tool ${quoted} do not match its input schema: ${describeIssues(input.error.issues)}; the code under test sent input the real server would reject`,
      { issues: input.error.issues },
    );
  }
  let returned: unknown;
  try {
    returned = await (handler as (input: unknown, context: MockCallContext) => unknown)(
      args,
      context,
    );
  } catch (error) {
    throw thrownByHandler(error, quoted);
  }
  // What the wire would carry: a handler's `undefined` properties vanish, dates become strings.
  const result = toResult(wireCopy(returned, quoted), tool, quoted, member);
  const output = validators.output;
  if (output !== undefined && result.isError !== true) checkOutput(output, result, quoted, member);
  return result;
}

function thrownByHandler(error: unknown, quoted: string): MockRpcError {
  // A handler that throws an McpError with a code stands for a server answering with that error.
  if (isMcpError(error) && error.code !== undefined) {
    return new MockRpcError(error.code, error.serverMessage ?? error.message, error.data);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new MockRpcError(
    ErrorCode.InternalError,
    `the mock's handler for tool ${quoted} threw: ${message}`,
    { mock: "threw" },
  );
}

function wireCopy(value: unknown, quoted: string): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new MockRpcError(
      ErrorCode.InternalError,
      `the mock's handler for tool ${quoted} returned a value that is not JSON (${String(error)}); return plain data`,
      { mock: "not-json" },
    );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A whole result has a `content` array and `structuredContent` or `isError: true` (for a tool
 * without an output schema, the `content` array alone); anything else is the structured output.
 */
function toResult(
  value: unknown,
  tool: MockableTool,
  quoted: string,
  member: string,
): CallToolResult {
  const hasOutputSchema = tool.definition.outputSchema !== undefined;
  if (isObject(value) && Array.isArray(value["content"])) {
    if (!hasOutputSchema || "structuredContent" in value || value["isError"] === true) {
      return value as unknown as CallToolResult;
    }
  }
  if (hasOutputSchema) {
    return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
  }
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  throw new MockRpcError(
    ErrorCode.InternalError,
    `the mock's handler for tool ${quoted} (tools.${member}) must return a result ({ content: [...] }) or a string: the tool declares no output schema`,
    { mock: "output" },
  );
}

function checkOutput(schema: Validator, result: CallToolResult, quoted: string, member: string) {
  const parsed = schema.safeParse(result.structuredContent);
  if (parsed.success) return;
  throw new MockRpcError(
    ErrorCode.InternalError,
    `the mock's handler for tool ${quoted} returned output that does not match the tool's output schema: ${describeIssues(parsed.error.issues)}; fix tools.${member} so the mock keeps to the server's contract`,
    { mock: "output", issues: parsed.error.issues },
  );
}
