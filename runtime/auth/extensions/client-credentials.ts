/**
 * The client credentials grant (RFC 6749 §4.4; the MCP extension
 * `io.modelcontextprotocol/oauth-client-credentials`): a service with no user present gets a
 * token for itself, authenticated by a secret or a signed assertion.
 */
import { authenticateClient, type ClientAuthentication } from "./client-authentication.js";
import { sendTokenRequest, tokenRequestDraft, type TokenEndpointOptions } from "./token-request.js";
import type { TokenResponse } from "./token-response.js";

/** A client credentials token request. */
export interface ClientCredentialsRequest extends TokenEndpointOptions {
  /** The authorization server's issuer identifier: the audience of a `private_key_jwt` assertion. */
  readonly issuer: string;
  readonly client: ClientAuthentication;
  /** Space-separated scopes; omitted when undefined. */
  readonly scope?: string;
  /** The MCP server the token is for (RFC 8707). */
  readonly resource?: string;
}

export async function requestClientCredentialsToken(
  request: ClientCredentialsRequest,
): Promise<TokenResponse> {
  const draft = tokenRequestDraft("client_credentials");
  if (request.scope !== undefined && request.scope !== "") draft.body.set("scope", request.scope);
  if (request.resource !== undefined) draft.body.set("resource", request.resource);
  await authenticateClient(request.client, draft, request.issuer);
  return sendTokenRequest(draft, request);
}
