/**
 * The stdio transport tests' harness (stdio.test.ts, stdio-failures.test.ts): servers from
 * fixtures/stdio-misbehaving started with the transport, a scratch folder, and every transport a
 * test opened closed after it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll } from "vitest";
import { isMcpError, type McpError } from "../../../runtime/protocol/errors.js";
import type { JsonRpcNotification, JsonRpcResponse } from "../../../runtime/protocol/jsonrpc.js";
import type { TransportDiagnostic } from "../../../runtime/transports/transport.js";
import { createStdioTransport } from "../../../runtime/node/stdio.js";
import type { StdioTransport, StdioTransportOptions } from "../../../runtime/node/stdio.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/stdio-misbehaving", import.meta.url));
export const ECHO = join(FIXTURES, "echo-server.mjs");
export const STUBBORN = join(FIXTURES, "stubborn-server.mjs");

export interface Harness {
  transport: StdioTransport;
  diagnostics: TransportDiagnostic[];
  notifications: JsonRpcNotification[];
}

/** Registers the file's hooks; `start` opens a transport, `scratch` is a folder of its own. */
export function useStdioHarness() {
  const open: StdioTransport[] = [];
  let scratch = "";
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "mcp-stdio-test-"));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((transport) => transport.close()));
  });
  return {
    get scratch(): string {
      return scratch;
    },
    async start(
      args: string[] = [ECHO],
      options: Partial<StdioTransportOptions> = {},
    ): Promise<Harness> {
      const transport = await createStdioTransport({
        command: process.execPath,
        args,
        stderr: "pipe",
        ...options,
      });
      open.push(transport);
      const diagnostics: TransportDiagnostic[] = [];
      const notifications: JsonRpcNotification[] = [];
      transport.onDiagnostic = (diagnostic) => diagnostics.push(diagnostic);
      transport.onNotification = (notification) => notifications.push(notification);
      return { transport, diagnostics, notifications };
    },
  };
}

export function call(
  transport: StdioTransport,
  id: string | number,
  method: string,
  params: Record<string, unknown> = {},
  signal: AbortSignal = new AbortController().signal,
): Promise<JsonRpcResponse> {
  return transport.request(
    { jsonrpc: "2.0", id, method, params },
    { signal, onNotification: () => {} },
  );
}

export async function result(response: Promise<JsonRpcResponse>): Promise<Record<string, unknown>> {
  const answer = await response;
  if (!("result" in answer)) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
  return answer.result;
}

/** Awaits a rejection and returns it as an `McpError`. */
export async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function kinds(diagnostics: readonly TransportDiagnostic[]): string[] {
  return diagnostics.filter((d) => d.kind !== "stderr").map((d) => d.kind);
}
