/**
 * The authorization code grant with PKCE (S256), `state`, the `resource` indicator (RFC 8707) and
 * the RFC 9207 `iss` check, and the refresh token grant, through oauth4webapi. The issuer, the
 * verifier and the state live in this function's scope for the whole round trip, so the response
 * is checked against exactly what was sent.
 */
import * as oauth from "oauth4webapi";
import { authFailure, describeOAuthFailure } from "./auth-failure.js";
import type { OAuthOptions } from "./oauth-options.js";
import type { TokenRecord } from "./token-record.js";
import { clientAuth, exchange, requestOptions, toClient } from "./token-endpoint.js";
import type { GrantContext } from "./token-endpoint.js";

/** Runs the browser leg and redeems the code: the new tokens for `resource`. */
export async function authorizeWithCode(
  context: GrantContext,
  options: OAuthOptions,
  scope: string | undefined,
): Promise<TokenRecord> {
  const { server, client, trigger } = context;
  const redirect = options.redirect;
  if (redirect === undefined) {
    throw authFailure(
      trigger,
      "the server needs a user to sign in, but auth has no redirect; pass auth.redirect (an AuthorizationRedirect)",
    );
  }
  const redirectUri = redirect.redirectUri;
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
  // The user's time in the browser is theirs: the request's deadline stops meanwhile.
  const resume = trigger.pauseTimeout?.();
  try {
    callback = await redirect.authorize(authorizationUrl, context.signal);
  } catch (error) {
    if (context.signal?.aborted === true) throw context.signal.reason;
    throw describeOAuthFailure(trigger, "the authorization redirect", error);
  } finally {
    resume?.();
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
