import { getEventListeners } from "node:events";
import { chmod, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localError } from "../../../runtime/protocol/errors.js";
import { createStdioTransport, formatCommandLine } from "../../../runtime/node/stdio.js";
import { call, ECHO, failure, kinds, result, useStdioHarness } from "./stdio-harness.js";

const harness = useStdioHarness();
const start = harness.start.bind(harness);

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
      cwd: harness.scratch,
    });
    const answer = await result(call(transport, 1, "env", { name: "MCP_STDIO_TEST_SECRET" }));
    expect(answer.value).toBe("s3cret-value");
    expect(answer.path).toBe(process.env.PATH ?? null);
    expect(answer.cwd).toBe(await realpath(harness.scratch));
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
    const script = join(harness.scratch, "not-executable.sh");
    await writeFile(script, "#!/bin/sh\necho hi\n");
    await chmod(script, 0o644);
    const error = await failure(createStdioTransport({ command: script }));
    expect(error.kind).toBe("transport");
    expect(error.message).toContain("EACCES");
    expect(error.message).toContain(script);
  });

  it("names the working directory when it does not exist", async () => {
    const cwd = join(harness.scratch, "missing-dir");
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
