/**
 * Requests to the token endpoint, whatever the grant: client authentication (`none`,
 * `client_secret_basic`, `client_secret_post`, `private_key_jwt`), the `resource` indicator
 * (RFC 8707) on every request, and the response made a `TokenRecord`. oauth4webapi builds the
 * requests and validates the responses.
 */
import * as oauth from "oauth4webapi";
import type { FetchFunction } from "../http/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { describeOAuthFailure } from "./auth-failure.js";
import { stepAborted } from "./auth-deadline.js";
import { maskUrl } from "../basics/index.js";
import type { ClientIdentity } from "./client-identity.js";
import { refreshAt } from "./token-record.js";
import type { TokenRecord } from "./token-record.js";

/** What a grant needs besides its own parameters. */
export interface GrantContext {
  server: oauth.AuthorizationServer;
  client: ClientIdentity;
  resource: string;
  fetch: FetchFunction;
  trigger: AuthTrigger;
  signal: AbortSignal | undefined;
  /** DPoP keys, when the authorization server offers DPoP: tokens are then bound to them. */
  dpop?: oauth.DPoPHandle;
}

/** Sends a token request and reads its answer into a record (scope: what was asked for). */
export async function exchange(
  context: GrantContext,
  scope: string | undefined,
  send: () => Promise<Response>,
  process: (response: Response) => Promise<oauth.TokenEndpointResponse>,
  previousRefresh: string | undefined,
): Promise<TokenRecord> {
  let tokens: oauth.TokenEndpointResponse;
  try {
    try {
      tokens = await process(await send());
    } catch (error) {
      // A DPoP nonce demanded by the token endpoint: the handle kept it, one retry uses it.
      if (!oauth.isDPoPNonceError(error)) throw error;
      tokens = await process(await send());
    }
  } catch (error) {
    if (context.signal?.aborted === true) {
      const endpoint = maskUrl(String(context.server.token_endpoint));
      throw stepAborted(context.trigger, context.signal, `the token endpoint ${endpoint}`);
    }
    throw describeOAuthFailure(context.trigger, "the token request", error);
  }
  const record: TokenRecord = { issuer: context.server.issuer, accessToken: tokens.access_token };
  if (tokens.token_type.toLowerCase() === "dpop") record.tokenType = "DPoP";
  if (typeof tokens.expires_in === "number") {
    record.expiresAt = refreshAt(Date.now(), tokens.expires_in);
  }
  // A server may keep the refresh token it issued before and send none back.
  const refresh = tokens.refresh_token ?? previousRefresh;
  if (refresh !== undefined) record.refreshToken = refresh;
  // What was asked for, not what was granted: a step-up unites the scopes previously requested.
  if (scope !== undefined) record.scope = scope;
  return record;
}

export function toClient(client: ClientIdentity): oauth.Client {
  return { client_id: client.clientId, token_endpoint_auth_method: client.authMethod };
}

export function clientAuth(client: ClientIdentity): oauth.ClientAuth {
  if (client.authMethod === "private_key_jwt" && client.privateKey !== undefined) {
    return oauth.PrivateKeyJwt(client.privateKey);
  }
  const secret = client.clientSecret;
  if (client.authMethod === "none" || secret === undefined) return oauth.None();
  return client.authMethod === "client_secret_post"
    ? oauth.ClientSecretPost(secret)
    : clientSecretBasic(secret);
}

/**
 * `client_secret_basic` with the id and secret form-encoded as the WHATWG URL standard does it
 * (RFC 6749 §2.3.1). oauth4webapi's own also escapes `-`, `.`, `_` and `*`, which servers that
 * do not decode the pair (the official SDK sends it raw) then fail to match.
 */
function clientSecretBasic(secret: string): oauth.ClientAuth {
  return (_server, client, _body, headers) => {
    const pair = `${formEncode(client.client_id)}:${formEncode(secret)}`;
    let binary = "";
    for (const byte of new TextEncoder().encode(pair)) binary += String.fromCharCode(byte);
    headers.set("authorization", `Basic ${btoa(binary)}`);
  };
}

function formEncode(text: string): string {
  return new URLSearchParams([["", text]]).toString().slice(1);
}

export function requestOptions(context: GrantContext): oauth.TokenEndpointRequestOptions {
  const options: oauth.TokenEndpointRequestOptions = {
    additionalParameters: { resource: context.resource },
    // The token endpoint was checked to be https or loopback http with the metadata.
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: (url, init) => context.fetch(url, init as RequestInit),
  };
  if (context.signal !== undefined) options.signal = context.signal;
  if (context.dpop !== undefined) options.DPoP = context.dpop;
  return options;
}
