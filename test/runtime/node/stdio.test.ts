import { getEventListeners } from "node:events";
import { chmod, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isMcpError, localError, type McpError } from "../../../runtime/protocol/errors.js";
import type { JsonRpcNotification, JsonRpcResponse } from "../../../runtime/protocol/jsonrpc.js";
import type { TransportDiagnostic } from "../../../runtime/transports/transport.js";
import { createStdioTransport, formatCommandLine } from "../../../runtime/node/stdio.js";
import type { StdioTransport, StdioTransportOptions } from "../../../runtime/node/stdio.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/stdio-misbehaving", import.meta.url));
const ECHO = join(FIXTURES, "echo-server.mjs");
const STUBBORN = join(FIXTURES, "stubborn-server.mjs");

interface Harness {
  transport: StdioTransport;
  diagnostics: TransportDiagnostic[];
  notifications: JsonRpcNotification[];
}

const open: StdioTransport[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "mcp-stdio-test-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((transport) => transport.close()));
});

async function start(
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
}

function call(
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

async function result(response: Promise<JsonRpcResponse>): Promise<Record<string, unknown>> {
  const answer = await response;
  if (!("result" in answer)) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
  return answer.result;
}

/** Awaits a rejection and returns it as an `McpError`. */
async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function kinds(diagnostics: readonly TransportDiagnostic[]): string[] {
  return diagnostics.filter((d) => d.kind !== "stderr").map((d) => d.kind);
}

describe("createStdioTransport: exchanging messages", () => {
  it("sends a request and resolves with its response", async () => {
    const { transport } = await start();
    const response = await call(transport, 1, "echo", { hello: "wörld" });
    expect(response).toEqual({ jsonrpc: "2.0", id: 1, result: { params: { hello: "wörld" } } });
    expect(transport.endpoint).toBe(`${process.execPath} ${ECHO}`);
    expect(transport.pid).toEqual(expect.any(Number));
  });

  it("answers 1,000 concurrent requests each to its own caller", async () => {
    const { transport, diagnostics } = await start();
    const ids = Array.from({ length: 1000 }, (_, index) => index);
    const answers = await Promise.all(
      ids.map((index) => call(transport, index % 2 === 0 ? index : `s${index}`, "echo", { index })),
    );
    answers.forEach((answer, index) => {
      expect(answer.id).toBe(index % 2 === 0 ? index : `s${index}`);
      expect(answer).toMatchObject({ result: { params: { index } } });
    });
    expect(diagnostics).toEqual([]);
  });

  it("matches responses that arrive out of order", async () => {
    const { transport } = await start();
    const held = [1, 2, 3].map((id) => result(call(transport, id, "hold")));
    expect(await result(call(transport, 4, "release"))).toEqual({ released: 3 });
    const answers = await Promise.all(held);
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect(answers[0]?.order).toEqual([3, 2, 1]);
  });

  it("decodes a response written one byte at a time, multibyte characters included", async () => {
    const { transport } = await start();
    const text = "héllo 😀 日本 €";
    expect(await result(call(transport, 1, "trickle", { text }))).toEqual({ text });
  });

  it("survives junk on stdout, reports it, and routes notifications", async () => {
    const { transport, diagnostics, notifications } = await start();
    expect(await result(call(transport, 7, "junk"))).toEqual({ ok: true });
    // The three lines that are no JSON-RPC at all are reported once, as a server logging to stdout.
    expect(kinds(diagnostics).sort()).toEqual([
      "stdout-noise",
      "unknown-response",
      "unknown-response",
      "unknown-response",
    ]);
    const details = diagnostics.map((d) => d.detail).join("\n");
    expect(details).toContain("this is not json");
    expect(details).toContain("987654");
    expect(details).toContain('"7"'); // the string id "7" is not the number 7
    expect(details).toContain("without an id");
    // The server's request was answered, not dropped: nothing here answers sampling.
    expect(await result(call(transport, 9, "answers"))).toEqual({
      answers: [
        {
          jsonrpc: "2.0",
          id: "s-1",
          error: { code: -32601, message: "the client does not answer sampling/createMessage" },
        },
      ],
    });
    expect(notifications).toEqual([
      { jsonrpc: "2.0", method: "notifications/message", params: { data: "hi" } },
    ]);
    expect(await result(call(transport, 8, "echo", { after: true }))).toEqual({
      params: { after: true },
    });
  });

  it("rejects a second request with an id already in flight", async () => {
    const { transport } = await start();
    const first = call(transport, 1, "hold");
    const error = await failure(call(transport, 1, "echo"));
    expect(error.kind).toBe("input");
    expect(error.message).toContain("already in flight");
    await call(transport, 2, "release");
    expect(await result(first)).toMatchObject({ id: 1 });
  });

  it("sends notifications", async () => {
    const { transport } = await start();
    await transport.notify({ jsonrpc: "2.0", method: "notifications/whatever", params: {} });
    expect(await result(call(transport, 1, "echo"))).toEqual({ params: {} });
  });
});

describe("formatCommandLine", () => {
  it.each([
    { command: "node", args: ["server.js"], want: "node server.js" },
    { command: "node", args: ["my server.js", ""], want: 'node "my server.js" ""' },
    { command: "/opt/my app/bin", args: ['say "hi"'], want: '"/opt/my app/bin" "say \\"hi\\""' },
  ])("$want", ({ command, args, want }) => {
    expect(formatCommandLine(command, args)).toBe(want);
  });
});

describe("createStdioTransport: process and environment", () => {
  it("merges env over process.env, runs in cwd, and keeps env values out of the endpoint", async () => {
    const { transport } = await start([ECHO], {
      env: { MCP_STDIO_TEST_SECRET: "s3cret-value" },
      cwd: scratch,
    });
    const answer = await result(call(transport, 1, "env", { name: "MCP_STDIO_TEST_SECRET" }));
    expect(answer.value).toBe("s3cret-value");
    expect(answer.path).toBe(process.env.PATH ?? null);
    expect(answer.cwd).toBe(await realpath(scratch));
    expect(transport.endpoint).not.toContain("s3cret");
  });

  it("rejects with a transport error naming a command that does not exist", async () => {
    const error = await failure(
      createStdioTransport({ command: "mcp-codegen-no-such-command", args: ["--x"] }),
    );
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("mcp-codegen-no-such-command");
    expect(error.message).toContain("ENOENT");
    expect(error.message).toContain("PATH");
  });

  it("rejects with a transport error for a file that is not executable", async () => {
    const script = join(scratch, "not-executable.sh");
    await writeFile(script, "#!/bin/sh\necho hi\n");
    await chmod(script, 0o644);
    const error = await failure(createStdioTransport({ command: script }));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("EACCES");
    expect(error.message).toContain(script);
  });

  it("names the working directory when it does not exist", async () => {
    const cwd = join(scratch, "missing-dir");
    const error = await failure(createStdioTransport({ command: process.execPath, cwd }));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain(cwd);
  });

  it("rejects invalid options before spawning", async () => {
    const error = await failure(
      createStdioTransport({ command: process.execPath, maxLineBytes: 0 }),
    );
    expect(error.kind).toBe("input");
  });
});

describe("createStdioTransport: cancellation", () => {
  it("sends notifications/cancelled, rejects with the reason, and ignores the late response", async () => {
    const { transport, diagnostics } = await start();
    const controller = new AbortController();
    const pending = call(transport, "c-1", "hang", {}, controller.signal);
    const reason = localError("cancelled", "the user gave up", { method: "hang" });
    controller.abort(reason);
    expect(await failure(pending)).toBe(reason);
    // The server answers "c-1" as soon as it sees the cancellation; that answer precedes this one.
    const answer = await result(call(transport, 2, "cancellations"));
    expect(answer.cancellations).toEqual([{ requestId: "c-1", reason: reason.message }]);
    expect(diagnostics).toEqual([]);
  });

  it("rejects at once, sending nothing, when the signal is already aborted", async () => {
    const { transport } = await start();
    const reason = localError("timeout", "too late");
    const error = await failure(call(transport, 1, "hang", {}, AbortSignal.abort(reason)));
    expect(error).toBe(reason);
    expect(await result(call(transport, 2, "cancellations"))).toEqual({ cancellations: [] });
  });

  it("wraps a reason that is not an McpError as a cancelled error", async () => {
    const { transport } = await start();
    const controller = new AbortController();
    const pending = call(transport, 1, "hang", {}, controller.signal);
    controller.abort(new Error("plain reason"));
    const error = await failure(pending);
    expect(error.kind).toBe("cancelled");
    expect(error.message).toContain("plain reason");
  });

  it("removes its abort listener once the response arrives", async () => {
    const { transport } = await start();
    const controller = new AbortController();
    const pending = call(transport, 1, "echo", {}, controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    await pending;
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    controller.abort(localError("cancelled", "after the fact"));
    expect(await result(call(transport, 2, "cancellations"))).toEqual({ cancellations: [] });
  });
});

describe("createStdioTransport: a failing server", () => {
  it("fails every pending request at once when the child dies, quoting stderr", async () => {
    const { transport, diagnostics } = await start();
    const pending = [1, 2, 3].map((id) => failure(call(transport, id, "hang")));
    pending.push(
      failure(call(transport, 4, "crash", { code: 3, stderr: "fatal: disk on fire\n" })),
    );
    const errors = await Promise.all(pending);
    expect(new Set(errors).size).toBe(1); // one failure, delivered to all at once
    for (const error of errors) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("exited with code 3");
      expect(error.message).toContain("fatal: disk on fire");
    }
    const later = await failure(call(transport, 5, "echo"));
    expect(later.kind).toBe("transport");
    expect(later.message).toContain("exited with code 3");
    await transport.close();
    expect(diagnostics.filter((d) => d.kind === "closed")).toHaveLength(1);
    expect(diagnostics.some((d) => d.kind === "stderr" && d.detail.includes("disk on fire"))).toBe(
      true,
    );
  });

  it("hands stderr to a callback and still quotes it", async () => {
    const seen: string[] = [];
    const { transport } = await start([ECHO], { stderr: (text) => seen.push(text) });
    const error = await failure(call(transport, 1, "crash", { code: 2, stderr: "ünïcode boom" }));
    expect(seen.join("")).toBe("ünïcode boom");
    expect(error.message).toContain("ünïcode boom");
  });

  it("fails pending requests when the server closes stdout, then stops the process", async () => {
    const { transport } = await start();
    const { pid } = await result(call(transport, 1, "pid"));
    expect(await result(call(transport, 2, "close-stdout"))).toEqual({ closing: true });
    const error = await failure(call(transport, 3, "hang"));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("closed its stdout");
    await transport.close();
    expect(isAlive(pid as number)).toBe(false);
  });

  it("fails pending requests when the server stops reading stdin (EPIPE)", async () => {
    const { transport } = await start();
    const { pid } = await result(call(transport, 1, "pid"));
    expect(await result(call(transport, 2, "close-stdin"))).toEqual({ closing: true });
    const error = await failure(call(transport, 3, "echo"));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("stopped reading its stdin (EPIPE)");
    await transport.close();
    expect(isAlive(pid as number)).toBe(false);
  });

  it("quotes only the last few KiB of a long stderr", async () => {
    const { transport } = await start();
    const stderr = `${"noise ".repeat(2000)}the actual cause\n`;
    const error = await failure(call(transport, 1, "crash", { code: 1, stderr }));
    expect(error.message).toContain("noise noise");
    expect(error.message).toMatch(/the actual cause$/);
    expect(error.message.length).toBeLessThan(4096 + 300);
  });

  it("fails the transport on a line over maxLineBytes, naming the cap", async () => {
    const { transport, diagnostics } = await start([ECHO], { maxLineBytes: 1024 });
    const { pid } = await result(call(transport, 1, "pid"));
    const hanging = failure(call(transport, 2, "hang"));
    const big = failure(call(transport, 3, "big", { size: 4096 }));
    for (const error of await Promise.all([hanging, big])) {
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("1024 bytes");
    }
    expect((await failure(call(transport, 4, "echo"))).kind).toBe("transport");
    await transport.close();
    expect(isAlive(pid as number)).toBe(false);
    expect(kinds(diagnostics)).toEqual(["closed"]);
  });
});

describe("createStdioTransport: close()", () => {
  it("rejects pending requests, ends stdin so the server exits, and is idempotent", async () => {
    const { transport, diagnostics } = await start();
    const { pid } = await result(call(transport, 1, "pid"));
    const pending = failure(call(transport, 2, "hang"));
    const closing = [transport.close(), transport.close()];
    const error = await pending;
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("connection closed");
    await Promise.all(closing);
    expect(isAlive(pid as number)).toBe(false);
    expect((await failure(call(transport, 3, "echo"))).message).toContain("connection closed");
    expect((await failure(transport.notify({ jsonrpc: "2.0", method: "x" }))).kind).toBe(
      "transport",
    );
    await transport.close();
    expect(kinds(diagnostics)).toEqual(["closed"]);
  });

  it("sends SIGTERM to a server that ignores the end of stdin", async () => {
    const marker = join(scratch, "term-exit.txt");
    const { transport } = await start([STUBBORN, marker, "exit"], { shutdownTimeoutMs: 100 });
    const { pid } = await result(call(transport, 1, "pid"));
    await transport.close();
    expect(await readFile(marker, "utf8")).toBe("SIGTERM: exiting");
    expect(isAlive(pid as number)).toBe(false);
  });

  it("sends SIGKILL to a server that also ignores SIGTERM", async () => {
    const marker = join(scratch, "term-ignored.txt");
    const { transport } = await start([STUBBORN, marker, "ignore"], { shutdownTimeoutMs: 100 });
    const { pid } = await result(call(transport, 1, "pid"));
    await transport.close();
    expect(await readFile(marker, "utf8")).toBe("SIGTERM: ignored");
    expect(isAlive(pid as number)).toBe(false);
  });
});
