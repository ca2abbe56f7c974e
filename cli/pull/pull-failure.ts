/**
 * What a failed pull says: one line naming what failed (connecting, or reading the contract),
 * why, and what to do about it, each part said once. Timeouts name every request that went
 * unanswered and the time really spent; a 401/403 names the flags or config fields to set.
 */
import {
  isMcpError,
  type AnyMcpError,
  type ConnectTimeoutData,
  type TimeoutErrorData,
} from "@mcp-codegen/runtime";
import { contractTooLarge } from "./contract-checks.js";
import { BEARER_TOKEN_ENV, CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "../auth/index.js";
import { serverBearerTokenEnv } from "../auth/index.js";
import { saysWhatToCheck, withHint } from "../terminal/index.js";
import { CliError, ExitCode } from "../terminal/index.js";

/** What `serverError` needs to know about the pull beyond the error. */
export interface FailureContext {
  label: string;
  /** "could not connect", "failed while reading its contract". */
  what: string;
  stdio: boolean;
  timeout: number | undefined;
  /** The server is from the config file: hints name its fields, not flags. */
  fromConfig: boolean;
  /** When connecting began (`Date.now()`): a message about waiting says how long it really took. */
  started: number;
}

/** One line that says what failed and what to do about it, each part said once. */
export function serverError(error: unknown, context: FailureContext): CliError {
  if (error instanceof CliError) return error;
  const { label, what } = context;
  // A list past its size bound (runtime/session/pagination.ts says which bound in `data`).
  if (isMcpError(error) && error.kind === "protocol" && hasKey(error.data, "maxBytes")) {
    return contractTooLarge(label);
  }
  if (!isMcpError(error)) {
    return new CliError(`${label}: ${what}: ${String(error)}`, ExitCode.Internal, { cause: error });
  }
  const message =
    error.kind !== "timeout"
      ? `${what}: ${error.message}`
      : error.data !== undefined && "authorization" in error.data
        ? authorizationUnanswered(error.data, context)
        : error.data !== undefined && "connectTimeout" in error.data
          ? connectUnanswered(error.data, context)
          : neverAnswered(error.method, context);
  return new CliError(`${label}: ${withHint(message, hintFor(error, context))}`, ExitCode.Server, {
    cause: error,
  });
}

/**
 * A timeout: the runtime's message names the request but suggests its own `timeout` option; the
 * CLI says which request went unanswered and what a silent command usually is.
 */
function neverAnswered(method: string | undefined, context: FailureContext): string {
  const request = method ?? "a request";
  const limit =
    context.timeout === undefined ? "the default 60 s" : `${context.timeout} ms (--timeout)`;
  return `${context.what}: the server never answered ${request} within ${limit}; ${silentWhy(context)}`;
}

/** What a server that answers nothing usually is. */
function silentWhy(context: FailureContext): string {
  return context.stdio
    ? "the command may not be an MCP server, or may be waiting for input (`node` without a script path reads its stdin as the script)"
    : "the URL may not be an MCP endpoint, or the server may be stuck";
}

/**
 * Connecting ran out of its one deadline: every request that went unanswered, the limit, and
 * the time really spent (starting the process included), so "within 3000 ms" is never said of
 * a pull that took 14 s.
 */
function connectUnanswered(data: ConnectTimeoutData, context: FailureContext): string {
  // Measured here, not taken from `data.elapsed`: stopping the silent process counts too.
  const elapsed = Math.max(data.elapsed, Date.now() - context.started);
  const limit =
    context.timeout === undefined ? "the default 60 s" : `${context.timeout} ms (--timeout)`;
  const spent = `gave up after ${(elapsed / 1000).toFixed(1)} s`;
  return `${context.what}: the server never answered ${data.unanswered.join(", then ")} within ${limit} (${spent}); ${silentWhy(context)}`;
}

/**
 * A timeout while authorizing: the MCP server answered (with a 401), and what the OAuth flow
 * asked next did not, within the run's deadline.
 */
function authorizationUnanswered(data: TimeoutErrorData, context: FailureContext): string {
  const within =
    data.timeout === undefined
      ? "in time"
      : `within ${data.timeout} ms${context.timeout === undefined ? "" : " (--timeout)"}`;
  return `${context.what}: the server asks for OAuth, and ${data.authorization} did not answer ${within}`;
}

function hintFor(error: AnyMcpError, context: FailureContext): string | undefined {
  switch (error.kind) {
    case "transport":
      if (saysWhatToCheck(error.message)) return undefined;
      return context.stdio
        ? "check the command, and that the server starts and stays up"
        : "check the URL, and that the server is up";
    case "timeout":
      if (error.data !== undefined && !("connectTimeout" in error.data)) {
        return "raise --timeout if it is only slow";
      }
      return context.stdio
        ? "check the command and its arguments; raise --timeout if the server is only slow to start"
        : "raise --timeout if the server is only slow";
    case "auth":
      // Credentials refused to another authorization server: other credentials, not another
      // way to sign in, are the answer, and the message says which.
      if (error.message.includes("refusing to send them there")) return undefined;
      return authHint(context);
    case "protocol":
      return "the server answered, but not as this client expects";
    case "jsonrpc":
      return "the server could not understand the request";
    case "execution":
      return "the server failed while answering; check its logs";
    default:
      return undefined;
  }
}

/** What to do about a 401/403: flags for a server named on the command line, the config's fields otherwise. */
function authHint(context: FailureContext): string {
  const env = `${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV}`;
  if (context.fromConfig) {
    const server = `servers.${JSON.stringify(context.label)}`;
    return `sign in on a terminal, or give ${server} in the config an "Authorization" entry in its "headers" (e.g. "Bearer \${API_TOKEN}"), or "auth": { "clientCredentials": {} } (${env}), or set ${serverBearerTokenEnv(context.label)}`;
  }
  return `sign in on a terminal, or use --client-credentials (${env}), ${BEARER_TOKEN_ENV}, or --header 'Authorization: Bearer …'`;
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key);
}
