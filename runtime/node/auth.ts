/**
 * `@mcp-codegen/runtime/node/auth`: the Node-only parts of OAuth, which the platform-neutral core
 * (`runtime/auth/`) takes as plug-ins: a token store in a file, and the loopback redirect.
 *
 * @module @mcp-codegen/runtime/node/auth
 */
export {
  defaultTokenStorePath,
  fileTokenStore,
  storeFileProblem,
  TOKEN_STORE_ENV,
} from "./file-token-store.js";
export type { StoreFileStats } from "./file-token-store.js";
export { DEFAULT_AUTHORIZATION_TIMEOUT_MS, loopbackRedirect } from "./loopback-redirect.js";
export type { LoopbackRedirect, LoopbackRedirectOptions } from "./loopback-redirect.js";
