/**
 * Which authorization server a client's own credentials belong to (2026-07-28 authorization,
 * "Authorization Server Binding"): credentials the caller gives (a client secret, a signing key,
 * a workload JWT, a pre-registered client) are registered with one issuer and never sent to
 * another. The issuer is the one given with them, else the one they were first used with, kept
 * in the token store under the client id (the store holds only the issuer, never the secret). A
 * protected resource whose metadata later names another authorization server is refused, so a
 * compromised or spoofed MCP server cannot collect them by pointing at a server of its own.
 */
import type * as oauth from "oauth4webapi";
import { maskUrl } from "../basics/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure } from "./auth-failure.js";
import type { TokenStore } from "./token-store.js";

/** The store key of the issuer that the client `clientId`'s credentials are bound to. */
export function credentialsKey(clientId: string): string {
  return `oauth-credentials ${clientId}`;
}

/** Credentials the caller gave, as far as binding needs them. */
export interface GivenCredentials {
  clientId: string;
  /** The issuer they are registered with, when the caller said. */
  issuer?: string | undefined;
}

/**
 * The issuer `credentials` are bound to: the one given with them, else the one stored from
 * their first use, else undefined (never used yet). A stored record that is not one counts as
 * absent (untrusted input).
 */
export async function boundIssuer(
  store: TokenStore,
  credentials: GivenCredentials,
): Promise<string | undefined> {
  if (credentials.issuer !== undefined) return credentials.issuer;
  const stored = (await store.get(credentialsKey(credentials.clientId)))?.issuer;
  return typeof stored === "string" && stored !== "" ? stored : undefined;
}

/**
 * True when `server` is the issuer `bound` names. RFC 8414 compares issuers as strings; the one
 * difference tolerated is a trailing `/`, which URL parsing adds to a bare origin.
 */
export function isIssuer(server: oauth.AuthorizationServer, bound: string): boolean {
  const bare = (text: string) => (text.endsWith("/") ? text.slice(0, -1) : text);
  return bare(server.issuer) === bare(bound);
}

/**
 * Binds `credentials` to `server` on their first use, or throws an `auth` error when they are
 * bound to another issuer (`what` names them: "the client credentials"). Called before anything
 * carrying them is sent.
 */
export async function requireBoundIssuer(
  store: TokenStore,
  credentials: GivenCredentials,
  server: oauth.AuthorizationServer,
  trigger: AuthTrigger,
  what: string,
): Promise<void> {
  const bound = await boundIssuer(store, credentials);
  if (bound === undefined) {
    await store.set(credentialsKey(credentials.clientId), { issuer: server.issuer });
    return;
  }
  if (isIssuer(server, bound)) return;
  // The CLI recognises "refusing to send them there" (no sign-in hint helps here).
  throw authFailure(
    trigger,
    `${what} are registered with ${shown(bound)}, but the server now names the authorization server ${shown(server.issuer)}; refusing to send them there (credentials stay with the issuer they were registered with). If the server really moved, register a client with ${shown(server.issuer)} and use its credentials`,
  );
}

/** An issuer for a message: masked when it is a URL, quoted (and cut) when it is not. */
function shown(issuer: string): string {
  return URL.canParse(issuer) ? maskUrl(issuer) : JSON.stringify(issuer.slice(0, 100));
}
