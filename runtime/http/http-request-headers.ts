/**
 * What a Streamable HTTP POST carries besides its body: the endpoint resolved once per
 * transport (URL credentials taken out, caller headers checked and lower-cased), and the
 * request-metadata headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`) per message.
 */
import { localError } from "../protocol/index.js";
import { encodeHeaderValue } from "../protocol/index.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../protocol/index.js";
import { META_PROTOCOL_VERSION } from "../protocol/index.js";
import { maskUrl } from "../basics/index.js";

/** Where and how to POST, computed once per transport. */
export interface HttpTarget {
  /** `scheme://host:port`, for undici's dispatcher. */
  origin: string;
  /** Path and query of the MCP endpoint. */
  path: string;
  /** The URL without credentials or fragment, for messages. */
  endpoint: string;
  /** Constant headers, lower-cased: content type, accept, the caller's, Basic auth from the URL. */
  headers: Readonly<Record<string, string>>;
}

// Headers the transport owns: a caller setting them would break the protocol or HTTP framing.
const RESERVED = new Set([
  "accept",
  "connection",
  "content-length",
  "content-type",
  "expect",
  "host",
  "keep-alive",
  "last-event-id",
  "mcp-method",
  "mcp-name",
  "mcp-protocol-version",
  "mcp-session-id",
  "transfer-encoding",
  "upgrade",
]);

// Never sent in 2026-07-28 (no sessions, no resumption), whoever asks.
const SESSION_ID = "mcp-session-id";
const LAST_EVENT_ID = "last-event-id";

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Resolves the endpoint and the constant headers.
 *
 * - Only `http:` and `https:` URLs are accepted.
 * - `user:pass@` in the URL becomes `Authorization: Basic …` (unless the caller gave an
 *   `Authorization` header) and never appears in `endpoint`.
 * - Caller header names must be tokens, values must have no CR, LF or NUL; names the
 *   transport owns (`Accept`, `Content-Type`, `Mcp-*`, `Mcp-Param-*`, hop-by-hop headers) are
 *   refused, so a typo cannot silently break every request.
 *
 * @throws McpError of kind `input` for a bad URL or header. Messages name headers, never values.
 */
export function resolveHttpTarget(
  url: string | URL,
  callerHeaders: Readonly<Record<string, string>> | undefined,
): HttpTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw localError("input", "the MCP server URL is not a valid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw localError("input", `the MCP server URL must be http: or https:, not ${parsed.protocol}`);
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  for (const [name, value] of Object.entries(callerHeaders ?? {})) {
    const lower = checkCallerHeader(name, value);
    headers[lower] = value;
  }
  if ((parsed.username !== "" || parsed.password !== "") && headers.authorization === undefined) {
    const credentials = `${decode(parsed.username)}:${decode(parsed.password)}`;
    headers.authorization = `Basic ${base64(credentials)}`;
  }
  return {
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    // Messages name the endpoint without credentials or query values.
    endpoint: maskUrl(parsed),
    headers,
  };
}

function checkCallerHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (!TOKEN.test(name)) {
    throw localError("input", `header name ${JSON.stringify(name)} is not a valid HTTP token`);
  }
  if (RESERVED.has(lower) || lower.startsWith("mcp-param-")) {
    throw localError("input", `header ${name} is set by the transport and cannot be overridden`);
  }
  if (typeof value !== "string" || /[\r\n\0]/.test(value)) {
    throw localError("input", `header ${name} has a value with CR, LF or NUL, or not a string`);
  }
  return lower;
}

/** Standard Base64 of the UTF-8 bytes of `text` (btoa takes one char per byte). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The headers for one POST: the constant ones, then `MCP-Protocol-Version` (from
 * `params._meta["io.modelcontextprotocol/protocolVersion"]`, when it is a string),
 * `Mcp-Method`, `Mcp-Name` (see `mcpName`, encoded with `encodeHeaderValue`), and last the
 * exchange's own headers (`Mcp-Param-*`, a refreshed `Authorization`), which win over the
 * caller's. `Mcp-Session-Id` and `Last-Event-ID` are dropped wherever they come from.
 */
export function requestHeaders(
  target: HttpTarget,
  message: JsonRpcRequest | JsonRpcNotification,
  extra: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const headers = copyHeaders(target.headers);
  const params = message.params;
  const meta = params?._meta;
  if (typeof meta === "object" && meta !== null) {
    const version = (meta as Record<string, unknown>)[META_PROTOCOL_VERSION];
    if (typeof version === "string") headers["mcp-protocol-version"] = version;
  }
  headers["mcp-method"] = message.method;
  const name = mcpName(message.method, params);
  if (name !== undefined) headers["mcp-name"] = encodeHeaderValue(name);
  if (extra !== undefined) {
    for (const key of Object.keys(extra)) {
      const lower = key.toLowerCase();
      if (lower !== SESSION_ID && lower !== LAST_EVENT_ID) headers[lower] = extra[key] as string;
    }
  }
  return headers;
}

/**
 * A copy of the constant headers to add to. Not `{ ...headers }`: V8 turns a spread copy that
 * then gets more keys into a slow dictionary object (about 1.5 µs per request, more than the
 * rest of the headers' work). `Object.assign` onto `{}` differs from a spread only for an own
 * `__proto__` key (a valid header token), which keeps the spread.
 */
export function copyHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.hasOwn(headers, "__proto__") ? { ...headers } : Object.assign({}, headers);
}

/**
 * The body value `Mcp-Name` mirrors: `params.name` for `tools/call` and `prompts/get`,
 * `params.uri` for `resources/read`, `params.taskId` for `tasks/get|update|cancel`; undefined
 * for other methods or when the value is not a string (the server then rejects the body).
 */
export function mcpName(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  if (params === undefined) return undefined;
  let value: unknown;
  switch (method) {
    case "tools/call":
    case "prompts/get":
      value = params.name;
      break;
    case "resources/read":
      value = params.uri;
      break;
    case "tasks/get":
    case "tasks/update":
    case "tasks/cancel":
      value = params.taskId;
      break;
    default:
      return undefined;
  }
  return typeof value === "string" ? value : undefined;
}
