/**
 * Reading a response body with a byte cap: whole (a JSON answer, where too big is an error) or
 * truncated (an error page, where the start is all a message needs). Works on the I/O seam's
 * chunk source, so it is the same on every platform: Uint8Array chunks, TextDecoder.
 */
import type { HttpIoBody } from "./http-io.js";

/** What a capped read got. */
export interface BodyText {
  text: string;
  /** True when the body was longer than the cap and the rest was discarded. */
  truncated: boolean;
}

/** Thrown (rejected) by `readBody` in `strict` mode when the body passes the cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the response body is larger than ${limit} bytes`);
  }
}

// One decoder for every whole-body read: without `stream`, decode() keeps no state between calls.
const decoder = new TextDecoder("utf-8");

/**
 * Reads `body` as UTF-8 text, at most `limit` bytes. Past the cap the body is discarded (which
 * may close its connection) and the read either rejects with `BodyTooLargeError` (`"strict"`)
 * or resolves with the first `limit` bytes (`"truncate"`; a UTF-8 sequence cut in half decodes
 * to U+FFFD). Rejects with the body's error when it fails or closes before its end.
 */
export function readBody(
  body: HttpIoBody,
  limit: number,
  mode: "strict" | "truncate",
): Promise<BodyText> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean): void => {
      settled = true;
      resolve({ text: decoder.decode(concat(chunks, size)), truncated });
    };
    body.read({
      onData(chunk) {
        if (settled) return;
        if (size + chunk.length > limit) {
          if (mode === "strict") {
            settled = true;
            reject(new BodyTooLargeError(limit));
          } else {
            chunks.push(chunk.subarray(0, limit - size));
            size = limit;
            finish(true);
          }
          body.discard();
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      },
      onEnd() {
        if (!settled) finish(false);
      },
      onError(error) {
        if (settled) return;
        settled = true;
        reject(error);
      },
    });
  });
}

/**
 * Reads a body we do not need (a notification's 202) to its end, so its connection can be
 * reused; past `limit` bytes it is discarded instead. Never rejects.
 */
export function drainBody(body: HttpIoBody, limit: number): Promise<void> {
  return new Promise((resolve) => {
    let size = 0;
    body.read({
      onData(chunk) {
        size += chunk.length;
        if (size <= limit) return;
        body.discard();
        resolve();
      },
      onEnd: () => resolve(),
      onError: () => resolve(),
    });
  });
}

/** The chunks as one array; no copy for the usual single chunk. */
function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}

/** The declared `Content-Length`, or undefined when absent or not a plain number. */
export function contentLength(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * The media type of a `Content-Type` value, lower-cased without parameters:
 * `Application/JSON; charset=utf-8` → `application/json`. "" when absent.
 */
export function mediaType(value: string | undefined): string {
  const text = value ?? "";
  const semicolon = text.indexOf(";");
  return (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase();
}
