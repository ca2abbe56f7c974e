/**
 * Enterprise-managed authorization (the MCP extension
 * `io.modelcontextprotocol/enterprise-managed-authorization`, the Identity Assertion JWT
 * Authorization Grant): the enterprise's identity provider, where the user already signed in,
 * exchanges the user's ID token for an ID-JAG naming the MCP server's authorization server and
 * the MCP server (RFC 8693 token exchange); that authorization server then takes the ID-JAG as a
 * JWT-bearer grant (RFC 7523). No browser is involved.
 */
import { readAssertion, type AssertionSource } from "./assertion-source.js";
import { authenticateClient, type ClientAuthentication } from "./client-authentication.js";
import { requestJwtBearerToken, type JwtBearerRequest } from "./jwt-bearer.js";
import { sendTokenRequest, tokenRequestDraft, type TokenEndpointOptions } from "./token-request.js";
import { tokenError, type TokenResponse } from "./token-response.js";

const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_JAG_TYPE = "urn:ietf:params:oauth:token-type:id-jag";
const SUBJECT_TOKEN_TYPES = {
  id_token: "urn:ietf:params:oauth:token-type:id_token",
  saml2: "urn:ietf:params:oauth:token-type:saml2",
} as const;

/** The identity provider's side: where the user's identity is exchanged for an ID-JAG. */
export interface IdentityProviderExchange {
  /** The identity provider's `token_endpoint`. */
  readonly tokenEndpoint: string;
  /** The identity provider's issuer identifier (the audience of a client assertion there). */
  readonly issuer: string;
  /** How this app authenticates at the identity provider (its own client registration there). */
  readonly client: ClientAuthentication;
  /** The user's ID token (or SAML assertion) from signing in at the identity provider. */
  readonly subjectToken: AssertionSource;
  /** What `subjectToken` is; `id_token` unless said. */
  readonly subjectTokenType?: keyof typeof SUBJECT_TOKEN_TYPES;
}

/** An ID-JAG request: the identity provider, and the authorization server and MCP server it is for. */
export interface IdJagRequest extends Omit<TokenEndpointOptions, "tokenEndpoint" | "dpop"> {
  readonly identityProvider: IdentityProviderExchange;
  /** The MCP server's authorization server (its issuer identifier): the ID-JAG's audience. */
  readonly audience: string;
  /** The MCP server (RFC 8707). */
  readonly resource: string;
  /** Space-separated scopes; omitted when undefined. */
  readonly scope?: string;
}

/** Exchanges the user's identity at the identity provider for an ID-JAG (the JWT it returns). */
export async function requestIdJag(request: IdJagRequest): Promise<string> {
  const idp = request.identityProvider;
  const subjectToken = await readAssertion(idp.subjectToken, "the identity provider's ID token");
  const draft = tokenRequestDraft(TOKEN_EXCHANGE_GRANT);
  draft.body.set("requested_token_type", ID_JAG_TYPE);
  draft.body.set("audience", request.audience);
  draft.body.set("resource", request.resource);
  if (request.scope !== undefined && request.scope !== "") draft.body.set("scope", request.scope);
  draft.body.set("subject_token", subjectToken);
  draft.body.set("subject_token_type", SUBJECT_TOKEN_TYPES[idp.subjectTokenType ?? "id_token"]);
  draft.secrets.push(subjectToken);
  await authenticateClient(idp.client, draft, idp.issuer);
  const options = { ...request, tokenEndpoint: idp.tokenEndpoint };
  const issued = await sendTokenRequest(draft, options);
  if (issued.issuedTokenType !== ID_JAG_TYPE) {
    throw tokenError(
      { tokenEndpoint: idp.tokenEndpoint, grantType: TOKEN_EXCHANGE_GRANT, secrets: draft.secrets },
      200,
      `issued ${issued.issuedTokenType ?? "a token without issued_token_type"}, not an ID-JAG; check that the identity provider supports enterprise-managed authorization for this client`,
    );
  }
  return issued.accessToken;
}

/** The whole flow: an ID-JAG from the identity provider, then a token for the MCP server. */
export interface EnterpriseManagedRequest extends Omit<JwtBearerRequest, "assertion" | "resource"> {
  readonly identityProvider: IdentityProviderExchange;
  /** The MCP server (RFC 8707): named in the ID-JAG and in the token request. */
  readonly resource: string;
}

export async function requestEnterpriseManagedToken(
  request: EnterpriseManagedRequest,
): Promise<TokenResponse> {
  const idJag = await requestIdJag({
    identityProvider: request.identityProvider,
    audience: request.issuer,
    resource: request.resource,
    ...(request.scope === undefined ? {} : { scope: request.scope }),
    ...(request.fetch === undefined ? {} : { fetch: request.fetch }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  // RFC 8707's resource already rides inside the ID-JAG; the AS reads it from there.
  const { identityProvider: _idp, resource: _resource, ...grant } = request;
  return requestJwtBearerToken({ ...grant, assertion: idJag });
}
