import { describe, expect, it } from "vitest";
import { createLineSplitter } from "../../../runtime/node/line-splitter.js";

/** Feeds `chunks` through a splitter and returns what it reported. */
function split(chunks: readonly (string | Buffer)[], maxLineBytes = 1024, end = false) {
  const lines: string[] = [];
  const overflows: number[] = [];
  const splitter = createLineSplitter(maxLineBytes, {
    onLine: (line) => lines.push(line),
    onOverflow: (bytes) => overflows.push(bytes),
  });
  for (const chunk of chunks) splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  if (end) splitter.end();
  return { lines, overflows, buffered: splitter.bufferedBytes };
}

/** Every byte of `text` as its own chunk. */
function bytewise(text: string): Buffer[] {
  return [...Buffer.from(text)].map((byte) => Buffer.from([byte]));
}

describe("createLineSplitter", () => {
  it.each([
    { name: "one line", given: ["a\n"], want: ["a"] },
    { name: "several lines in one chunk", given: ["a\nb\nc\n"], want: ["a", "b", "c"] },
    { name: "a line across chunks", given: ['{"a":', "1", "}\n"], want: ['{"a":1}'] },
    { name: "CRLF", given: ["a\r\nb\r\n"], want: ["a", "b"] },
    { name: "CR and LF in different chunks", given: ["a\r", "\nb\n"], want: ["a", "b"] },
    { name: "blank lines are skipped", given: ["\n\r\na\n\n", "\n"], want: ["a"] },
    { name: "a lone CR inside a line is kept", given: ["a\rb\n"], want: ["a\rb"] },
    { name: "an unterminated tail is held", given: ["a\nb"], want: ["a"] },
  ])("$name", ({ given, want }) => {
    expect(split(given).lines).toEqual(want);
  });

  it("delivers a line split into one-byte chunks", () => {
    const line = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text: "plain ascii" } });
    expect(split(bytewise(`${line}\n${line}\n`)).lines).toEqual([line, line]);
  });

  it("decodes multibyte characters split at every byte", () => {
    const text = "é €𝄞😀 日本語";
    const { lines } = split(bytewise(`${text}\n`));
    expect(lines).toEqual([text]);
  });

  it("decodes a 4-byte character split between two chunks at each position", () => {
    const bytes = Buffer.from("a😀b\n");
    for (let cut = 1; cut < bytes.length; cut++) {
      const { lines } = split([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(lines).toEqual(["a😀b"]);
    }
  });

  it("end() delivers a final line without a newline, once", () => {
    expect(split(["a\nlast"], 1024, true).lines).toEqual(["a", "last"]);
    expect(split(["a\n"], 1024, true).lines).toEqual(["a"]);
  });

  it("accepts a line of exactly the cap, in one chunk or many", () => {
    const line = "x".repeat(16);
    expect(split([`${line}\n`], 16).lines).toEqual([line]);
    expect(split([...bytewise(line), "\n"], 16).lines).toEqual([line]);
    expect(split([`${line}\r\n`], 17).lines).toEqual([line]);
  });

  it("fails a complete line over the cap and stops", () => {
    const { lines, overflows } = split(["ok\n", `${"x".repeat(17)}\nafter\n`], 16);
    expect(lines).toEqual(["ok"]);
    expect(overflows).toEqual([17]);
  });

  it("fails a partial line as soon as it passes the cap, without holding it", () => {
    const { lines, overflows, buffered } = split(["x".repeat(10), "x".repeat(10), "more\n"], 16);
    expect(lines).toEqual([]);
    expect(overflows).toEqual([20]);
    expect(buffered).toBe(0);
  });

  it("fails a buffered line that passes the cap when its newline arrives", () => {
    const { overflows } = split(["x".repeat(10), `${"x".repeat(10)}\n`], 16);
    expect(overflows).toEqual([20]);
  });

  it("handles a long line in many chunks in linear time", () => {
    // 16 MiB in 4 KiB chunks: re-concatenating per chunk would copy ~32 GiB and blow the
    // test timeout; joining once copies 16 MiB.
    const chunk = Buffer.alloc(4096, "y");
    const chunks = Array.from({ length: 4096 }, () => chunk);
    const { lines } = split([...chunks, "\n"], 64 * 1024 * 1024);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(16 * 1024 * 1024);
  });
});
