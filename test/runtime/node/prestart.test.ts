/**
 * A stdio server started ahead of its connection (`prestartStdioServer`), against real
 * processes: the transport takes the very process, with the request it was started for; what it
 * wrote or how it died before then reaches the transport as without prestarting; spawn failures
 * surface at connect with today's message; a handle is taken once, and one never taken leaves no
 * process behind.
 */
import { chmod, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../../runtime/client/connect.js";
import type { McpClient } from "../../../runtime/client/client.js";
import "../../../runtime/node/index.js";
import { isMcpError, type McpError } from "../../../runtime/protocol/errors.js";
import type { JsonRpcNotification, JsonRpcResponse } from "../../../runtime/protocol/jsonrpc.js";
import type { TransportDiagnostic } from "../../../runtime/transports/transport.js";
import { prestartStdioServer } from "../../../runtime/node/prestart.js";
import type { PrestartedStdioServer, PrestartOptions } from "../../../runtime/node/prestart.js";
import { createStdioTransport } from "../../../runtime/node/stdio.js";
import type { StdioTransport } from "../../../runtime/node/stdio.js";
import { runNode, TSX_LOADER } from "../../support/cli-child.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/stdio-misbehaving", import.meta.url));
const ECHO = join(FIXTURES, "echo-server.mjs");
const LEGACY = join(FIXTURES, "legacy-server.mjs");
const PRESTART_MODULE = pathToFileURL(
  fileURLToPath(new URL("../../../runtime/node/prestart.ts", import.meta.url)),
).href;

let scratch: string;
const handles: PrestartedStdioServer[] = [];
const transports: StdioTransport[] = [];
const clients: McpClient[] = [];

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "mcp-prestart-test-")));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.dispose()));
});

function prestart(options: PrestartOptions): PrestartedStdioServer {
  const handle = prestartStdioServer(options);
  handles.push(handle);
  return handle;
}

async function transportOf(
  options: Parameters<typeof createStdioTransport>[0],
): Promise<StdioTransport> {
  const transport = await createStdioTransport(options);
  transports.push(transport);
  return transport;
}

function call(transport: StdioTransport, id: number, method: string, params = {}) {
  return transport.request(
    { jsonrpc: "2.0", id, method, params },
    { signal: new AbortController().signal, onNotification: () => {} },
  );
}

async function result(response: Promise<JsonRpcResponse>): Promise<Record<string, unknown>> {
  const answer = await response;
  if (!("result" in answer)) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
  return answer.result;
}

async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `pid` is gone (reaped); fails the test after 10 s. */
async function gone(pid: number): Promise<void> {
  for (let waited = 0; alive(pid); waited += 20) {
    if (waited > 10_000) throw new Error(`process ${pid} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("prestartStdioServer: the transport takes the process it started", () => {
  it("uses the very process, with its env and cwd, once", async () => {
    const request = {
      command: process.execPath,
      args: [ECHO],
      env: { MCP_PRESTART_SECRET: "s3cret-value" },
      inheritEnv: (name: string) => name !== "MCP_PRESTART_HIDDEN",
      cwd: scratch,
    };
    process.env.MCP_PRESTART_HIDDEN = "hidden";
    try {
      const handle = prestart(request);
      expect(handle.pid).toBeTypeOf("number");
      // Another function with the same effect: the same request.
      const transport = await transportOf({
        ...request,
        inheritEnv: (name) => name !== "MCP_PRESTART_HIDDEN",
        stderr: "pipe",
        prestarted: handle,
      });
      expect(handle.taken).toBe(true);
      expect(transport.pid).toBe(handle.pid);
      expect(await result(call(transport, 1, "pid"))).toEqual({ pid: handle.pid });
      const env = await result(call(transport, 2, "env", { name: "MCP_PRESTART_SECRET" }));
      expect(env.value).toBe("s3cret-value");
      expect(env.cwd).toBe(scratch);
      const hidden = await result(call(transport, 3, "env", { name: "MCP_PRESTART_HIDDEN" }));
      expect(hidden.value).toBeNull();
      // Taken once: a second transport is refused, and names no env value.
      const again = await failure(createStdioTransport({ ...request, prestarted: handle }));
      expect(again.kind).toBe("input");
      expect(again.message).toContain("already taken");
      expect(again.message).not.toContain("s3cret");
    } finally {
      delete process.env.MCP_PRESTART_HIDDEN;
    }
  });

  // [what differs, the connection's request, the phrase]
  const MISMATCHES: readonly [string, Partial<PrestartOptions>, string][] = [
    ["the command", { command: "node-elsewhere" }, "another command line"],
    ["an argument", { args: [ECHO, "--extra"] }, "another command line"],
    ["the argument count", { args: [] }, "another command line"],
    ["cwd", { cwd: tmpdir() }, "another working directory"],
    ["an env value", { env: { MCP_PRESTART_SECRET: "other-value" } }, "another environment"],
    ["an env name", { env: { MCP_PRESTART_OTHER: "s3cret-value" } }, "another environment"],
    ["inheritEnv", { inheritEnv: (name) => name !== "PATH" }, "another environment"],
  ];
  it.each(MISMATCHES)(
    "refuses a handle started with another %s, quoting no env value, and it stays usable",
    async (_what, change, phrase) => {
      const request: PrestartOptions = {
        command: process.execPath,
        args: [ECHO],
        env: { MCP_PRESTART_SECRET: "s3cret-value" },
        cwd: scratch,
      };
      const handle = prestart(request);
      const error = await failure(
        createStdioTransport({ ...request, ...change, prestarted: handle }),
      );
      expect(error.kind).toBe("input");
      expect(error.message).toContain(phrase);
      expect(error.message).not.toContain("s3cret-value");
      expect(error.message).not.toContain("other-value");
      const transport = await transportOf({ ...request, prestarted: handle });
      expect(await result(call(transport, 1, "pid"))).toEqual({ pid: handle.pid });
    },
  );

  it("refuses an object that is not a handle", async () => {
    const fake = { pid: 1, dispose: () => Promise.resolve() };
    const error = await failure(createStdioTransport({ command: "node", prestarted: fake }));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("prestartStdioServer");
  });
});

describe("prestartStdioServer: before the transport takes the process", () => {
  it("keeps what the server wrote and reports its exit as without prestarting", async () => {
    const script = [
      `process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/early", params: {} }) + "\\n");`,
      `process.stderr.write("boot failed: no config\\n", () => process.exit(3));`,
    ].join("\n");
    const request = { command: process.execPath, args: ["-e", script] };
    const handle = prestart(request);
    await gone(handle.pid!);
    const diagnostics: TransportDiagnostic[] = [];
    const notifications: JsonRpcNotification[] = [];
    const transport = await transportOf({ ...request, stderr: "pipe", prestarted: handle });
    transport.onDiagnostic = (diagnostic) => diagnostics.push(diagnostic);
    transport.onNotification = (notification) => notifications.push(notification);
    const error = await failure(call(transport, 1, "pid"));
    // The same server without prestarting, for the message to compare with.
    const plain = await transportOf({ ...request, stderr: "pipe" });
    const plainError = await failure(call(plain, 1, "pid"));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("exited with code 3");
    expect(error.message).toContain("boot failed: no config");
    expect(error.message).toBe(plainError.message);
    expect(notifications.map((n) => n.method)).toEqual(["notifications/early"]);
    expect(diagnostics.map((d) => d.kind)).toContain("stderr");
    expect(diagnostics.filter((d) => d.kind === "closed")).toHaveLength(1);
  });

  it("dispose() stops a process never taken, and a disposed handle is refused", async () => {
    const request = { command: process.execPath, args: [ECHO] };
    const handle = prestart(request);
    await handle.dispose();
    expect(alive(handle.pid!)).toBe(false);
    await handle.dispose();
    const error = await failure(createStdioTransport({ ...request, prestarted: handle }));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("disposed");
  });

  it("leaves no process behind when the program ends without taking or disposing it", async () => {
    // A server that ignores the end of its stdin: only a signal stops it.
    const server = join(scratch, "lingering-server.mjs");
    await writeFile(server, "process.stdin.resume();\nsetInterval(() => {}, 1000);\n");
    const program = join(scratch, "forgets-handle.mjs");
    await writeFile(
      program,
      `import { prestartStdioServer } from ${JSON.stringify(PRESTART_MODULE)};\n` +
        `const handle = prestartStdioServer({ command: process.execPath, args: [${JSON.stringify(server)}] });\n` +
        `console.log(handle.pid);\n`,
    );
    // The program must end by itself: an unused server does not keep it alive.
    const run = await runNode(["--import", TSX_LOADER, program], scratch, { killAfterMs: 20_000 });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await gone(pid);
  });
});

describe("prestartStdioServer: spawn failures", () => {
  // [what, the request]: each fails at the transport with the message it fails with today.
  const FAILURES: readonly [string, () => Promise<PrestartOptions>][] = [
    ["a command not on PATH (ENOENT)", async () => ({ command: "mcp-codegen-no-such-command" })],
    [
      "a file that is not executable (EACCES)",
      async () => {
        const script = join(scratch, "not-executable.sh");
        await writeFile(script, "#!/bin/sh\necho hi\n");
        await chmod(script, 0o644);
        return { command: script };
      },
    ],
    [
      "a missing working directory",
      async () => ({ command: process.execPath, cwd: join(scratch, "missing-dir") }),
    ],
    ["a NUL byte in an argument", async () => ({ command: process.execPath, args: ["a\0b"] })],
  ];
  it.each(FAILURES)(
    "%s: nothing is thrown at prestart, connect reports it as today",
    async (_what, make) => {
      const request = await make();
      const handle = prestart(request);
      // Long enough for the spawn's error event to have fired: it must not be unhandled.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const error = await failure(createStdioTransport({ ...request, prestarted: handle }));
      const today = await failure(createStdioTransport(request));
      expect(error.kind).toBe(today.kind);
      expect(error.message).toBe(today.message);
    },
  );
});

describe("connect() with a prestarted server", () => {
  it("takes it for its first transport, and a restart or a probe's restart spawns anew", async () => {
    // "exits": the server dies on the probe, so connect() must start it again to initialize.
    const target = {
      command: process.execPath,
      args: [LEGACY, "exits"],
      stderr: "ignore" as const,
    };
    const handle = prestart(target);
    const client = await connect({ ...target, prestarted: handle }, { probeTimeout: 20_000 });
    clients.push(client);
    expect(handle.taken).toBe(true);
    expect(client.era).toBe("legacy");
    // A second connection with the same handle is refused before anything starts.
    const again = await failure(connect({ ...target, prestarted: handle }));
    expect(again.kind).toBe("input");
    expect(again.message).toContain("already taken");
    // The running server dies: the client starts it again, without the handle.
    const polite = {
      command: process.execPath,
      args: [LEGACY, "polite"],
      stderr: "ignore" as const,
    };
    const first = prestart(polite);
    const restarted = await connect({ ...polite, prestarted: first }, { probeTimeout: 20_000 });
    clients.push(restarted);
    const reconnecting = new Promise<void>((resolve) =>
      restarted.onStatus((status) => {
        if (status.state === "ready" && status.restarts > 0) resolve();
      }),
    );
    process.kill(first.pid!, "SIGKILL");
    await reconnecting;
    expect(restarted.status.restarts).toBe(1);
    expect(await restarted.callTool("messages", {})).toBeDefined();
  });
});
