/**
 * The token store keys the runtime's OAuth client writes tokens under
 * (runtime/auth/token-record.ts `tokenKey`, for the resource key of oauth-session.ts): tokens are
 * kept per MCP endpoint, its origin and path without query or fragment. `logout` and
 * `--reauthorize` need them; the CLI tests that sign in through the runtime and then log out
 * fail if the two drift apart.
 */
const TOKENS_PREFIX = "oauth-tokens ";

/** The key of the tokens stored for the MCP endpoint `url`. */
export function storedTokensKey(url: URL): string {
  return `${TOKENS_PREFIX}${url.origin}${url.pathname}`;
}

/** True for a key holding a dynamic client registration (one per authorization server). */
export function isRegistrationKey(key: string): boolean {
  return key.startsWith("oauth-client ");
}

/** True for a key holding tokens (not a client registration). */
export function isTokensKey(key: string): boolean {
  return key.startsWith(TOKENS_PREFIX);
}
