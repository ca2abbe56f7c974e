/**
 * The one error every failed authorization step becomes: an `McpError` of kind `auth` naming the
 * MCP endpoint, what failed and what to do. Messages quote authorization-server text only through
 * `snippet` (short, inert) and never carry tokens, codes, verifiers or client secrets; nothing from
 * a token response is attached as `cause`, because a logged cause would print it.
 */
import { isMcpError } from "../protocol/index.js";
import type { McpError } from "../protocol/index.js";
import { httpError } from "../http/index.js";
import type { HttpAuthErrorData } from "../http/index.js";
import { snippet } from "../http/index.js";
import {
  AuthorizationResponseError,
  OperationProcessingError,
  ResponseBodyError,
} from "oauth4webapi";

/** The request whose 401 or 403 started the flow: where errors say they happened. */
export interface AuthTrigger {
  /** The JSON-RPC method of the request (or `connect`). */
  method: string;
  /** The masked MCP endpoint. */
  endpoint: string;
  /** 401, or 403 for a step-up. */
  status: number;
  /** The request's timeout in milliseconds, for messages (absent or 0: none). */
  timeout?: number | undefined;
  /**
   * Stops the request's deadline while the user signs in (the browser leg, or another request's
   * flow this one waits for); the returned function starts a full one again. Every other step
   * of the flow runs against the deadline.
   */
  pauseTimeout?: (() => () => void) | undefined;
}

/** An `auth` error: `authorizing <endpoint>: <message>`, with the OAuth error code if any. */
export function authFailure(
  trigger: AuthTrigger,
  message: string,
  oauthError?: string,
): McpError<"auth"> {
  const data: HttpAuthErrorData = { status: trigger.status };
  if (oauthError !== undefined) data.error = oauthError;
  return httpError("auth", `authorizing ${trigger.endpoint}: ${message}`, trigger.method, data);
}

/**
 * What an oauth4webapi failure (or a fetch failure) of `step` says, as an `auth` error. Only the
 * OAuth error code and description of a response, or the library's own message about what it
 * checked, are quoted; `auth` errors, and the `timeout` of a step (auth-deadline.ts), pass through.
 */
export function describeOAuthFailure(
  trigger: AuthTrigger,
  step: string,
  error: unknown,
): McpError<"auth" | "timeout"> {
  // A step that outlived the request's deadline stays a timeout, naming that step.
  if (isAuthError(error) || isAuthorizationTimeout(error))
    return error as McpError<"auth" | "timeout">;
  let detail: string;
  let code: string | undefined;
  if (error instanceof ResponseBodyError || error instanceof AuthorizationResponseError) {
    // The OAuth error code goes into `data.error` too, for callers (and the session) to act on.
    code = snippet(error.error, 80);
    detail = [error.error, error.error_description ?? ""]
      .map((part) => snippet(part))
      .filter((part) => part !== "")
      .join(": ");
  } else if (error instanceof OperationProcessingError) {
    detail = snippet(error.message);
  } else if (error instanceof TypeError) {
    // fetch rejects with a TypeError when nothing answered.
    detail = `the request failed (${snippet(error.message)})`;
  } else {
    // Not String(error): a thrown object's own `toString` may be junk that throws itself.
    detail =
      error instanceof Error
        ? snippet(error.message)
        : typeof error === "string"
          ? snippet(error)
          : "an unexpected value was thrown";
  }
  return authFailure(trigger, `${step} failed: ${detail}`, code);
}

function isAuthError(error: unknown): error is McpError<"auth"> {
  return isMcpError(error) && error.kind === "auth";
}

/**
 * True for a `timeout` error of an OAuth step: an authorization server (or the MCP server's
 * metadata) did not answer, which says nothing about the MCP server's protocol era.
 */
export function isAuthorizationTimeout(error: unknown): boolean {
  return (
    isMcpError(error) &&
    error.kind === "timeout" &&
    error.data !== undefined &&
    "authorization" in error.data
  );
}
