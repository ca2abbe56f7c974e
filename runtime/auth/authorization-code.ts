/**
 * The authorization code grant with PKCE (S256), `state`, the `resource` indicator (RFC 8707) and
 * the RFC 9207 `iss` check, and the refresh token grant, through oauth4webapi. The issuer, the
 * verifier and the state live in this function's scope for the whole round trip, so the response
 * is checked against exactly what was sent.
 */
import * as oauth from "oauth4webapi";
import type { FetchFunction } from "../http/fetch-io.js";
import type { AuthTrigger } from "./auth-failure.js";
import { describeOAuthFailure } from "./auth-failure.js";
import type { ClientIdentity } from "./client-identity.js";
import type { OAuthOptions } from "./oauth-options.js";
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
}

/** Runs the browser leg and redeems the code: the new tokens for `resource`. */
export async function authorizeWithCode(
  context: GrantContext,
  options: OAuthOptions,
  scope: string | undefined,
): Promise<TokenRecord> {
  const { server, client, trigger } = context;
  const redirectUri = options.redirect.redirectUri;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  // Checked to be an http(s) URL, https off loopback, when the metadata was read.
  const authorizationUrl = new URL(server.authorization_endpoint as string);
  const query = authorizationUrl.searchParams;
  query.set("response_type", "code");
  query.set("client_id", client.clientId);
  query.set("redirect_uri", redirectUri);
  query.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  query.set("code_challenge_method", "S256");
  query.set("state", state);
  query.set("resource", context.resource);
  if (scope !== undefined) query.set("scope", scope);

  let callback: URL;
  try {
    callback = await options.redirect.authorize(authorizationUrl, context.signal);
  } catch (error) {
    if (context.signal?.aborted === true) throw context.signal.reason;
    throw describeOAuthFailure(trigger, "the authorization redirect", error);
  }
  let parameters: URLSearchParams;
  try {
    // Checks `iss` (RFC 9207: required when the server advertises it, compared as a plain string
    // whenever present) before `state` and before looking at `error`, as the spec orders.
    parameters = oauth.validateAuthResponse(server, toClient(client), callback, state);
  } catch (error) {
    throw describeOAuthFailure(trigger, "the authorization response", error);
  }
  return exchange(
    context,
    scope,
    () =>
      oauth.authorizationCodeGrantRequest(
        server,
        toClient(client),
        clientAuth(client),
        parameters,
        redirectUri,
        verifier,
        requestOptions(context),
      ),
    (response) => oauth.processAuthorizationCodeResponse(server, toClient(client), response),
    undefined,
  );
}

/** Redeems `record`'s refresh token: new tokens, or an `auth` error (the caller re-authorizes). */
export async function refreshTokens(
  context: GrantContext,
  record: TokenRecord & { refreshToken: string },
): Promise<TokenRecord> {
  const { server, client } = context;
  return exchange(
    context,
    record.scope,
    () =>
      oauth.refreshTokenGrantRequest(
        server,
        toClient(client),
        clientAuth(client),
        record.refreshToken,
        requestOptions(context),
      ),
    (response) => oauth.processRefreshTokenResponse(server, toClient(client), response),
    record.refreshToken,
  );
}

async function exchange(
  context: GrantContext,
  scope: string | undefined,
  send: () => Promise<Response>,
  process: (response: Response) => Promise<oauth.TokenEndpointResponse>,
  previousRefresh: string | undefined,
): Promise<TokenRecord> {
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await process(await send());
  } catch (error) {
    if (context.signal?.aborted === true) throw context.signal.reason;
    throw describeOAuthFailure(context.trigger, "the token request", error);
  }
  const record: TokenRecord = { issuer: context.server.issuer, accessToken: tokens.access_token };
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

function toClient(client: ClientIdentity): oauth.Client {
  return { client_id: client.clientId, token_endpoint_auth_method: client.authMethod };
}

function clientAuth(client: ClientIdentity): oauth.ClientAuth {
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

function requestOptions(context: GrantContext): oauth.TokenEndpointRequestOptions {
  const options: oauth.TokenEndpointRequestOptions = {
    additionalParameters: { resource: context.resource },
    // The token endpoint was checked to be https or loopback http with the metadata.
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: (url, init) => context.fetch(url, init as RequestInit),
  };
  if (context.signal !== undefined) options.signal = context.signal;
  return options;
}
