/**
 * The JWT-bearer authorization grant (RFC 7523 §2.1), as workload identity federation uses it
 * (the MCP extension `io.modelcontextprotocol/auth/wif`): a JWT the platform issued to the
 * workload (a Kubernetes service account token, a cloud identity token) is exchanged for an
 * access token. A refusal is final: the grant is never retried and never swapped for another,
 * since the same assertion would be refused again.
 */
import { readAssertion, type AssertionSource } from "./assertion-source.js";
import { authenticateClient, type ClientAuthentication } from "./client-authentication.js";
import { sendTokenRequest, tokenRequestDraft, type TokenEndpointOptions } from "./token-request.js";
import type { TokenResponse } from "./token-response.js";

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/** A JWT-bearer token request. */
export interface JwtBearerRequest extends TokenEndpointOptions {
  /** The authorization server's issuer identifier (the audience of a client assertion). */
  readonly issuer: string;
  /** The JWT to exchange; a function is called once per request, so it can hand out a fresh one. */
  readonly assertion: AssertionSource;
  /**
   * How the client authenticates, when the server wants it to (RFC 7523 §3.1 makes it optional):
   * `none` with a client id sends only `client_id`; absent sends nothing.
   */
  readonly client?: ClientAuthentication;
  /** Space-separated scopes; omitted when undefined. */
  readonly scope?: string;
  /** The MCP server the token is for (RFC 8707). */
  readonly resource?: string;
}

export async function requestJwtBearerToken(request: JwtBearerRequest): Promise<TokenResponse> {
  const assertion = await readAssertion(request.assertion, "the JWT-bearer assertion");
  const draft = tokenRequestDraft(JWT_BEARER_GRANT);
  draft.body.set("assertion", assertion);
  draft.secrets.push(assertion);
  if (request.scope !== undefined && request.scope !== "") draft.body.set("scope", request.scope);
  if (request.resource !== undefined) draft.body.set("resource", request.resource);
  if (request.client !== undefined) await authenticateClient(request.client, draft, request.issuer);
  return sendTokenRequest(draft, request);
}
