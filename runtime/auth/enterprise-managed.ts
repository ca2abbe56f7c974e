/**
 * Enterprise-managed authorization: an RFC 8693 token exchange at the identity provider turns the
 * user's ID token into an ID-JAG (identity assertion JWT authorization grant) for the MCP server's
 * authorization server and resource, then that grant is redeemed there as a JWT-bearer assertion.
 * The exchange's answer is not an OAuth access token (its `token_type` is `N_A`), so it is read
 * here rather than through oauth4webapi's token response checks.
 */
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure, describeOAuthFailure } from "./auth-failure.js";
import { endpointUrl, jsonBody } from "./auth-http.js";
import { stepAborted } from "./auth-deadline.js";
import { maskUrl } from "../basics/index.js";
import type { ClientIdentity } from "./client-identity.js";
import { secretMethod } from "./client-identity.js";
import { jwtBearerGrant } from "./jwt-bearer.js";
import type { OAuthEnterpriseManaged } from "./oauth-options.js";
import type { TokenRecord } from "./token-record.js";
import type { GrantContext } from "./token-endpoint.js";
import type * as oauth from "oauth4webapi";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";

/** The client at the MCP server's authorization server. */
export function enterpriseIdentity(
  options: OAuthEnterpriseManaged,
  server: oauth.AuthorizationServer,
): ClientIdentity {
  const identity: ClientIdentity = {
    clientId: options.clientId,
    authMethod: secretMethod(server, options.clientSecret),
  };
  if (options.clientSecret !== undefined) identity.clientSecret = options.clientSecret;
  return identity;
}

/** Exchanges the ID token for an ID-JAG, then redeems it for an access token. */
export async function enterpriseGrant(
  context: GrantContext,
  options: OAuthEnterpriseManaged,
  scope: string | undefined,
): Promise<TokenRecord> {
  return jwtBearerGrant(
    context,
    () => exchangeIdToken(context, options, scope),
    "the identity assertion grant",
    scope,
  );
}

async function exchangeIdToken(
  context: GrantContext,
  options: OAuthEnterpriseManaged,
  scope: string | undefined,
): Promise<string> {
  const { trigger } = context;
  const url = endpointUrl(
    trigger,
    options.idpTokenEndpoint,
    "the identity provider's token endpoint",
  );
  const what = `the identity provider's token endpoint ${maskUrl(url)}`;
  const form = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    subject_token: await options.idToken(),
    subject_token_type: ID_TOKEN,
    audience: context.server.issuer,
    resource: context.resource,
    client_id: options.idpClientId,
  });
  if (scope !== undefined) form.set("scope", scope);
  let response: Response;
  try {
    const init: RequestInit = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      redirect: "manual",
    };
    if (context.signal !== undefined) init.signal = context.signal;
    response = await context.fetch(url.href, init);
  } catch (error) {
    if (context.signal?.aborted === true) throw stepAborted(trigger, context.signal, what);
    throw describeOAuthFailure(trigger, "the identity provider's token exchange", error);
  }
  const body = await jsonBody(response);
  if (context.signal?.aborted === true) throw stepAborted(trigger, context.signal, what);
  const grant = body?.access_token;
  if (response.status !== 200 || typeof grant !== "string" || grant === "") {
    throw exchangeRefused(trigger, response.status, body);
  }
  return grant;
}

function exchangeRefused(
  trigger: AuthTrigger,
  status: number,
  body: Record<string, unknown> | undefined,
) {
  const reason = typeof body?.error === "string" ? body.error : `HTTP ${status}`;
  return authFailure(
    trigger,
    `the identity provider refused to exchange the ID token for an identity assertion grant (${reason}); sign in to the identity provider again`,
  );
}
