/**
 * The `server/discover` probe: the first request of a 2026-07-28 connection, and the era test of
 * a dual-era client. A valid answer (after at most one retry on a version the server prefers)
 * means modern; `probeVerdict` reads every other outcome as "legacy" or as an error to surface.
 */
import { isAuthorizationTimeout } from "../auth/index.js";
import { McpError, isMcpError } from "../protocol/index.js";
import { describeServer, type ServerDescription } from "./server-description.js";
import { ErrorCode, MODERN_PROTOCOL_VERSIONS } from "../protocol/index.js";
import type { RequestExtras, RequestOptions } from "../protocol/index.js";
import type { Session } from "../session/index.js";
import type { Transport } from "../transports/index.js";

/**
 * `server/discover`, with one retry on a version the server prefers. Rejects with the probe's
 * own error (see `probeVerdict` and `explainProbeFailure`), or with "no version in common".
 */
export async function negotiate(
  session: Session,
  signal: AbortSignal | undefined,
  timeout?: number,
  authorizationTimeout?: number,
): Promise<ServerDescription> {
  const context = { method: "server/discover", target: session.transport.endpoint };
  const options: RequestOptions = {};
  if (signal !== undefined) options.signal = signal;
  if (timeout !== undefined) options.timeout = timeout;
  // A 401 proves the server is there: its sign-in gets connect's timeout, not the probe's.
  const extras: RequestExtras = authorizationTimeout === undefined ? {} : { authorizationTimeout };
  let result;
  try {
    result = await session.request("server/discover", undefined, options, context, extras);
  } catch (error) {
    const retryVersion = versionFromRejection(error);
    if (retryVersion === undefined) throw error;
    session.protocolVersion = retryVersion;
    result = await session.request("server/discover", undefined, options, context, extras);
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
export function explainProbeFailure(error: unknown, endpoint: string): unknown {
  if (isMcpError(error) && error.code === ErrorCode.MissingRequiredClientCapability) {
    return missingCapability(error, endpoint);
  }
  if (
    !isMcpError(error) ||
    error.kind === "transport" ||
    error.kind === "timeout" ||
    error.kind === "cancelled" ||
    error.kind === "auth" ||
    // Errors only a modern server sends: it is modern, and the message should say what it said.
    error.code === ErrorCode.HeaderMismatch
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

/**
 * What a failed probe says about the server. Throws what must reach the caller: errors only a
 * modern server sends (it is modern and said why), the caller's cancellation, authorization
 * failures (a legacy server would refuse `initialize` the same way), and network failures that
 * say nothing about the server (nothing answered). Everything else means an initialize-era
 * server: any other JSON-RPC error (the fallback must not hang on one code), a timeout, an
 * unusable result (some servers answer unknown methods with `{}`), an HTTP error status whose
 * body is not a modern error. `restart` when the probe broke a stdio server (it exited): a
 * fresh process must get `initialize` as its first request.
 */
export function probeVerdict(error: unknown, transport: Transport): { restart: boolean } {
  if (!isMcpError(error)) throw error;
  if (error.code === ErrorCode.MissingRequiredClientCapability)
    throw missingCapability(error, transport.endpoint);
  if (
    error.code === ErrorCode.HeaderMismatch ||
    error.code === ErrorCode.UnsupportedProtocolVersion
  ) {
    throw error;
  }
  const http = transport.carriesHeaders === true;
  switch (error.kind) {
    case "cancelled":
    case "auth":
      throw error;
    case "timeout":
      // The server answered with a 401, and its authorization server did not answer: that says
      // nothing of the era, and `initialize` would meet the same 401 and wait as long again.
      if (isAuthorizationTimeout(error)) throw error;
      // Silent, or slow to start: `initialize` on the same process tells which (and a server
      // that refuses it then gets a fresh process).
      return { restart: false };
    case "transport": {
      if (!http) return { restart: true };
      if (typeof error.data?.status === "number") return { restart: false };
      throw error;
    }
    default:
      return { restart: false };
  }
}

/**
 * A modern server that will not talk to a client without some capability (-32021): the error
 * names what `data.requiredCapabilities` lists, and what to pass to `connect` for it.
 */
function missingCapability(error: McpError, endpoint: string): McpError {
  const required = (error.data as { requiredCapabilities?: unknown } | undefined)
    ?.requiredCapabilities;
  const names =
    typeof required === "object" && required !== null && !Array.isArray(required)
      ? Object.keys(required).map((name) => name.slice(0, 60))
      : [];
  const what = names.length === 0 ? "capabilities it did not name" : names.join(", ");
  return new McpError({
    kind: "protocol",
    method: "server/discover",
    target: endpoint,
    code: ErrorCode.MissingRequiredClientCapability,
    data: error.data,
    cause: error,
    message: `server/discover ${JSON.stringify(endpoint)}: the server (MCP 2026-07-28) requires client capabilities this client did not declare: ${what}; pass the matching handlers (elicitation, sampling, roots) or capabilities to connect`,
  });
}
