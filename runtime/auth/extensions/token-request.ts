/**
 * One token endpoint request (RFC 6749 §3.2): a form POST, read with a byte cap, answered with a
 * parsed token or one `auth` error. Under DPoP each attempt carries a fresh proof, and a refusal
 * for want of the server's nonce is retried once with the nonce it sent (RFC 9449 §8).
 */
import { McpError } from "../../errors.js";
import type { FetchFunction } from "../../http/fetch-io.js";
import type { TokenRequestDraft } from "./client-authentication.js";
import { dpopProof, type Dpop } from "./dpop.js";
import { isDpopNonceChallenge } from "./dpop-nonce.js";
import {
  parseTokenResponse,
  tokenEndpointRefusal,
  tokenError,
  type TokenRequestContext,
  type TokenResponse,
} from "./token-response.js";

/** What every grant of this folder takes besides its own parameters. */
export interface TokenEndpointOptions {
  /** The authorization server's `token_endpoint`. */
  readonly tokenEndpoint: string;
  /** Called instead of the global `fetch` (looked up per request when absent). */
  readonly fetch?: FetchFunction;
  readonly signal?: AbortSignal;
  /** Binds the token to this key (RFC 9449): the request carries a proof. */
  readonly dpop?: Dpop;
}

// A token response is a few kilobytes; anything far bigger is not one.
const BODY_LIMIT = 256 * 1024;

/** A fresh, empty request: the grant type set, no authentication yet. */
export function tokenRequestDraft(grantType: string): TokenRequestDraft {
  return { body: new URLSearchParams({ grant_type: grantType }), headers: {}, secrets: [] };
}

/** Sends `draft` to the token endpoint and returns the token it answers with. */
export async function sendTokenRequest(
  draft: TokenRequestDraft,
  options: TokenEndpointOptions,
): Promise<TokenResponse> {
  const context: TokenRequestContext = {
    tokenEndpoint: options.tokenEndpoint,
    grantType: draft.body.get("grant_type") ?? "token",
    secrets: draft.secrets,
  };
  let answer = await post(draft, options, context);
  if (options.dpop !== undefined && isDpopNonceChallenge(answer)) {
    answer = await post(draft, options, context);
  }
  if (answer.redirected) {
    throw tokenError(
      context,
      answer.status,
      "answered with a redirect, which a token request must not follow (it would resend the credentials); configure the URL it redirects to",
    );
  }
  if (answer.status < 200 || answer.status > 299) {
    throw tokenEndpointRefusal(answer.status, answer.body, context);
  }
  return parseTokenResponse(answer.body, context, answer.status);
}

async function post(
  draft: TokenRequestDraft,
  options: TokenEndpointOptions,
  context: TokenRequestContext,
): Promise<{ status: number; body: string; redirected: boolean }> {
  const headers: Record<string, string> = {
    ...draft.headers,
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const { dpop } = options;
  if (dpop !== undefined) {
    headers.dpop = await dpopProof(dpop, { method: "POST", url: options.tokenEndpoint });
  }
  const fetchFn = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  let response: Response;
  try {
    response = await fetchFn(options.tokenEndpoint, {
      method: "POST",
      headers,
      body: draft.body.toString(),
      // A token endpoint that redirects is misconfigured; following it would resend the secret.
      redirect: "manual",
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (cause) {
    if (options.signal?.aborted === true) throw cancelled(cause);
    throw tokenError(context, 0, "could not reach it; check the URL and the network", cause);
  }
  dpop?.nonces.remember(options.tokenEndpoint, response.headers.get("dpop-nonce"));
  // A browser's fetch hides a manual redirect behind type "opaqueredirect" and status 0.
  const redirected =
    response.type === "opaqueredirect" || (response.status >= 300 && response.status <= 399);
  const body = redirected ? "" : await readCapped(response, context, options.signal);
  return { status: response.status, body, redirected };
}

/** The body as text, at most BODY_LIMIT bytes (the rest is junk and an error). */
async function readCapped(
  response: Response,
  context: TokenRequestContext,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let text = "";
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > BODY_LIMIT) {
        await reader.cancel();
        throw tokenError(
          context,
          response.status,
          `answered with a body over ${BODY_LIMIT} bytes, not a token response`,
        );
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (cause) {
    if (cause instanceof McpError) throw cause;
    if (signal?.aborted === true) throw cancelled(cause);
    throw tokenError(context, response.status, "the answer broke off; try again", cause);
  }
}

function cancelled(cause: unknown): McpError<"cancelled"> {
  return new McpError({ kind: "cancelled", message: "the token request was aborted", cause });
}
