/**
 * A stdio server that dies mid-call: its error quotes the last lines of its stderr, whatever the
 * `stderr` option (the default passes stderr on to this process and still keeps the tail).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError, type McpError } from "../../../runtime/protocol/errors.js";
import { hiddenCharacters } from "../../../runtime/basics/hidden-characters.js";
import { createStdioTransport } from "../../../runtime/node/stdio.js";
import type { StdioTransport, StdioTransportOptions } from "../../../runtime/node/stdio.js";
import {
  QUOTED_STDERR_LENGTH,
  QUOTED_STDERR_LINES,
  quoteStderr,
} from "../../../runtime/node/stderr-tail.js";
import { TSX_LOADER } from "../../support/cli-child.js";

const ECHO = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/echo-server.mjs", import.meta.url),
);
const STDIO_MODULE = fileURLToPath(new URL("../../../runtime/node/stdio.ts", import.meta.url));

const open: StdioTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((transport) => transport.close()));
});

async function start(options: Partial<StdioTransportOptions> = {}): Promise<StdioTransport> {
  const transport = await createStdioTransport({
    command: process.execPath,
    args: [ECHO],
    ...options,
  });
  open.push(transport);
  return transport;
}

function call(transport: StdioTransport, id: number, method: string, params = {}) {
  const message = { jsonrpc: "2.0" as const, id, method, params };
  return transport.request(message, {
    signal: new AbortController().signal,
    onNotification: () => {},
  });
}

async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

const CRASH_LOG = [
  "\u001b[32mstarting\u001b[0m",
  "loading config",
  "",
  "\u001b[31mError: missing DATABASE_URL\u001b[0m",
  "    at main (server.js:3:9)",
  "",
].join("\n");

describe("a stdio server that dies mid-call", () => {
  it.each([
    ["pipe", { stderr: "pipe" as const }],
    ["ignore", { stderr: "ignore" as const }],
  ])("quotes the last lines of its stderr, cleaned, with stderr set to %s", async (_, options) => {
    const transport = await start(options);
    const hanging = failure(call(transport, 1, "hang"));
    const crash = failure(call(transport, 2, "crash", { code: 1, stderr: CRASH_LOG }));
    for (const error of await Promise.all([hanging, crash])) {
      expect(error.kind).toBe("transport");
      expect(error.message).toBe(
        `the MCP server ${JSON.stringify(transport.endpoint)} exited with code 1; its stderr ended with:\n` +
          "starting\nloading config\nError: missing DATABASE_URL\n    at main (server.js:3:9)",
      );
      expect(error.data).toEqual({ stderr: CRASH_LOG.trim() });
    }
  });

  it("passes stderr on to this process by default, as it comes, and still quotes it", () => {
    // A parent process of its own, so its stderr can be read: it runs the echo server with the
    // default option, lets it write to stderr and crash, and prints the error it got.
    const parent = `
      const { createStdioTransport } = await import(${JSON.stringify(STDIO_MODULE)});
      const transport = await createStdioTransport({ command: process.execPath, args: [${JSON.stringify(ECHO)}] });
      const message = { jsonrpc: "2.0", id: 1, method: "crash", params: { code: 4, stderr: "server says hi\\n" } };
      const error = await transport.request(message, { signal: new AbortController().signal, onNotification() {} }).catch((e) => e);
      process.stdout.write(error.message);
    `;
    const run = spawnSync(
      process.execPath,
      ["--import", TSX_LOADER, "--input-type=module", "-e", parent],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(run.stderr).toBe("server says hi\n");
    expect(run.stdout).toMatch(/exited with code 4; its stderr ended with:\nserver says hi$/);
  });
});

describe("quoteStderr", () => {
  it("keeps the last line as last drawn when a line is redrawn with \\r", () => {
    expect(quoteStderr("progress 10%\rprogress 90%\rfailed: out of memory\r\n")).toBe(
      "failed: out of memory",
    );
  });

  it("cuts a long tail at the start and keeps the end", () => {
    const quoted = quoteStderr(`${"noise ".repeat(500)}the actual cause`);
    expect(quoted.startsWith("…")).toBe(true);
    expect(quoted.endsWith("the actual cause")).toBe(true);
    expect(quoted).toHaveLength(QUOTED_STDERR_LENGTH);
  });

  it("never quotes hidden characters or escapes, too many lines or too much text (property)", () => {
    const piece = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("\n", "\r\n", "\r", "\u001b[31m", "\u001b]0;title\u0007", "\u202e", "\t"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), (pieces) => {
        const quoted = quoteStderr(pieces.join(""));
        expect(quoted.length).toBeLessThanOrEqual(QUOTED_STDERR_LENGTH);
        expect(quoted.split("\n").length).toBeLessThanOrEqual(QUOTED_STDERR_LINES);
        expect(quoted).not.toMatch(hiddenCharacters());
        expect(quoted).not.toContain("\r");
        expect(quoted.split("\n").every((line) => line.trim() !== "" || quoted === "")).toBe(true);
      }),
    );
  });

  it("keeps the last plain line of any tail whole (property)", () => {
    const plain = fc.stringMatching(/^[a-zA-Z0-9 .:]{1,50}$/).filter((line) => line.trim() !== "");
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 })), plain, (before, last) => {
        expect(quoteStderr([...before, last].join("\n")).endsWith(last.trimEnd())).toBe(true);
      }),
    );
  });
});
