/**
 * `tools/call` as `McpClient.callTool` runs it: the `Mcp-Param-*` headers and the HeaderMismatch
 * recovery on every round, the input rounds, tasks in either era, and the result checks.
 */
import type { InputGlue } from "./client-input.js";
import type { ListOptions } from "../session/index.js";
import type { ContractPin } from "./contract-pin.js";
import { isMcpError, type ErrorContext } from "../protocol/index.js";
import { acceptsTaskCalls, planLegacyCall, type LegacyCallPlan } from "../tasks/index.js";
import type { LegacyTaskClient } from "../tasks/index.js";
import { ErrorCode } from "../protocol/index.js";
import type { RequestOptions } from "../protocol/index.js";
import { checkToolResult } from "./result-shape.js";
import { firstRoundParams } from "../input/index.js";
import type { SessionPort } from "../session/index.js";
import { TaskClient } from "../tasks/index.js";
import {
  checkTask,
  declaresTasks,
  withTasksExtension,
  type CallToolOptions,
} from "../tasks/index.js";
import { paramHeadersFor } from "./tool-headers.js";
import { withCapabilityAdvice } from "./missing-capability.js";
import type { ClientCapabilities, Result, ServerCapabilities, Tool } from "../protocol/index.js";

/** What a tool call needs from the client that makes it. */
export interface ToolCallHost {
  readonly session: SessionPort;
  readonly input: InputGlue;
  readonly tasks: TaskClient;
  readonly legacyTasks: LegacyTaskClient;
  serverCapabilities(): ServerCapabilities | undefined;
  /** The tool's definition from the last full `listTools()`, if any. */
  knownTool(name: string): Tool | undefined;
  listTools(options?: ListOptions): Promise<Tool[]>;
  /** The pinned contract (`ConnectOptions.pin`); absent for a client that is not pinned. */
  readonly pin?: ContractPin | undefined;
}

/**
 * See `McpClient.callTool`. A -32021 (the server requires a client capability the call did not
 * declare) is rethrown naming the handler to pass.
 */
export async function callTool(
  host: ToolCallHost,
  name: string,
  args: Record<string, unknown> | undefined,
  options: CallToolOptions | undefined,
  definition: Tool | undefined,
): Promise<Result> {
  try {
    return await callToolRounds(host, name, args, options, definition);
  } catch (error) {
    throw withCapabilityAdvice(error);
  }
}

async function callToolRounds(
  host: ToolCallHost,
  name: string,
  args: Record<string, unknown> | undefined,
  options: CallToolOptions | undefined,
  definition: Tool | undefined,
): Promise<Result> {
  const context = { method: "tools/call", target: name };
  const params = args === undefined ? { name } : { name, arguments: args };
  let tool = definition ?? host.knownTool(name);
  const legacy =
    host.session.era === "legacy" ? await legacyPlan(host, name, tool, options) : undefined;
  if (legacy !== undefined) tool = legacy.tool;
  // Declared for the whole connection at `connect()`, every call must be ready for a task:
  // without a `task` option it is awaited, so the call still returns the tool's result.
  const mode = options?.task ?? (declaresTasks(host.input.input.declared) ? "await" : undefined);
  // The initialize era has no extension: a task is asked for with `params.task` instead.
  const tasks = legacy === undefined && mode !== undefined;
  const own = host.input.callCapabilities(options);
  const capabilities = tasks ? withTasksExtension(own ?? host.input.sessionCapabilities()) : own;
  // Every round goes through here: the same `Mcp-Param-*` headers (the arguments do not change)
  // and the same HeaderMismatch recovery.
  const send = async (roundParams: Record<string, unknown>): Promise<Result> => {
    try {
      return await sendToolCall(
        host.session,
        roundParams,
        options,
        context,
        tool,
        capabilities,
        tasks,
      );
    } catch (error) {
      // The server's `x-mcp-header` annotations changed since the definition we hold was made:
      // the spec's recovery is to list the tools again and retry with the headers they ask for.
      const refreshed = isHeaderMismatch(error) ? await refreshedTool(host, name, tool) : undefined;
      if (refreshed === undefined) throw error;
      tool = refreshed;
      return sendToolCall(host.session, roundParams, options, context, tool, capabilities, tasks);
    }
  };
  const sent = legacy?.plan.augment === true ? { ...params, task: {} } : params;
  let result = await send(firstRoundParams(sent, options));
  if (legacy !== undefined) {
    result = await host.legacyTasks.settle(result, legacy.plan, options, context);
    if (result.resultType === "task") return result;
  }
  if (result.resultType === "input_required") {
    result = await host.input.continueRounds(result, context, params, send, options);
    if (result.resultType === "input_required") return result;
  }
  if (result.resultType === "task") {
    const task = checkTask(result, context, true);
    if (mode === "return") return result;
    result = await host.tasks.wait(task.taskId, TaskClient.awaitOptions(options), context, task);
  }
  // Some servers leave out an empty content list; anything else malformed is a protocol error.
  if (result.content === undefined) result.content = [];
  checkToolResult(result, context);
  return result;
}

/**
 * How a legacy call goes (see `planLegacyCall`). A task asked of a server that accepts them
 * needs the tool's `execution.taskSupport`: when the definition is unknown, the tools are
 * listed once to find it, since sending a task to a tool that forbids one is an error.
 */
async function legacyPlan(
  host: ToolCallHost,
  name: string,
  known: Tool | undefined,
  options: CallToolOptions | undefined,
): Promise<{ plan: LegacyCallPlan; tool: Tool | undefined }> {
  const capabilities = host.serverCapabilities();
  let tool = known;
  if (tool === undefined && options?.task !== undefined && acceptsTaskCalls(capabilities)) {
    await host.listTools(options.signal === undefined ? undefined : { signal: options.signal });
    tool = host.knownTool(name);
  }
  return { plan: planLegacyCall(capabilities, tool, options?.task), tool };
}

function sendToolCall(
  session: SessionPort,
  params: Record<string, unknown> & { arguments?: Record<string, unknown> },
  options: RequestOptions | undefined,
  context: ErrorContext,
  tool: Tool | undefined,
  capabilities: ClientCapabilities | undefined,
  allowTask: boolean,
): Promise<Result> {
  const headers = tool === undefined ? undefined : paramHeadersFor(tool, params.arguments, context);
  // A tool the server marks read-only or idempotent may be sent again if its stream breaks.
  const hints = tool?.annotations;
  const idempotent = hints?.readOnlyHint === true || hints?.idempotentHint === true;
  return session.request("tools/call", params, options, context, {
    allowInputRequired: true,
    allowTask,
    idempotent,
    ...(headers === undefined ? {} : { headers }),
    ...(capabilities === undefined ? {} : { capabilities }),
  });
}

/** The tool's current definition, when listing again finds one that differs from `stale`. */
async function refreshedTool(
  host: ToolCallHost,
  name: string,
  stale: Tool | undefined,
): Promise<Tool | undefined> {
  if (host.session.transport.carriesHeaders !== true) return undefined;
  await host.listTools();
  const fresh = host.knownTool(name);
  const same = JSON.stringify(fresh?.inputSchema) === JSON.stringify(stale?.inputSchema);
  return fresh === undefined || same ? undefined : fresh;
}

function isHeaderMismatch(error: unknown): boolean {
  return isMcpError(error) && error.code === ErrorCode.HeaderMismatch;
}
