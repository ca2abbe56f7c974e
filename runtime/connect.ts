/**
 * `connect()`: from a target (a command, a URL, an in-process handler or any `Transport`) to a
 * ready `McpClient` that has discovered the server and agreed on a protocol version.
 */
import { McpClient } from "./client.js";
import { describeServer } from "./server-description.js";
import { McpError, isMcpError, localError } from "./errors.js";
import { capabilitiesFor, type InputHandlers } from "./input-handlers.js";
import type { HttpTarget, InProcessTarget, StdioTarget } from "./connect-targets.js";
import { createInProcessTransport } from "./in-process.js";
import { ListenHub } from "./listen.js";
import { platformTransports } from "./platform.js";
import { ResultCache, type ResultCacheOptions } from "./result-cache.js";
import { stdioUnavailable } from "./stdio-unavailable.js";
import type { JsonRpcNotification } from "./jsonrpc.js";
import { ErrorCode, LATEST_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS } from "./protocol.js";
import { DEFAULT_TIMEOUT_MS, Session } from "./session.js";
import type { TraceContext } from "./trace-context.js";
import type { Transport, TransportDiagnostic } from "./transport.js";
import type { ClientCapabilities, Implementation, LogMessage } from "./types.js";
import { RUNTIME_VERSION } from "./version.js";

export type { HttpTarget, InProcessTarget, StdioTarget };

export type ConnectTarget = StdioTarget | HttpTarget | InProcessTarget | Transport;

export interface ConnectOptions {
  /** Sent as `_meta["io.modelcontextprotocol/clientInfo"]`; `false` sends none. */
  clientInfo?: Implementation | false;
  /**
   * Declared on every request, together with the kinds `handlers` answer. Defaults to `{}`.
   * Declaring `elicitation`, `sampling` or `roots` without a handler for it is an `McpError` of
   * kind `input`: a server could then ask for input nobody can give.
   */
  capabilities?: ClientCapabilities;
  /**
   * Answers a server's input requests (multi round-trip requests): elicitation (form, and URL
   * mode with its own consent handler), sampling and roots. Each handler declares its
   * capability; `"manual"` declares it and leaves the answer to calls made with `manual: true`.
   */
  handlers?: InputHandlers;
  /**
   * Default per-request timeout in milliseconds (60 s). `0` or `Infinity` waits forever; values
   * above 2^31 - 1 (about 24.8 days) are clamped to it, the longest a timer can wait.
   */
  timeout?: number;
  /** Preferred protocol version (default: the latest this runtime speaks). */
  protocolVersion?: string;
  /** Call `server/discover` while connecting (default true). */
  discover?: boolean;
  /** Log messages (`notifications/message`) not claimed by a request's own `onLog`. */
  onLog?: (message: LogMessage) => void;
  /** Notifications the runtime does not handle itself. */
  onNotification?: (notification: JsonRpcNotification) => void;
  /** Transport diagnostics: junk on stdout, stray responses, stderr, the connection closing. */
  onDiagnostic?: (diagnostic: TransportDiagnostic) => void;
  /** Cancels connecting. */
  signal?: AbortSignal;
  /**
   * Called for every request to get its OpenTelemetry propagation fields (`traceparent`,
   * `tracestate`, `baggage`), sent in `_meta` after a W3C format check: the hook for tracing
   * libraries, e.g. OpenTelemetry's `propagation.inject(context.active(), carrier)`. A request's
   * own `trace` option, or the same keys in its `meta`, take precedence.
   */
  traceContext?: () => TraceContext | undefined;
  /**
   * The result cache (`ttlMs`/`cacheScope`): `{ maxEntries }` bounds it (default 500, least
   * recently used dropped first); `false` turns it off.
   */
  cache?: ResultCacheOptions | false;
}

/**
 * Connects to an MCP server and returns a client. Calls `server/discover` first (the probe the
 * spec recommends): a server that supports another modern version is retried with it; a server
 * that does not answer as a 2026-07-28 server fails with an `McpError` that says so.
 */
export async function connect(
  target: ConnectTarget,
  options: ConnectOptions = {},
): Promise<McpClient> {
  const declared = options.capabilities ?? {};
  const handlers = options.handlers ?? {};
  // Checked before anything is opened, so a bad declaration leaves no process or socket behind.
  const capabilities = capabilitiesFor(declared, handlers);
  const input = { handlers, declared };
  const transport = await openTransport(target);
  const cache = new ResultCache(options.cache === false ? { maxEntries: 0 } : options.cache);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const hub = new ListenHub(cache, options.onNotification, timeout);
  const session = new Session({
    transport,
    protocolVersion: options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
    capabilities,
    clientInfo: options.clientInfo ?? { name: "mcp-codegen", version: RUNTIME_VERSION },
    timeout,
    onLog: options.onLog,
    onNotification: hub.dispatch,
    onDiagnostic: options.onDiagnostic,
    traceContext: options.traceContext,
  });
  const parts = { cache, hub, input };
  if (options.discover === false) return new McpClient(session, undefined, parts);
  try {
    const server = await negotiate(session, options.signal);
    return new McpClient(session, server, parts);
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
}

function isTransport(target: ConnectTarget): target is Transport {
  return typeof (target as Transport).request === "function";
}

async function openTransport(target: ConnectTarget): Promise<Transport> {
  if (isTransport(target)) return target;
  if ("server" in target) return createInProcessTransport(target.server);
  // What the platform entry point installed (see platform.ts): undici and child processes on
  // Node, fetch elsewhere.
  const platform = platformTransports();
  if ("command" in target) {
    if (platform.stdio === undefined) throw stdioUnavailable(platform.name);
    return platform.stdio(target);
  }
  if ("url" in target) return platform.http(target);
  throw localError("input", "connect() needs { command }, { url }, { server } or a Transport");
}

/** `server/discover`, with one retry on a version the server prefers. */
async function negotiate(session: Session, signal: AbortSignal | undefined) {
  const context = { method: "server/discover", target: session.transport.endpoint };
  const options = signal === undefined ? undefined : { signal };
  let result;
  try {
    result = await session.request("server/discover", undefined, options, context);
  } catch (error) {
    const retryVersion = versionFromRejection(error);
    if (retryVersion === undefined) throw explainProbeFailure(error, context.target);
    session.protocolVersion = retryVersion;
    result = await session.request("server/discover", undefined, options, context);
  }
  const server = describeServer(result, session.protocolVersion, context);
  if (!server.supportedVersions.includes(session.protocolVersion)) {
    const version = MODERN_PROTOCOL_VERSIONS.find((v) => server.supportedVersions.includes(v));
    if (version === undefined) throw noCommonVersion(server.supportedVersions, context.target);
    session.protocolVersion = version;
    server.protocolVersion = version;
  }
  return server;
}

/** For an UnsupportedProtocolVersion (-32022) rejection, the version to retry with. */
function versionFromRejection(error: unknown): string | undefined {
  if (!isMcpError(error) || error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  const list = Array.isArray(supported)
    ? supported.filter((v): v is string => typeof v === "string")
    : [];
  const version = MODERN_PROTOCOL_VERSIONS.find((v) => list.includes(v));
  if (version === undefined) throw noCommonVersion(list, error.target ?? "", error);
  return version;
}

function noCommonVersion(
  supported: readonly string[],
  endpoint: string,
  cause?: unknown,
): McpError {
  const theirs = supported.length === 0 ? "none" : supported.join(", ");
  return new McpError({
    kind: "protocol",
    code: ErrorCode.UnsupportedProtocolVersion,
    method: "server/discover",
    target: endpoint,
    data: { supported: [...supported], requested: MODERN_PROTOCOL_VERSIONS[0] },
    cause,
    message: `server/discover ${JSON.stringify(endpoint)}: no protocol version in common; the server supports ${theirs}, this runtime speaks ${MODERN_PROTOCOL_VERSIONS.join(", ")}`,
  });
}

/** A failed probe: transport and timeout errors pass through; other answers mean "not modern". */
function explainProbeFailure(error: unknown, endpoint: string): unknown {
  if (
    !isMcpError(error) ||
    error.kind === "transport" ||
    error.kind === "timeout" ||
    error.kind === "cancelled" ||
    error.kind === "auth" ||
    // Errors only a modern server sends: it is modern, and the message should say what it said.
    error.code === ErrorCode.HeaderMismatch ||
    error.code === ErrorCode.MissingRequiredClientCapability
  ) {
    return error;
  }
  return new McpError({
    kind: "protocol",
    method: "server/discover",
    target: endpoint,
    code: error.code,
    data: error.data,
    cause: error,
    message: `server/discover ${JSON.stringify(endpoint)}: the server does not answer as an MCP 2026-07-28 server (${error.serverMessage ?? error.message}); it may only speak an initialize-era revision (2025-11-25 or older)`,
  });
}
