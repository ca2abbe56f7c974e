/**
 * The initialize-era handshake (2025-11-25 and earlier): `initialize` with the newest legacy
 * version, the server's pick checked against the versions this runtime speaks (one retry on a
 * version the server lists when it refuses ours), then `notifications/initialized`. Its result
 * becomes the same `ServerDescription` that `server/discover` gives in 2026-07-28.
 */
import { McpError, isMcpError, type ErrorContext } from "../protocol/index.js";
import { invalidResult, type ServerDescription } from "./server-description.js";
import type { Session } from "../session/index.js";
import type {
  ClientCapabilities,
  DiscoverResult,
  Implementation,
  Result,
  ServerCapabilities,
} from "../protocol/index.js";

export interface LegacyHandshakeOptions {
  /** The version to ask for; the server may answer with an older one. */
  protocolVersion: string;
  /** Only versions in this list are accepted from the server (a pinned version: just it). */
  acceptedVersions: readonly string[];
  capabilities: ClientCapabilities;
  /** Required in this era: a client that chose to send none still names the runtime. */
  clientInfo: Implementation;
  signal: AbortSignal | undefined;
  /** The request's timeout (what is left of connect's deadline); the session's default if unset. */
  timeout?: number | undefined;
}

/** Runs the handshake on `session` and switches it to the initialize era. */
export async function initializeLegacy(
  session: Session,
  options: LegacyHandshakeOptions,
): Promise<ServerDescription> {
  const context: ErrorContext = { method: "initialize", target: session.transport.endpoint };
  const requestOptions = {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  };
  const send = (version: string): Promise<Result> => {
    // Before the answer the session must already speak legacy: no modern `_meta` on initialize.
    session.useLegacy(version, false);
    const params = {
      protocolVersion: version,
      capabilities: legacyCapabilities(options.capabilities),
      clientInfo: options.clientInfo,
    };
    return session.request("initialize", params, requestOptions, context);
  };
  let result: Result;
  try {
    result = await send(options.protocolVersion);
  } catch (error) {
    const retry = versionFromRefusal(error, options.acceptedVersions, options.protocolVersion);
    if (retry === undefined) throw error;
    result = await send(retry);
  }
  const server = describeInitialize(result, options.acceptedVersions, context);
  session.useLegacy(server.protocolVersion, server.capabilities.logging !== undefined);
  await session.notify("notifications/initialized");
  session.transport.beginLegacySession?.(server.protocolVersion);
  return server;
}

/**
 * The legacy capability shape: the modern one without `extensions`, which the legacy schema
 * does not have (a strict server would refuse the unknown key).
 */
export function legacyCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
  const { extensions: _modernOnly, ...legacy } = capabilities;
  return legacy;
}

/**
 * A refused version (legacy servers used -32602 with `data.supported`): the newest accepted
 * version the server lists other than the one just refused, if any.
 */
function versionFromRefusal(
  error: unknown,
  accepted: readonly string[],
  refused: string,
): string | undefined {
  if (!isMcpError(error) || error.code === undefined) return undefined;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  if (!Array.isArray(supported)) return undefined;
  return accepted.find((version) => version !== refused && supported.includes(version));
}

/** Reads an `InitializeResult`; a version this runtime does not speak ends the connection. */
function describeInitialize(
  result: Result,
  accepted: readonly string[],
  context: ErrorContext,
): ServerDescription {
  const version = result.protocolVersion;
  if (typeof version !== "string") {
    throw invalidResult(context, "protocolVersion is not a string", result);
  }
  if (!accepted.includes(version)) {
    throw new McpError({
      ...context,
      kind: "protocol",
      data: { supported: [version], requested: accepted[0] },
      message: `initialize ${JSON.stringify(context.target)}: the server chose protocol version ${JSON.stringify(version.slice(0, 40))}, which this runtime does not speak (it speaks ${accepted.join(", ")}); upgrade mcp-codegen or pin a version with connect({ protocol })`,
    });
  }
  const capabilities = result.capabilities;
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    throw invalidResult(context, "capabilities is not an object", result);
  }
  const info = result.serverInfo as Partial<Implementation> | undefined;
  return {
    info:
      typeof info?.name === "string" && typeof info.version === "string"
        ? (info as Implementation)
        : undefined,
    capabilities: capabilities as ServerCapabilities,
    supportedVersions: [version],
    instructions: typeof result.instructions === "string" ? result.instructions : undefined,
    protocolVersion: version,
    discoverResult: result as DiscoverResult,
  };
}
