/**
 * What `server/discover` told the client about the server, read from its result with the checks
 * a client needs before it relies on it; and the error for any result the client cannot use.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import { META_SERVER_INFO } from "../protocol/index.js";
import type {
  DiscoverResult,
  Implementation,
  Result,
  ServerCapabilities,
} from "../protocol/index.js";

/**
 * What `server/discover` told the client about the server; in the initialize era, what the
 * `initialize` result told it (`supportedVersions` is then the one version agreed on).
 */
export interface ServerDescription {
  /** `_meta["io.modelcontextprotocol/serverInfo"]`; self-reported, for display only. */
  info: Implementation | undefined;
  capabilities: ServerCapabilities;
  supportedVersions: string[];
  instructions: string | undefined;
  /** The protocol version this client speaks with the server. */
  protocolVersion: string;
  /** The raw result (of `initialize` in the initialize era), untouched. */
  discoverResult: DiscoverResult;
}

/** Reads a `server/discover` result; throws kind `protocol` when it is unusable. */
export function describeServer(
  result: Result,
  protocolVersion: string,
  context: ErrorContext,
): ServerDescription {
  const versions = result.supportedVersions;
  if (!Array.isArray(versions) || !versions.every((v) => typeof v === "string")) {
    throw invalidResult(context, "supportedVersions is not an array of strings", result);
  }
  const capabilities = result.capabilities;
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    throw invalidResult(context, "capabilities is not an object", result);
  }
  const info =
    (result._meta as Record<string, unknown> | undefined)?.[META_SERVER_INFO] ?? result.serverInfo;
  return {
    info: isImplementation(info) ? info : undefined,
    capabilities: capabilities as ServerCapabilities,
    supportedVersions: versions as string[],
    instructions: typeof result.instructions === "string" ? result.instructions : undefined,
    protocolVersion,
    discoverResult: result as DiscoverResult,
  };
}

function isImplementation(value: unknown): value is Implementation {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.name === "string" && typeof record.version === "string";
}

/** A `protocol` error for a result the client cannot use, with the result as `data`. */
export function invalidResult(context: ErrorContext, problem: string, result: Result): McpError {
  return new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}invalid result from the server: ${problem}`,
  });
}
