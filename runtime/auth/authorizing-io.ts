/**
 * OAuth on the HTTP I/O seam, so every transport over it (Streamable HTTP in both eras, the GET
 * stream and DELETE of initialize-era sessions, the legacy HTTP+SSE transport) gets it alike: each
 * request carries the current token; a 401 runs the flow once and resends; a 403 with
 * `insufficient_scope` re-authorizes with more scope and resends, a bounded number of times. A
 * response the flow cannot fix reaches the transport as it came, which reports it as `auth`.
 */
import { localError } from "../protocol/index.js";
import type { HttpIo, HttpIoRequest, HttpIoResponse } from "../http/index.js";
import { parseWwwAuthenticate } from "../http/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import type { OAuthOptions } from "./oauth-options.js";
import { OAuthSession } from "./oauth-session.js";
import type { BearerHints } from "./oauth-session.js";

/**
 * Step-ups per request: the spec asks for a limit so a server that never accepts the scopes it
 * names cannot loop the user through consent forever.
 */
export const MAX_STEP_UPS = 2;

/** `io` with OAuth from `session`; `endpoint` is the masked MCP endpoint for messages. */
export function authorizingIo(io: HttpIo, session: OAuthSession, endpoint: string): HttpIo {
  return {
    close: () => io.close(),
    async send(request) {
      const signal = request.abort?.signal;
      let reauthorized = false;
      let stepUps = 0;
      let nonceRetries = 0;
      for (;;) {
        const trigger: AuthTrigger = triggerOf(request, endpoint);
        const authorization = session.busy
          ? await whileAuthorizing(request, trigger, () => session.authorization(trigger, signal))
          : await session.authorization(trigger, signal);
        const response = await io.send(await withAuthorization(session, request, authorization));
        const freshNonce = session.observeNonce(response.header("dpop-nonce"));
        if (response.status !== 401 && response.status !== 403) return response;
        const hints = hintsOf(response);
        // RFC 9449 §9: the server wants its nonce in the proof; resending is the whole answer.
        if (
          response.status === 401 &&
          hints.error === "use_dpop_nonce" &&
          freshNonce &&
          nonceRetries++ < 2
        ) {
          response.body.discard();
          continue;
        }
        if (response.status === 401 && !reauthorized) {
          reauthorized = true;
          response.body.discard();
          await whileAuthorizing(request, trigger, () =>
            session.unauthorized(authorization, hints, trigger, signal),
          );
          continue;
        }
        if (
          response.status === 403 &&
          hints.error === "insufficient_scope" &&
          stepUps < MAX_STEP_UPS
        ) {
          stepUps++;
          response.body.discard();
          await whileAuthorizing(request, trigger, () =>
            session.insufficientScope(hints, { ...trigger, status: 403 }, signal),
          );
          continue;
        }
        return response;
      }
    },
  };
}

/**
 * The request as the flow sees it. Its deadline bounds the flow (metadata, registration and
 * token requests: an authorization server that never answers must not hang the caller), and is
 * stopped only while a user signs in in a browser, which takes longer than any request timeout
 * and is the user's time, not the server's (`pauseTimeout`, used by the session).
 */
function triggerOf(request: HttpIoRequest, endpoint: string): AuthTrigger {
  const trigger: AuthTrigger = { method: methodOf(request), endpoint, status: 401 };
  const abort = request.abort;
  if (abort?.timeout !== undefined) trigger.timeout = abort.timeout;
  const pause = abort?.pauseTimeout;
  if (pause !== undefined) trigger.pauseTimeout = () => pause.call(abort);
  return trigger;
}

/**
 * Runs the flow with the request counted as waiting on it (the client's `authorizing` state).
 * Entering it may lengthen the request's deadline (the probe's), so the trigger is told anew.
 */
async function whileAuthorizing<T>(
  request: HttpIoRequest,
  trigger: AuthTrigger,
  flow: () => Promise<T>,
): Promise<T> {
  const done = request.abort?.authorizing?.();
  if (request.abort?.timeout !== undefined) trigger.timeout = request.abort.timeout;
  try {
    return await flow();
  } finally {
    done?.();
  }
}

async function withAuthorization(
  session: OAuthSession,
  request: HttpIoRequest,
  authorization: string | undefined,
): Promise<HttpIoRequest> {
  if (authorization === undefined) return request;
  const headers: Record<string, string> = { ...request.headers, authorization };
  const proof = await session.proof(authorization, request.method ?? "POST", request.url);
  if (proof !== undefined) headers.dpop = proof;
  return { ...request, headers };
}

/** The parameters of the `Bearer` challenge, else of the `DPoP` one (RFC 9449 §7.1). */
function hintsOf(response: HttpIoResponse): BearerHints {
  const challenges = parseWwwAuthenticate(response.header("www-authenticate") ?? "");
  const params =
    challenges.find((c) => c.scheme.toLowerCase() === "bearer")?.params ??
    challenges.find((c) => c.scheme.toLowerCase() === "dpop")?.params ??
    {};
  const hints: BearerHints = {};
  if (params.resource_metadata !== undefined) hints.resource_metadata = params.resource_metadata;
  if (params.scope !== undefined) hints.scope = params.scope;
  if (params.error !== undefined) hints.error = params.error;
  return hints;
}

/** The JSON-RPC method for messages: the `Mcp-Method` header, else the body's, else the verb. */
function methodOf(request: HttpIoRequest): string {
  const header = request.headers["mcp-method"];
  if (header !== undefined) return header;
  if (request.body !== undefined) {
    const match = /"method"\s*:\s*"([^"\\]{1,100})"/.exec(request.body.slice(0, 4096));
    if (match?.[1] !== undefined) return match[1];
  }
  return request.method ?? "POST";
}

/**
 * The I/O `makeIo` makes, as is without `auth`, else with OAuth for the MCP endpoint at `url`.
 * The options are checked before `makeIo` runs, so refused options leave nothing open.
 */
export function withOAuth(
  makeIo: () => HttpIo,
  auth: OAuthOptions | undefined,
  url: string,
  endpoint: string,
): HttpIo {
  if (auth === undefined) return makeIo();
  const grants = [
    auth.redirect,
    auth.clientCredentials,
    auth.workloadIdentity,
    auth.enterpriseManaged,
  ].filter((grant) => grant !== undefined);
  if (grants.length !== 1) {
    throw localError(
      "input",
      "auth needs exactly one of redirect (a user signs in), enterpriseManaged (single sign-on), clientCredentials or workloadIdentity (no user)",
    );
  }
  return authorizingIo(makeIo(), new OAuthSession(auth, new URL(url)), endpoint);
}
