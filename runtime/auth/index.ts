/**
 * OAuth 2.1 for HTTP servers: metadata discovery, the grants, tokens and their store, DPoP, and
 * the credentialed `HttpIo` a transport sends through.
 */
export { isAuthorizationTimeout } from "./auth-failure.js";
export type { AuthorizationRedirect } from "./authorization-redirect.js";
export { credentialedIo } from "./http-credentials.js";
export type { HttpCredentials } from "./http-credentials.js";
export type {
  OAuthClientCredentials,
  OAuthEnterpriseManaged,
  OAuthOptions,
  OAuthPreRegisteredClient,
  OAuthWorkloadIdentity,
  SigningKey,
} from "./oauth-options.js";
export { memoryTokenStore } from "./token-store.js";
export type { TokenStore } from "./token-store.js";
