/**
 * HTTP header value encoding for `Mcp-Name` and `Mcp-Param-*` (Streamable HTTP, 2026-07-28):
 * plain when the text is safe as a header value, otherwise the Base64 sentinel form
 * `=?base64?<padded standard Base64 of the UTF-8 bytes>?=`. Runtime-neutral: no Node imports.
 */
import { localError } from "./errors.js";

const SENTINEL_PREFIX = "=?base64?";
const SENTINEL_SUFFIX = "?=";

const encoder = new TextEncoder();

/**
 * Converts a tool argument or name to the text of an HTTP header value.
 *
 * - strings are used as they are; integers in decimal; booleans as `true` / `false`;
 * - text with anything but visible ASCII and inner spaces — non-ASCII, control characters
 *   (tabs included: RFC 9110 allows them, but they are the first thing proxies mangle),
 *   leading or trailing whitespace — is sent as `=?base64?…?=`;
 * - plain text that itself looks like the sentinel (starts with `=?base64?` and ends with
 *   `?=`) is encoded too, so a server never decodes a value the caller meant literally;
 * - the empty string stays empty, as the spec's rules give.
 *
 * @throws McpError of kind `input` for a number that is not an integer in the JavaScript safe
 *   range (±(2^53−1)), which a header cannot carry faithfully.
 */
export function encodeHeaderValue(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      throw localError(
        "input",
        `${String(value)} cannot be sent in a header: only integers within ±(2^53−1) can`,
      );
    }
    return String(value);
  }
  return isPlainHeaderText(value) ? value : encodeSentinel(value);
}

/** True when the text can go on the wire as is (see `encodeHeaderValue`). */
export function isPlainHeaderText(text: string): boolean {
  const length = text.length;
  if (length === 0) return true;
  if (text.charCodeAt(0) === 0x20 || text.charCodeAt(length - 1) === 0x20) return false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return !(text.startsWith(SENTINEL_PREFIX) && text.endsWith(SENTINEL_SUFFIX));
}

/** `=?base64?…?=` around the padded standard Base64 of the text's UTF-8 bytes. */
export function encodeSentinel(text: string): string {
  const bytes = encoder.encode(text);
  // btoa takes a "binary string" (one char per byte); build it in slices so a long value
  // does not overflow the argument list of String.fromCharCode.
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `${SENTINEL_PREFIX}${btoa(binary)}${SENTINEL_SUFFIX}`;
}
