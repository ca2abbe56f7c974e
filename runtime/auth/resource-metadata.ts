/**
 * Protected Resource Metadata (RFC 9728) for an MCP server: where to find it (the `resource_metadata`
 * URL of the 401 challenge, else the path-inserted well-known URL, else the root one), what a usable
 * document holds, and the check that it describes this server and not another.
 */
import type { FetchFunction } from "../http/index.js";
import { maskUrl } from "../basics/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure } from "./auth-failure.js";
import { endpointUrl, getJson } from "./auth-http.js";

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** What the flow uses of a Protected Resource Metadata document. */
export interface ResourceMetadata {
  /** The resource identifier: the `resource` parameter of authorization and token requests. */
  resource: string;
  /** The authorization server chosen (the first listed). */
  authorizationServer: URL;
  scopesSupported?: string[];
  /**
   * No protected resource metadata anywhere: a server of the 2025-03-26 revision, whose own
   * origin is its authorization server if it publishes RFC 8414 metadata there (its `issuer`
   * checked like any other); its default endpoints are never guessed.
   */
  legacy?: true;
}

/** Where to look for the document, in the spec's order. */
export function resourceMetadataUrls(serverUrl: URL, challengeUrl: string | undefined): string[] {
  if (challengeUrl !== undefined) return [challengeUrl];
  const path = serverUrl.pathname.replace(/\/+$/, "");
  const root = `${serverUrl.origin}${WELL_KNOWN}`;
  return path === "" ? [root] : [`${root}${path}`, root];
}

/** Fetches and checks the metadata of the MCP server at `serverUrl`. */
export async function discoverResourceMetadata(
  fetchFn: FetchFunction,
  serverUrl: URL,
  challengeUrl: string | undefined,
  trigger: AuthTrigger,
  signal: AbortSignal | undefined,
): Promise<ResourceMetadata> {
  const tried: string[] = [];
  let allMissing = true;
  for (const candidate of resourceMetadataUrls(serverUrl, challengeUrl)) {
    const url = endpointUrl(trigger, candidate, "the protected resource metadata URL");
    const what = `the protected resource metadata at ${maskUrl(url)}`;
    const got = await getJson(fetchFn, url, trigger, signal, what);
    tried.push(`${maskUrl(url)} (HTTP ${got.status})`);
    if (got.status === 200) return parseResourceMetadata(got.body, serverUrl, url, trigger);
    allMissing &&= got.status === 404;
  }
  // A challenge that names no metadata, and none at the well-known URLs: the 2025-03-26 way, where
  // the MCP server's origin is the authorization server, if its metadata there says so.
  if (challengeUrl === undefined && allMissing) {
    return {
      resource: `${serverUrl.origin}${serverUrl.pathname}`,
      authorizationServer: endpointUrl(trigger, serverUrl.origin, "the MCP server's origin"),
      legacy: true,
    };
  }
  throw authFailure(
    trigger,
    `the server requires OAuth but publishes no protected resource metadata (tried ${tried.join(", ")}); ask its operator, or pass an Authorization header`,
  );
}

/**
 * The usable part of a document, or an `auth` error saying what is wrong with it. Untrusted
 * input: anything that is not the documented shape is refused, never thrown as anything else.
 */
export function parseResourceMetadata(
  body: Record<string, unknown> | undefined,
  serverUrl: URL,
  from: URL,
  trigger: AuthTrigger,
): ResourceMetadata {
  const where = `the protected resource metadata at ${maskUrl(from)}`;
  if (body === undefined) throw authFailure(trigger, `${where} is not a JSON object`);
  const { resource, authorization_servers: servers, scopes_supported: scopes } = body;
  if (typeof resource !== "string" || !resourceMatches(resource, serverUrl)) {
    throw authFailure(
      trigger,
      `${where} describes another resource, not ${maskUrl(serverUrl)}; refusing to authorize against it`,
    );
  }
  if (!Array.isArray(servers) || servers.length === 0 || typeof servers[0] !== "string") {
    throw authFailure(trigger, `${where} lists no authorization server`);
  }
  const metadata: ResourceMetadata = {
    resource,
    authorizationServer: endpointUrl(trigger, servers[0], "the authorization server URL"),
  };
  if (Array.isArray(scopes) && scopes.every((scope) => typeof scope === "string")) {
    metadata.scopesSupported = scopes.filter((scope) => scope !== "");
  }
  return metadata;
}

/**
 * True when `resource` identifies the server at `serverUrl`: the same origin, and a path that is
 * the server's path or a parent of it at a segment boundary (one protected resource may serve
 * several endpoints below it).
 */
export function resourceMatches(resource: string, serverUrl: URL): boolean {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return false;
  }
  if (url.origin !== serverUrl.origin || url.search !== "" || url.hash !== "") return false;
  const own = url.pathname.replace(/\/+$/, "");
  const server = serverUrl.pathname.replace(/\/+$/, "");
  return server === own || server.startsWith(`${own}/`);
}
