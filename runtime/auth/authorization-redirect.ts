/**
 * The user-agent leg of the OAuth authorization code flow, kept apart from the protocol so each
 * platform brings its own: a loopback listener and a browser for the CLI, a popup or a page
 * redirect in a browser app, a plain HTTP GET that follows the server's redirect in tests.
 */
export interface AuthorizationRedirect {
  /**
   * Where the authorization server sends the user back. Known before the flow starts, because
   * client registration and the authorization request both carry it.
   */
  readonly redirectUri: string;
  /**
   * Sends the user to `authorizationUrl` and resolves with the URL the authorization server
   * redirected back to (its query holds `code`, `state` and maybe `iss`, or `error`). Rejects when
   * `signal` aborts or the user never comes back.
   */
  authorize(authorizationUrl: URL, signal?: AbortSignal): Promise<URL>;
}
