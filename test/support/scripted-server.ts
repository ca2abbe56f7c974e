/**
 * A small in-process MCP server for client tests: a table of method handlers, answered through
 * the real in-process transport. It records every request it receives so tests can assert on the
 * exact wire messages (ids, `_meta`, params).
 */
import type {
  InProcessContext,
  InProcessHandler,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from "@mcp-codegen/runtime";

export class RpcError {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly data?: unknown,
  ) {}
}

export type MethodHandler = (
  params: Record<string, unknown>,
  context: InProcessContext & { request: JsonRpcRequest },
) => unknown;

export const DISCOVER_RESULT = {
  resultType: "complete",
  supportedVersions: ["2026-07-28"],
  capabilities: { tools: {}, prompts: {}, resources: {} },
  ttlMs: 0,
  cacheScope: "public",
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "scripted", version: "1.2.3" } },
};

export interface ScriptedServer {
  handler: InProcessHandler;
  requests: JsonRpcRequest[];
  notifications: JsonRpcNotification[];
}

/** Builds a server; `server/discover` answers `DISCOVER_RESULT` unless overridden. */
export function scriptedServer(methods: Record<string, MethodHandler>): ScriptedServer {
  const requests: JsonRpcRequest[] = [];
  const notifications: JsonRpcNotification[] = [];
  const table: Record<string, MethodHandler> = {
    "server/discover": () => DISCOVER_RESULT,
    ...methods,
  };
  const handler: InProcessHandler = async (message, context) => {
    if (!("id" in message)) {
      notifications.push(message);
      return;
    }
    requests.push(message);
    const method = table[message.method];
    if (method === undefined) {
      return {
        jsonrpc: "2.0",
        id: message.id,
        error: { code: -32601, message: "Method not found" },
      };
    }
    try {
      const result = await method(message.params ?? {}, { ...context, request: message });
      return {
        jsonrpc: "2.0",
        id: message.id,
        result: result as Record<string, unknown>,
      } satisfies JsonRpcResponse;
    } catch (error) {
      if (error instanceof RpcError) {
        const body = error.data === undefined ? {} : { data: error.data };
        return {
          jsonrpc: "2.0",
          id: message.id,
          error: { code: error.code, message: error.message, ...body },
        };
      }
      throw error;
    }
  };
  return { handler, requests, notifications };
}

/** Resolves when the signal aborts, with its reason. */
export function waitForAbort(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener("abort", () => resolve(signal.reason), { once: true });
  });
}
