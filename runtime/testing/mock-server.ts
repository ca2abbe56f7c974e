/**
 * A mock MCP server for unit tests of code that calls a generated client: built from the
 * generated bindings and the test's handlers, it answers the 2026-07-28 requests the client sends
 * (`server/discover`, the lists, `tools/call`, `prompts/get`, `resources/read`) over the
 * in-process transport, checks every handler's output against the tool's output schema, and
 * records every call for assertions. No process, socket or server library.
 */
import type { InProcessHandler } from "../transports/index.js";
import type { JsonRpcResponse } from "../protocol/index.js";
import { callMockTool, MockRpcError, type AnyToolHandler } from "./mock-tool.js";
import type {
  MockCall,
  MockCallContext,
  MockDefinitions,
  MockHandlers,
  MockRecording,
  MockResourceHandler,
  MockableResource,
} from "./mock-types.js";
import { ErrorCode, LATEST_PROTOCOL_VERSION, META_SERVER_INFO } from "../protocol/index.js";
import type {
  GetPromptResult,
  Implementation,
  ReadResourceResult,
  Result,
} from "../protocol/index.js";
import { RUNTIME_VERSION } from "../protocol/index.js";

/** A mock server: its in-process handler (`connect({ server: mock.handler })`) and its record. */
export interface MockServer<
  Definitions extends MockDefinitions,
> extends MockRecording<Definitions> {
  readonly handler: InProcessHandler;
}

export interface MockServerOptions {
  /** Sent as the server's `serverInfo` (default `mock`, the runtime's version). */
  serverInfo?: Implementation;
}

type PromptHandler = (args: Record<string, string>, context: MockCallContext) => unknown;

/** Builds a mock server from generated bindings (`definitions`) and the test's handlers. */
export function createMockServer<Definitions extends MockDefinitions>(
  definitions: Definitions,
  handlers: MockHandlers<Definitions> = {},
  options: MockServerOptions = {},
): MockServer<Definitions> {
  const calls: MockCall[] = [];
  const tools = Object.entries(definitions.tools ?? {});
  const prompts = Object.entries(definitions.prompts ?? {});
  const resources = Object.entries(definitions.resources ?? {});
  const toolHandlers = (handlers.tools ?? {}) as Record<string, AnyToolHandler | undefined>;
  const promptHandlers = (handlers.prompts ?? {}) as Record<string, PromptHandler | undefined>;
  const resourceHandlers = (handlers.resources ?? {}) as Record<
    string,
    MockResourceHandler | undefined
  >;
  const record = (call: object) => calls.push(call as MockCall);

  const methods: Record<string, (params: Record<string, unknown>, signal: AbortSignal) => unknown> =
    {
      "server/discover": () => ({
        supportedVersions: [LATEST_PROTOCOL_VERSION],
        capabilities: {
          ...(tools.length > 0 ? { tools: {} } : {}),
          ...(prompts.length > 0 ? { prompts: {} } : {}),
          ...(resources.length > 0 ? { resources: {} } : {}),
        },
        _meta: {
          [META_SERVER_INFO]: options.serverInfo ?? { name: "mock", version: RUNTIME_VERSION },
        },
      }),
      "tools/list": () => ({ tools: tools.map(([, tool]) => tool.definition) }),
      "prompts/list": () => ({ prompts: prompts.map(([, prompt]) => prompt.definition) }),
      "resources/list": () => ({
        resources: resources.flatMap(([, r]) =>
          templateOf(r) === undefined ? [r.definition] : [],
        ),
      }),
      "resources/templates/list": () => ({
        resourceTemplates: resources.flatMap(([, r]) =>
          templateOf(r) === undefined ? [] : [r.definition],
        ),
      }),
      "tools/call": async (params, signal) => {
        const name = String(params["name"]);
        const entry = tools.find(([, tool]) => tool.definition.name === name);
        if (entry === undefined) throw unknown("tool", name);
        const [member, tool] = entry;
        const input = (params["arguments"] ?? {}) as Record<string, unknown>;
        return recorded({ kind: "tool", tool: member, name, input }, record, () =>
          callMockTool(tool, member, toolHandlers[member], input, { name, signal }),
        );
      },
      "prompts/get": async (params, signal) => {
        const name = String(params["name"]);
        const entry = prompts.find(([, prompt]) => prompt.definition.name === name);
        if (entry === undefined) throw unknown("prompt", name);
        const [member, prompt] = entry;
        const input = (params["arguments"] ?? {}) as Record<string, string>;
        return recorded({ kind: "prompt", prompt: member, name, input }, record, async () => {
          const missing = (prompt.definition.arguments ?? []).find(
            (argument) => argument.required === true && typeof input[argument.name] !== "string",
          );
          if (missing !== undefined) {
            throw new MockRpcError(
              ErrorCode.InvalidParams,
              `prompt ${JSON.stringify(name)} needs the argument ${JSON.stringify(missing.name)}`,
            );
          }
          const handler = promptHandlers[member];
          if (handler === undefined) throw unhandled("prompt", name, `prompts.${member}`);
          return (await run(handler, input, { name, signal }, "prompt", name)) as GetPromptResult;
        });
      },
      "resources/read": async (params, signal) => {
        const uri = String(params["uri"]);
        const entry = resourceFor(resources, uri);
        if (entry === undefined) {
          throw new MockRpcError(
            ErrorCode.InvalidParams,
            `the mock serves no resource ${JSON.stringify(uri)}`,
            { uri },
          );
        }
        const [member, resource] = entry;
        return recorded({ kind: "resource", resource: member, uri }, record, async () => {
          const handler = resourceHandlers[member];
          if (handler === undefined) throw unhandled("resource", uri, `resources.${member}`);
          const context = { name: resource.definition.name, signal };
          const value = await run(handler, uri, context, "resource", uri);
          return typeof value === "string" ? textContents(uri, resource, value) : value;
        });
      },
    };

  const handler: InProcessHandler = async (message, context) => {
    // Notifications (cancellation, subscriptions) need no answer from a mock.
    if (!("id" in message)) return;
    const method = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined;
    try {
      if (method === undefined) {
        throw new MockRpcError(
          ErrorCode.MethodNotFound,
          `the mock does not serve ${message.method}`,
        );
      }
      const result = (await method(message.params ?? {}, context.signal)) as Result;
      return {
        jsonrpc: "2.0",
        id: message.id,
        result: { resultType: "complete", ...result },
      } satisfies JsonRpcResponse;
    } catch (error) {
      if (!(error instanceof MockRpcError)) throw error;
      const data = error.data === undefined ? {} : { data: error.data };
      return {
        jsonrpc: "2.0",
        id: message.id,
        error: { code: error.code, message: error.message, ...data },
      } satisfies JsonRpcResponse;
    }
  };

  return {
    handler,
    calls,
    callsTo: (tool) => calls.filter((call) => call.kind === "tool" && call.tool === tool) as never,
  };
}

/** Runs one call and records it with its result, or with the error the mock answers instead. */
async function recorded<T>(
  call: object,
  record: (call: object) => void,
  answer: () => Promise<T>,
): Promise<T> {
  try {
    // A copy, as the wire would give: the client may still change the object it receives.
    const result = await answer();
    record({ ...call, result: JSON.parse(JSON.stringify(result)) as unknown });
    return result;
  } catch (error) {
    record({ ...call, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

async function run<A>(
  handler: (value: A, context: MockCallContext) => unknown,
  value: A,
  context: MockCallContext,
  kind: string,
  name: string,
): Promise<unknown> {
  try {
    return await handler(value, context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MockRpcError(
      ErrorCode.InternalError,
      `the mock's handler for ${kind} ${JSON.stringify(name)} threw: ${message}`,
      { mock: "threw" },
    );
  }
}

function unknown(kind: string, name: string): MockRpcError {
  return new MockRpcError(
    ErrorCode.InvalidParams,
    `the mock serves no ${kind} ${JSON.stringify(name)}; it only knows the ones it was built from`,
  );
}

function unhandled(kind: string, name: string, option: string): MockRpcError {
  return new MockRpcError(
    ErrorCode.InternalError,
    `the mock has no handler for ${kind} ${JSON.stringify(name)}; pass ${option} to the mock`,
    { mock: "unhandled" },
  );
}

/**
 * The resource a URI reads: a static resource with that URI, else the template whose literal
 * start (the text before its first expression) is the longest one the URI starts with.
 */
function resourceFor(
  resources: ReadonlyArray<[string, MockableResource]>,
  uri: string,
): [string, MockableResource] | undefined {
  const exact = resources.find(
    ([, r]) => templateOf(r) === undefined && r.definition["uri"] === uri,
  );
  if (exact !== undefined) return exact;
  let best: [string, MockableResource] | undefined;
  let bestLength = -1;
  for (const entry of resources) {
    const template = templateOf(entry[1]);
    if (template === undefined) continue;
    const prefix = template.split("{", 1)[0]!;
    if (uri.startsWith(prefix) && prefix.length > bestLength) {
      best = entry;
      bestLength = prefix.length;
    }
  }
  return best;
}

/** A template's URI template; undefined for a static resource. */
function templateOf(resource: MockableResource): string | undefined {
  const template = resource.definition["uriTemplate"];
  return typeof template === "string" ? template : undefined;
}

function textContents(uri: string, resource: MockableResource, text: string): ReadResourceResult {
  const mimeType = resource.definition.mimeType;
  return { contents: [{ uri, text, ...(mimeType === undefined ? {} : { mimeType }) }] };
}
