/**
 * Captures a child's stderr: forwards the text as it arrives and keeps its last few KiB, so an
 * error about a crashed server can quote what the server said before dying.
 */
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import { hiddenCharacters } from "../basics/index.js";

/** How much of the end of stderr is kept for error messages, in UTF-16 code units. */
export const STDERR_TAIL_LENGTH = 4096;

export interface StderrTail {
  /** The last `STDERR_TAIL_LENGTH` characters seen, trimmed; "" when the child wrote nothing. */
  text(): string;
  /**
   * The first line that names a cause (`Error: …`, `Cannot find module …`; see `CAUSE_LINE`),
   * however much stderr followed it; undefined when there was none. A crash often prints the
   * cause first and a stack trace or a logger's noise after it, past the tail's reach.
   */
  cause(): string | undefined;
  /** True once the stream has ended or failed, so no more text will arrive. */
  readonly closed: boolean;
}

/**
 * Reads `stream` as UTF-8 (a character split across chunks is decoded whole), keeps its tail and
 * hands each decoded piece to `forward` (if given). `onClose` runs once when the stream ends,
 * errors or is destroyed. Read errors are not reported: stderr is only ever informational.
 */
export function captureStderr(
  stream: Readable,
  forward: ((text: string) => void) | undefined,
  onClose: () => void,
): StderrTail {
  const decoder = new StringDecoder("utf8");
  let tail = "";
  let closed = false;
  let cause: string | undefined;
  // The unfinished last line, bounded: only the start of a line is looked at for a cause.
  let line = "";
  const scan = (text: string): void => {
    if (cause !== undefined) return;
    const lines = (line + text).split("\n");
    line = lines.pop()!.slice(0, MAX_CAUSE_LENGTH);
    cause = lines.map((each) => each.slice(0, MAX_CAUSE_LENGTH)).find(isCauseLine);
  };
  const add = (text: string): void => {
    if (text.length === 0) return;
    scan(text);
    // Bounded: the tail never exceeds the limit plus one chunk, so this stays linear overall.
    tail = tail.length + text.length > STDERR_TAIL_LENGTH ? trimTail(tail + text) : tail + text;
    forward?.(text);
  };
  const close = (): void => {
    if (closed) return;
    add(decoder.end());
    if (cause === undefined && isCauseLine(line)) cause = line;
    closed = true;
    onClose();
  };
  stream.on("data", (chunk: Buffer) => add(decoder.write(chunk)));
  stream.on("end", close);
  stream.on("close", close);
  stream.on("error", close);
  return {
    text: () => tail.trim(),
    cause: () => cause?.trim(),
    get closed() {
      return closed;
    },
  };
}

/** Most characters of a cause line kept. */
const MAX_CAUSE_LENGTH = 500;

/**
 * A line that names why a process failed, as Node, Python, Go and Rust print it: an error class
 * at the start (`Error: …`, `TypeError: …`, `ModuleNotFoundError: …`), `Cannot find module`,
 * `panic:`, `fatal:`/`FATAL`. The first one is kept.
 */
export const CAUSE_LINE =
  /^\s*(?:(?:Uncaught\s+)?[A-Z]?\w*(?:Error|Exception)\b(?:\s*\[[\w-]+\])?:|Cannot find module\b|panic:|fatal(?: error)?:|FATAL\b)/i;

function isCauseLine(line: string): boolean {
  return CAUSE_LINE.test(line);
}

/** The last `STDERR_TAIL_LENGTH` code units, without a dangling low surrogate at the start. */
function trimTail(text: string): string {
  let tail = text.slice(-STDERR_TAIL_LENGTH);
  const first = tail.charCodeAt(0);
  if (first >= 0xdc00 && first <= 0xdfff) tail = tail.slice(1);
  return tail;
}

/** How many of stderr's last lines an error quotes, and how many characters at most. */
export const QUOTED_STDERR_LINES = 8;
export const QUOTED_STDERR_LENGTH = 1000;

// Colour and cursor sequences (CSI and OSC): dropped whole, not shown as escapes, since servers
// colour their logs and the text is what matters.
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const ESCAPE_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;

/**
 * The last lines of a stderr tail, fit to quote in an error message: escape sequences and
 * characters that would hide or reorder text dropped, a line redrawn with `\r` (a progress bar)
 * kept as last drawn, blank lines left out, at most `QUOTED_STDERR_LINES` lines and
 * `QUOTED_STDERR_LENGTH` characters (cut at the start, where "…" says so). "" when nothing is left.
 * `cause` (`StderrTail.cause`), when the last lines do not hold it, leads the quote followed by
 * "…" and the last lines but one.
 */
export function quoteStderr(tail: string, cause?: string): string {
  const all = cleanLines(tail);
  const [named] = cause === undefined ? [] : cleanLines(cause);
  const last = all.slice(-QUOTED_STDERR_LINES);
  // The cause line leads, with "…" for what lay between, when the last lines do not hold it.
  if (named !== undefined && !last.includes(named)) {
    const rest = cutStart(last.slice(1).join("\n"), QUOTED_STDERR_LENGTH - named.length - 3);
    return `${named}\n…\n${rest}`;
  }
  return cutStart(last.join("\n"), QUOTED_STDERR_LENGTH);
}

/** Lines fit to quote: escapes and hidden characters dropped, `\r` redraws resolved, no blanks. */
function cleanLines(text: string): string[] {
  const hidden = hiddenCharacters();
  return text
    .replace(ESCAPE_SEQUENCE, "")
    .split("\n")
    .map((line) =>
      (line.split("\r").findLast((part) => part.trim() !== "") ?? "").replace(hidden, "").trimEnd(),
    )
    .filter((line) => line.trim() !== "");
}

/** `text`'s last `limit` characters, "…" first when cut, never a dangling low surrogate. */
function cutStart(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = text.slice(-(Math.max(1, limit) - 1));
  const first = cut.charCodeAt(0);
  if (first >= 0xdc00 && first <= 0xdfff) cut = cut.slice(1);
  return `…${cut}`;
}
