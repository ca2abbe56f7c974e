/**
 * The credentials an HTTP transport sends, switchable while it stays open (`McpClient.setAuth`):
 * the caller's headers and the OAuth options. One connection pool serves every identity; each
 * request goes out with the credentials current when it started (the client then ends those
 * still in flight, see `Session.endInFlight`).
 */
import { withOAuth } from "./authorizing-io.js";
import type { OAuthOptions } from "./oauth-options.js";
import type { HttpIo } from "../http/index.js";
import { resolveHttpTarget, type HttpTarget } from "../http/index.js";

/** What `setAuth` replaces: the headers sent with every request, and OAuth (left out: none). */
export interface HttpCredentials {
  headers?: Record<string, string>;
  auth?: OAuthOptions;
}

/** An `HttpIo` with the target's credentials, and the switch that replaces them. */
export interface CredentialedIo {
  readonly io: HttpIo;
  /**
   * Sends `credentials` from the next request on. Checked before anything changes.
   * @throws McpError of kind `input` for a bad or reserved header, or OAuth options that name
   *   no grant or several.
   */
  use(credentials: HttpCredentials): void;
}

export function credentialedIo(
  target: HttpTarget,
  url: string | URL,
  auth: OAuthOptions | undefined,
  makeIo: () => HttpIo,
): CredentialedIo {
  const base = makeIo();
  const endpoint = `${target.origin}${target.path}`;
  // The OAuth layer holds no connection of its own: replacing it leaves the pool to the new one.
  const layer = (next: OAuthOptions | undefined) =>
    withOAuth(() => base, next, endpoint, target.endpoint);
  let current = layer(auth);
  return {
    io: {
      send: (request) => current.send(request),
      close: () => base.close(),
    },
    use(credentials) {
      const headers = resolveHttpTarget(url, credentials.headers).headers;
      const next = layer(credentials.auth);
      target.headers = headers;
      current = next;
    },
  };
}
