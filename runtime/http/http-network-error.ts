/**
 * Turns what the HTTP I/O throws into one `McpError` that names the endpoint and says what to
 * do: unreachable (refused, DNS, TLS, connect timeout) versus a connection lost mid-request
 * (retryable, though the server may have acted on the request). undici puts the system or
 * undici code on the error; `fetch` (Node's is undici inside) puts it in `cause` of a
 * `TypeError` ("fetch failed", "terminated"); browsers give no code at all.
 */
import { isMcpError } from "../protocol/index.js";
import type { McpError } from "../protocol/index.js";
import { httpError } from "./http-error.js";
import { snippet } from "./http-snippet.js";

// Failures before a connection exists: the server never saw the request.
const UNREACHABLE: ReadonlyMap<string, string> = new Map([
  ["ECONNREFUSED", "connection refused"],
  ["ENOTFOUND", "host not found"],
  ["EAI_AGAIN", "DNS lookup failed"],
  ["EAI_FAIL", "DNS lookup failed"],
  ["EHOSTUNREACH", "host unreachable"],
  ["EHOSTDOWN", "host down"],
  ["ENETUNREACH", "network unreachable"],
  ["ENETDOWN", "network down"],
  ["EADDRNOTAVAIL", "address not available"],
  ["ETIMEDOUT", "connection timed out"],
  ["UND_ERR_CONNECT_TIMEOUT", "connection timed out"],
]);

/**
 * The code an `HttpIo` gives an error of its own for a request it refuses to send (a header
 * value the platform rejects); mapped to kind `input` like undici's `UND_ERR_INVALID_ARG`.
 */
export const INVALID_REQUEST_CODE = "ERR_MCP_INVALID_REQUEST";

// Failures after the request may have left: the answer is lost, the effect may not be.
const LOST = new Set([
  "ECONNRESET",
  "EPIPE",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_ABORTED",
  "UND_ERR_DESTROYED",
]);

/**
 * The `McpError` for a failed POST. `McpError`s pass through; undici's invalid-argument errors
 * (a header value it refuses) become kind `input`; everything else is kind `transport` with
 * `data.code` (the system or undici error code) and, for lost connections, `retryable: true`.
 * `responded` says the response head had arrived: a failure without a code after that (a
 * browser's fetch gives none) is a connection lost mid-answer as well.
 */
export function networkError(
  error: unknown,
  method: string,
  endpoint: string,
  responded = false,
): McpError {
  if (isMcpError(error)) return error;
  const code = errorCode(error);
  const detail = snippet(error instanceof Error ? error.message : String(error));
  if (code === "UND_ERR_INVALID_ARG" || code === INVALID_REQUEST_CODE) {
    return httpError("input", `cannot send the request: ${detail}`, method, undefined, error);
  }
  const reason = code === undefined ? undefined : UNREACHABLE.get(code);
  // `reason` is only found for a code, so both branches have one: `data.code` is always set.
  if (code !== undefined && (reason !== undefined || isTlsCode(code))) {
    const why = reason ?? `TLS failed (${detail})`;
    return httpError(
      "transport",
      `cannot reach the MCP server at ${endpoint}: ${why}; the server is unreachable, check that it is running and that the URL is right`,
      method,
      { code },
      error,
    );
  }
  if ((code !== undefined && LOST.has(code)) || (code === undefined && responded)) {
    return httpError(
      "transport",
      `the connection to ${endpoint} was lost before the answer arrived (${detail})`,
      method,
      code === undefined ? { retryable: true } : { code, retryable: true },
      error,
    );
  }
  if (code === undefined && isAbortError(error)) {
    // Aborted by someone other than the caller or `close()` (both are checked before this).
    return httpError(
      "transport",
      `the request to ${endpoint} was aborted before the answer arrived (${detail})`,
      method,
      { retryable: true },
      error,
    );
  }
  const data = code === undefined ? {} : { code };
  return httpError("transport", `request to ${endpoint} failed: ${detail}`, method, data, error);
}

/** The error code, looking inside AggregateError (happy eyeballs) and `cause`. */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; depth < 4; depth++) {
    if (typeof current !== "object" || current === null) return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const errors = (current as { errors?: unknown }).errors;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : (current as Error).cause;
  }
  return undefined;
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    ((error as { name?: unknown }).name === "AbortError" ||
      (error as { name?: unknown }).name === "TimeoutError")
  );
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith("ERR_TLS_") ||
    code.startsWith("ERR_SSL_") ||
    code.startsWith("CERT_") ||
    code.startsWith("UNABLE_TO_") ||
    code.includes("SELF_SIGNED")
  );
}
