/**
 * Authorization server metadata: RFC 8414 and OpenID Connect Discovery, tried in the order the MCP
 * spec gives (for an issuer with a path: OAuth with the path inserted, OIDC with the path inserted,
 * OIDC with the path appended). oauth4webapi's `discoveryRequest` builds one URL per algorithm and
 * has no path-inserted OIDC form, and its `processDiscoveryResponse` wants the raw `Response` of one
 * URL, so the URLs are built and the documents checked here (the shapes checked are the ones the
 * flow reads; oauth4webapi checks the rest when it uses them).
 */
import type * as oauth from "oauth4webapi";
import type { FetchFunction } from "../http/index.js";
import { maskUrl } from "../basics/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure } from "./auth-failure.js";
import { endpointUrl, getJson } from "./auth-http.js";

/** The metadata URLs of `issuer`, in the order they are tried. */
export function serverMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/+$/, "");
  const at = (suffix: string) => new URL(suffix, issuer.origin);
  if (path === "") {
    return [at("/.well-known/oauth-authorization-server"), at("/.well-known/openid-configuration")];
  }
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}

/**
 * The metadata of `issuer`. A document whose `issuer` differs from the one the URL was built from
 * is not used (the next URL is tried; when none fits, the mismatch is the error). The server must
 * list `S256` PKCE: without it the flow cannot be protected, so it is refused.
 *
 * `withoutResourceMetadata`: the MCP server published no protected resource metadata, and
 * `issuer` is its own origin (where a 2025-03-26 server kept its metadata). Finding none there
 * either is the error "publishes no OAuth metadata": no endpoint is ever guessed, since a
 * server that did not prove to be an issuer must get no client secret and no code.
 */
export async function discoverServerMetadata(
  fetchFn: FetchFunction,
  issuer: URL,
  trigger: AuthTrigger,
  signal: AbortSignal | undefined,
  withoutResourceMetadata = false,
): Promise<oauth.AuthorizationServer> {
  const tried: string[] = [];
  let mismatch: string | undefined;
  for (const url of serverMetadataUrls(issuer)) {
    const what = `the authorization server metadata at ${maskUrl(url)}`;
    const got = await getJson(fetchFn, url, trigger, signal, what);
    tried.push(`${maskUrl(url)} (HTTP ${got.status})`);
    if (got.status !== 200) continue;
    const metadata = parseServerMetadata(got.body, issuer);
    if (metadata === "mismatch") {
      mismatch = `the authorization server metadata at ${maskUrl(url)} names another issuer than ${maskUrl(issuer)}; refusing to use it`;
      continue;
    }
    if (metadata === undefined) {
      throw authFailure(
        trigger,
        `the authorization server metadata at ${maskUrl(url)} is not valid RFC 8414 metadata`,
      );
    }
    return requirePkce(metadata, trigger);
  }
  if (mismatch !== undefined) throw authFailure(trigger, mismatch);
  throw authFailure(
    trigger,
    withoutResourceMetadata
      ? `the server requires OAuth but publishes no OAuth metadata: no protected resource metadata, and no authorization server metadata at its origin (tried ${tried.join(", ")}); no credential is sent to endpoints guessed from its URL: ask its operator, or pass an Authorization header`
      : `the authorization server ${maskUrl(issuer)} publishes no OAuth or OpenID metadata (tried ${tried.join(", ")})`,
  );
}

/**
 * The document as metadata of `issuer`: `"mismatch"` for another issuer, undefined for a
 * document that is not metadata. Never throws (untrusted input).
 */
export function parseServerMetadata(
  body: Record<string, unknown> | undefined,
  issuer: URL,
): oauth.AuthorizationServer | "mismatch" | undefined {
  if (body === undefined || typeof body.issuer !== "string") return undefined;
  // RFC 8414 §3.3: identical to the issuer the URL was built from. `issuer` went through URL
  // parsing, which adds a `/` to a bare origin; that slash is the only difference allowed.
  const expected = issuer.href;
  const bare = issuer.pathname === "/" ? expected.slice(0, -1) : expected;
  if (body.issuer !== expected && body.issuer !== bare) {
    return "mismatch";
  }
  for (const key of ["authorization_endpoint", "token_endpoint", "registration_endpoint"]) {
    if (body[key] !== undefined && typeof body[key] !== "string") return undefined;
  }
  for (const key of ["code_challenge_methods_supported", "scopes_supported"]) {
    const list = body[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((v) => typeof v === "string"))) {
      return undefined;
    }
  }
  const methods = body.token_endpoint_auth_methods_supported;
  if (
    methods !== undefined &&
    !(Array.isArray(methods) && methods.every((v) => typeof v === "string"))
  ) {
    return undefined;
  }
  return body as unknown as oauth.AuthorizationServer;
}

function requirePkce(
  metadata: oauth.AuthorizationServer,
  trigger: AuthTrigger,
): oauth.AuthorizationServer {
  if (metadata.code_challenge_methods_supported?.includes("S256") !== true) {
    throw authFailure(
      trigger,
      `the authorization server ${maskUrl(metadata.issuer)} does not advertise PKCE with S256 (code_challenge_methods_supported); the runtime refuses to authorize without it`,
    );
  }
  // Both endpoints are where the user's browser and the code go: http(s) URLs, https off loopback.
  endpointUrl(trigger, metadata.authorization_endpoint, "the authorization endpoint");
  endpointUrl(trigger, metadata.token_endpoint, "the token endpoint");
  return metadata;
}
