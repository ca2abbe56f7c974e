/**
 * A crashed server's stderr keeps the line that names the cause: a server that prints
 * `Error: Cannot find module 'x'` early and 200 lines of noise after it is quoted with that line
 * first. A property over the cause line's position and how stderr is split into chunks, through a
 * real stream; then a real child process.
 */
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMcpError } from "../../../runtime/protocol/errors.js";
import { createStdioTransport } from "../../../runtime/node/stdio.js";
import {
  captureStderr,
  QUOTED_STDERR_LENGTH,
  QUOTED_STDERR_LINES,
  quoteStderr,
} from "../../../runtime/node/stderr-tail.js";

const ECHO = fileURLToPath(
  new URL("../../fixtures/stdio-misbehaving/echo-server.mjs", import.meta.url),
);
const CAUSE = "Error: Cannot find module 'x'";
const noise = (count: number) =>
  Array.from({ length: count }, (_, index) => `info: still loading part ${index} of the catalog`);

/** Writes `text` into a real stream in the given chunk sizes and returns what was captured. */
async function capture(text: string, cuts: readonly number[]) {
  const stream = new PassThrough();
  let closed!: () => void;
  const ended = new Promise<void>((resolve) => (closed = resolve));
  const tail = captureStderr(stream, undefined, () => closed());
  const bytes = Buffer.from(text);
  let at = 0;
  for (const cut of cuts) {
    const end = Math.min(bytes.length, at + cut);
    stream.write(bytes.subarray(at, end));
    at = end;
  }
  stream.end(bytes.subarray(at));
  await ended;
  return tail;
}

describe("the cause line of a crashed server's stderr", () => {
  it("is quoted first wherever it was printed, however stderr was chunked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 40 }),
        async (position, cuts) => {
          const lines = noise(200);
          lines.splice(position, 0, CAUSE);
          const tail = await capture(`${lines.join("\n")}\n`, cuts);
          expect(tail.cause()).toBe(CAUSE);
          const quoted = quoteStderr(tail.text(), tail.cause());
          const shown = quoted.split("\n");
          expect(shown.filter((line) => line === CAUSE)).toHaveLength(1);
          expect(quoted.length).toBeLessThanOrEqual(QUOTED_STDERR_LENGTH);
          expect(shown.length).toBeLessThanOrEqual(QUOTED_STDERR_LINES + 1);
          // The newest line is always there too.
          expect(shown.at(-1)).toBe(lines.at(-1));
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ["only noise", noise(20).join("\n"), undefined],
    [
      "a Python traceback's error",
      "Traceback (most recent call last):\n  x\nModuleNotFoundError: No module named 'y'",
      "ModuleNotFoundError: No module named 'y'",
    ],
    ["a Go panic", "starting\npanic: runtime error: nil map", "panic: runtime error: nil map"],
    [
      "an error class with a code",
      "TypeError [ERR_INVALID_ARG_TYPE]: bad",
      "TypeError [ERR_INVALID_ARG_TYPE]: bad",
    ],
    ["a word that only contains error", "no errors: all fine\nerrorless: yes", undefined],
  ])("given %s, keeps %j", async (_, text, want) => {
    expect((await capture(text, [7])).cause()).toBe(want);
  });

  it("leads the message of a real server that died after 200 lines of noise", async () => {
    const transport = await createStdioTransport({
      command: process.execPath,
      args: [ECHO],
      stderr: "pipe",
    });
    try {
      const stderr = [CAUSE, ...noise(200)].join("\n");
      const message = {
        jsonrpc: "2.0" as const,
        id: 1,
        method: "crash",
        params: { code: 1, stderr },
      };
      const error: unknown = await transport
        .request(message, { signal: new AbortController().signal, onNotification: () => {} })
        .catch((reason: unknown) => reason);
      expect(isMcpError(error) && error.kind).toBe("transport");
      const [, quoted] = (error as Error).message.split("; its stderr ended with:\n");
      expect(quoted!.split("\n").slice(0, 2)).toEqual([CAUSE, "…"]);
      expect(quoted!.split("\n").at(-1)).toBe(noise(200).at(-1));
    } finally {
      await transport.close();
    }
  });
});
