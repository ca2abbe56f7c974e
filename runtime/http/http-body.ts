/**
 * Reading an undici response body with a byte cap: whole (a JSON answer, where too big is an
 * error) or truncated (an error page, where the start is all a message needs).
 */
import type { Readable } from "node:stream";

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

/**
 * Reads `body` as UTF-8 text, at most `limit` bytes. Past the cap the body is destroyed (which
 * closes its connection) and the read either rejects with `BodyTooLargeError` (`"strict"`) or
 * resolves with the first `limit` bytes (`"truncate"`; a UTF-8 sequence cut in half decodes
 * to U+FFFD). Rejects with the stream's error when it fails, or when it closes before its end.
 */
export function readBody(
  body: Readable,
  limit: number,
  mode: "strict" | "truncate",
): Promise<BodyText> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean): void => {
      settled = true;
      const buffer = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      resolve({ text: buffer.toString("utf8"), truncated });
    };
    body.on("data", (chunk: Buffer) => {
      if (settled) return;
      if (size + chunk.length > limit) {
        settled = true;
        if (mode === "strict") reject(new BodyTooLargeError(limit));
        else {
          chunks.push(chunk.subarray(0, limit - size));
          size = limit;
          settled = false;
          finish(true);
        }
        discardBody(body);
        return;
      }
      size += chunk.length;
      chunks.push(chunk);
    });
    body.on("end", () => {
      if (!settled) finish(false);
    });
    body.on("error", (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    body.on("close", () => {
      if (!settled) {
        settled = true;
        reject(new Error("the response body closed before its end"));
      }
    });
  });
}

/**
 * Destroys a body we no longer want. undici reports a destroyed body as an `error` event
 * (`UND_ERR_ABORTED`), which must not become an uncaught exception, hence the no-op listener.
 */
export function discardBody(body: Readable): void {
  if (body.destroyed) return;
  body.on("error", ignore);
  body.destroy();
}

function ignore(): void {}

/** The declared `Content-Length`, or undefined when absent or not a plain number. */
export function contentLength(value: string | string[] | undefined): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * The media type of a `Content-Type` value, lower-cased without parameters:
 * `Application/JSON; charset=utf-8` → `application/json`. "" when absent.
 */
export function mediaType(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  const semicolon = text.indexOf(";");
  return (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase();
}
