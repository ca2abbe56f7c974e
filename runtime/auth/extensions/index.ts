/**
 * The OAuth extensions' one door for the OAuth core: the grants that need no browser (client
 * credentials, JWT-bearer for workload identity, enterprise-managed ID-JAG) and DPoP. Each grant
 * returns a parsed `TokenResponse` or throws one `McpError`; none of them keeps state but the
 * DPoP key and nonces the caller holds.
 */
export {
  authenticateClient,
  type ClientAuthentication,
  type TokenRequestDraft,
} from "./client-authentication.js";
export type { AssertionSource } from "./assertion-source.js";
export {
  requestClientCredentialsToken,
  type ClientCredentialsRequest,
} from "./client-credentials.js";
export {
  createDpop,
  dpopAlgorithm,
  dpopHeaders,
  dpopProof,
  type Dpop,
  type DpopTarget,
} from "./dpop.js";
export {
  isDpopNonceChallenge,
  parseDpopNonce,
  type DpopNonces,
  type DpopRefusal,
} from "./dpop-nonce.js";
export {
  requestEnterpriseManagedToken,
  requestIdJag,
  type EnterpriseManagedRequest,
  type IdentityProviderExchange,
  type IdJagRequest,
} from "./enterprise-managed.js";
export { JWT_BEARER_GRANT, requestJwtBearerToken, type JwtBearerRequest } from "./jwt-bearer.js";
export { sendTokenRequest, tokenRequestDraft, type TokenEndpointOptions } from "./token-request.js";
export {
  parseOAuthError,
  parseTokenResponse,
  type OAuthErrorBody,
  type TokenResponse,
} from "./token-response.js";
