/**
 * How the CLI signs in to HTTP servers: auth choices from flags and environment, the token
 * store, the loopback redirect and the browser.
 */
export { bearerTokenEnvs, serverBearerTokenEnv } from "./bearer-env.js";
export {
  BEARER_TOKEN_ENV,
  CLIENT_ID_ENV,
  CLIENT_SECRET_ENV,
  isCliCredentialEnv,
} from "./env-names.js";
export { prepareHttpAuth, tokenStoreAt, tokenStoreRefusal } from "./http-auth.js";
export type { AuthChoice, AuthEnvironment } from "./http-auth.js";
export { storedTokensKey } from "./token-keys.js";
