/**
 * Options every request method accepts, and the `_meta` rules for the caller's own keys.
 */
import { localError } from "./errors.js";
import { checkTraceValue, type TraceContext } from "./trace-context.js";
import type { ClientCapabilities, LogMessage, LoggingLevel, Meta, Progress } from "./types.js";

export interface RequestOptions {
  /** Aborting it cancels the request (stdio: `notifications/cancelled`; HTTP: the stream is closed). */
  signal?: AbortSignal;
  /**
   * Milliseconds to wait for the response; defaults to the client's `timeout` (60 s). `0` or
   * `Infinity` waits forever; a value above 2^31 - 1 (about 24.8 days, the longest a timer can
   * wait) is clamped to it rather than overflowing into an immediate timeout.
   */
  timeout?: number;
  /** Called for each `notifications/progress` the server sends for this request. */
  onProgress?: (progress: Progress) => void;
  /** Restart the timeout on each progress notification, up to `maxTotalTimeout`. */
  resetTimeoutOnProgress?: boolean;
  /**
   * Hard cap in milliseconds when `resetTimeoutOnProgress` is set; defaults to 10 × `timeout`.
   * Each wait is clamped to 2^31 - 1 ms, like `timeout`.
   */
  maxTotalTimeout?: number;
  /**
   * Extra `_meta` entries. Keys must follow the spec's `[prefix/]name` syntax; the reserved
   * `io.modelcontextprotocol/` keys the runtime sets (version, capabilities, client info) cannot
   * be overridden.
   */
  meta?: Meta;
  /** Asks the server for `notifications/message` at or above this level for this request. */
  logLevel?: LoggingLevel;
  /** Receives this request's log messages (falls back to the client's `onLog`). */
  onLog?: (message: LogMessage) => void;
  /**
   * OpenTelemetry propagation for this request (`traceparent`, `tracestate`, `baggage` in
   * `_meta`), checked against the W3C formats. Takes precedence over the client's `traceContext`.
   */
  trace?: TraceContext;
  /**
   * How a cacheable request (`server/discover`, list pages, `resources/read`) uses the client's
   * result cache: `use` (default), `refresh` or `bypass` (see `CacheMode`). Other methods ignore it.
   */
  cache?: CacheMode;
}

// Label: starts with a letter, ends with a letter or digit, letters/digits/hyphens inside.
const META_KEY =
  /^(?:(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?\/)?[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const OTEL_KEYS = new Set(["traceparent", "tracestate", "baggage"]);

/** True when the key's prefix is reserved for the MCP specification (second label `modelcontextprotocol` or `mcp`). */
export function isReservedMetaKey(key: string): boolean {
  const slash = key.indexOf("/");
  if (slash < 0) return false;
  const second = key.slice(0, slash).split(".")[1];
  return second === "modelcontextprotocol" || second === "mcp";
}

/**
 * Checks a caller's `_meta` once per request that carries one (never on the plain hot path).
 * Reserved keys are refused except `progressToken`-style unprefixed keys and OTel keys.
 */
export function checkCallerMeta(meta: Meta, method: string): void {
  for (const key of Object.keys(meta)) {
    if (OTEL_KEYS.has(key)) {
      checkTraceValue(key as keyof TraceContext, meta[key], method, "_meta");
      continue;
    }
    if (!META_KEY.test(key)) {
      throw localError(
        "input",
        `_meta key ${JSON.stringify(key)} is not a valid [prefix/]name key; use a reverse-DNS prefix like "com.example/key"`,
        { method },
      );
    }
    if (isReservedMetaKey(key)) {
      throw localError(
        "input",
        `_meta key ${JSON.stringify(key)} is reserved for the MCP specification; use the matching request option instead`,
        { method },
      );
    }
  }
}

/**
 * How one request uses the cache:
 * - `use` (default): a fresh cached result is returned without asking the server; otherwise the
 *   request is sent (joining an identical one already in flight) and its result stored.
 * - `refresh`: always asks the server, and stores the answer for later `use` callers.
 * - `bypass`: asks the server, neither reads nor writes the cache.
 */
export type CacheMode = "use" | "refresh" | "bypass";

/** What a method call adds to a request besides its params and options. */
export interface RequestExtras {
  /** `input_required` is a valid answer (tools/call, prompts/get, resources/read, raw requests). */
  allowInputRequired?: boolean;
  /** `task` is a valid answer (tasks extension declared on a `tools/call`, and `tasks/get`). */
  allowTask?: boolean;
  /** Extra HTTP headers (`Mcp-Param-*`). */
  headers?: Record<string, string>;
  /** Sending it twice has the effect of sending it once (a tool the server marks idempotent). */
  idempotent?: boolean;
  /** Told the request's JSON-RPC id just before it is sent (a listen request's subscription id). */
  onId?: (id: number) => void;
  /** Capabilities declared for this request instead of the session's (per-call input handlers). */
  capabilities?: ClientCapabilities;
  /**
   * The deadline, from the moment it starts, of an OAuth flow this request's 401 starts, when
   * longer than the request's own `timeout` (`0` or `Infinity`: none). The `server/discover`
   * probe has a short timeout to tell a silent older server from a modern one; a server that
   * answers with a 401 has shown it is there, and its sign-in is bounded by connect's `timeout`.
   */
  authorizationTimeout?: number;
}

/** Per-call options the pipeline reads. */
export interface GovernedCallOptions {
  /** Who the call is for, as the policy sees it (default: the policy's `defaultPrincipal`). */
  principal?: string;
}
