/**
 * Splits a byte stream into newline-delimited lines in linear time, for the stdio transport.
 *
 * Bytes are buffered, not text: a line is decoded only once it is complete, so a multibyte UTF-8
 * character split across chunks decodes correctly, and the newline byte (0x0A) can never occur
 * inside a multibyte sequence, so scanning bytes for it is safe.
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Receives what the splitter finds. Handlers should not throw: an exception escapes `push` and
 * the rest of that chunk is lost.
 */
export interface LineSplitterHandlers {
  /** One complete line, UTF-8 decoded, without its `\n` or `\r\n`. Never called for blank lines. */
  onLine(line: string): void;
  /**
   * A line grew past the cap. Called once with the number of bytes seen so far; the splitter then
   * drops everything it has and ignores further input, so memory stays bounded.
   */
  onOverflow(bytes: number): void;
}

export interface LineSplitter {
  /** Feeds the next chunk; it is scanned once, from where the previous chunk left off. */
  push(chunk: Buffer): void;
  /** End of input: a final line without a trailing newline is still delivered. */
  end(): void;
  /** Bytes held for the line in progress. */
  readonly bufferedBytes: number;
}

/**
 * Creates a splitter that delivers lines of at most `maxLineBytes` bytes (the cap counts the
 * line's bytes, including a trailing `\r`, not the `\n`). Work per chunk is proportional to the
 * chunk: a partial line is kept as a list of chunk views and joined once, when its newline arrives.
 */
export function createLineSplitter(
  maxLineBytes: number,
  handlers: LineSplitterHandlers,
): LineSplitter {
  return new ChunkedLineSplitter(maxLineBytes, handlers);
}

class ChunkedLineSplitter implements LineSplitter {
  // The line in progress: views into earlier chunks (no copies until the line completes).
  private parts: Buffer[] = [];
  private partBytes = 0;
  private overflowed = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly handlers: LineSplitterHandlers,
  ) {}

  get bufferedBytes(): number {
    return this.partBytes;
  }

  push(chunk: Buffer): void {
    if (this.overflowed) return;
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      if (this.partBytes === 0) {
        if (newline - start > this.maxLineBytes) return this.overflow(newline - start);
        this.emit(chunk, start, newline);
      } else if (!this.completeBuffered(chunk, start, newline)) {
        return;
      }
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    this.keep(chunk, start);
  }

  end(): void {
    if (this.overflowed || this.partBytes === 0) return;
    const line = this.join();
    this.emit(line, 0, line.length);
  }

  /** Joins the buffered parts with `chunk[start, newline)`; false when the line is over the cap. */
  private completeBuffered(chunk: Buffer, start: number, newline: number): boolean {
    const total = this.partBytes + (newline - start);
    if (total > this.maxLineBytes) {
      this.overflow(total);
      return false;
    }
    this.parts.push(chunk.subarray(start, newline));
    const line = this.join();
    this.emit(line, 0, line.length);
    return true;
  }

  /** Holds the unterminated tail of a chunk, failing as soon as it cannot fit under the cap. */
  private keep(chunk: Buffer, start: number): void {
    const rest = chunk.length - start;
    if (rest === 0) return;
    if (this.partBytes + rest > this.maxLineBytes) return this.overflow(this.partBytes + rest);
    this.parts.push(start === 0 ? chunk : chunk.subarray(start));
    this.partBytes += rest;
  }

  private join(): Buffer {
    const line = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.partBytes = 0;
    return line;
  }

  /** Decodes `bytes[start, end)` without a trailing `\r`; blank lines are skipped. */
  private emit(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === CARRIAGE_RETURN) end--;
    if (end === start) return;
    this.handlers.onLine(bytes.toString("utf8", start, end));
  }

  private overflow(bytes: number): void {
    this.overflowed = true;
    this.parts = [];
    this.partBytes = 0;
    this.handlers.onOverflow(bytes);
  }
}
