/**
 * A protected MCP server and its authorization server on one loopback `node:http` server, for
 * the OAuth tests: `/mcp` answers JSON-RPC (`server/discover` with its description, anything
 * else with an empty result) only with a token it issued (401 with a Bearer
 * challenge otherwise, 403 `insufficient_scope` while a required scope is missing), the
 * well-known documents describe it, and `/tenant1/*` is an authorization server with an issuer
 * path that registers clients, redirects straight back from `/authorize` and issues tokens after
 * checking the PKCE verifier. Everything each endpoint received is recorded.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { AuthorizationRedirect } from "../../../runtime/auth/authorization-redirect.js";
import type { Received, TestServer } from "../http-test-server.js";
import { sendJson, startServer } from "../http-test-server.js";

export const CLIENT_SECRET = "dyn-secret-4f1c9a7e2b";
/** The one ID token the identity provider (`/idp/token`) exchanges. */
export const ID_TOKEN = "id-token-for-alice";
/** The one workload JWT the authorization server accepts as a JWT-bearer assertion. */
export const WORKLOAD_JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2lnbmF0dXJl";

/** What `/mcp` answers to `server/discover`, so a client can connect with the probe too. */
const DISCOVERED = {
  resultType: "complete",
  supportedVersions: ["2026-07-28"],
  capabilities: {},
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "protected", version: "1.0.0" } },
};

export interface WorldOptions {
  /** Scopes every MCP request needs (403 `insufficient_scope` names the missing ones). */
  requiredScopes?: string[];
  /** The `scope` of the 401 challenge. */
  challengeScope?: string;
  /** The only scopes the authorization server grants (default: whatever is asked). */
  grantable?: string[];
  /** Seconds a token lives (`expires_in`). */
  expiresIn?: number;
  /** Replaces fields of the authorization server metadata. */
  metadata?: Record<string, unknown>;
  /** Replaces fields of the protected resource metadata. */
  resourceMetadata?: Record<string, unknown>;
  /** Whether the 401 names the metadata URL (default true). */
  challengeNamesMetadata?: boolean;
  /** What `/authorize` adds to the redirect (default: `iss` = the issuer). */
  iss?: string | null;
  /**
   * Paths never answered (read at each request, so a test can add one later): `head` sends
   * nothing, `body` sends the status and headers and then stalls.
   */
  hang?: Map<string, "head" | "body">;
  /** Paths answered only after this many milliseconds: slow, not silent. */
  delay?: Map<string, number>;
}

export interface World {
  server: TestServer;
  mcpUrl: string;
  issuer: string;
  /** Requests to a path (e.g. `/tenant1/token`). */
  at(path: string): Received[];
  /** Query parameters of each `/authorize` visit. */
  authorizations: URLSearchParams[];
  /** Form bodies of each token request. */
  tokenRequests: URLSearchParams[];
  /** Access tokens issued, in order. */
  issued: string[];
  /** Forgets every token issued so far (the server restarted). */
  revokeAll(): void;
  redirect: AuthorizationRedirect;
  close(): Promise<void>;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const codes = new Map<string, { challenge: string; scope: string }>();
  const tokens = new Map<string, string[]>();
  const refreshTokens = new Map<string, string>();
  const authorizations: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const issued: string[] = [];
  let next = 1;
  // Registered clients are client-1, client-2, …; client-1 also serves the grants without one.
  let registrations = 0;
  let origin = "";

  const delayed = new WeakSet<object>();
  const server = await startServer(function answer(received, res) {
    const url = new URL(received.url, origin);
    const delay = options.delay?.get(url.pathname);
    if (delay !== undefined && !delayed.has(received)) {
      delayed.add(received);
      setTimeout(() => answer(received, res), delay);
      return;
    }
    const issuer = `${origin}/tenant1`;
    const hang = options.hang?.get(url.pathname);
    if (hang === "body") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"resource": ');
    }
    if (hang !== undefined) return;
    switch (`${received.method} ${url.pathname}`) {
      case "POST /mcp":
        return mcp(received, res);
      case "GET /.well-known/oauth-protected-resource/mcp":
        return sendJson(res, 200, {
          resource: `${origin}/mcp`,
          authorization_servers: [issuer],
          scopes_supported: ["read", "write"],
          ...options.resourceMetadata,
        });
      case "GET /.well-known/oauth-authorization-server/tenant1":
        return sendJson(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          registration_endpoint: `${issuer}/register`,
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
          scopes_supported: ["read", "write", "offline_access"],
          ...options.metadata,
        });
      case "POST /tenant1/register":
        return sendJson(res, 201, {
          ...(JSON.parse(received.body) as object),
          client_id: `client-${++registrations}`,
          client_secret: CLIENT_SECRET,
        });
      case "GET /tenant1/authorize": {
        const query = url.searchParams;
        authorizations.push(query);
        const code = `code-${next++}`;
        codes.set(code, {
          challenge: query.get("code_challenge") ?? "",
          scope: query.get("scope") ?? "",
        });
        const back = new URL(query.get("redirect_uri") ?? "");
        back.searchParams.set("code", code);
        back.searchParams.set("state", query.get("state") ?? "");
        const iss = options.iss === undefined ? issuer : options.iss;
        if (iss !== null) back.searchParams.set("iss", iss);
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
      case "POST /idp/token": {
        // An identity provider: the one ID token it knows becomes an ID-JAG (here the JWT the
        // authorization server accepts as a JWT-bearer assertion).
        const form = new URLSearchParams(received.body);
        if (form.get("subject_token") !== ID_TOKEN) {
          return sendJson(res, 400, { error: "invalid_grant" });
        }
        return sendJson(res, 200, {
          access_token: WORKLOAD_JWT,
          issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
          token_type: "N_A",
        });
      }
      case "POST /tenant1/token":
        return token(received, res);
      default:
        return sendJson(res, 404, { error: "not_found" });
    }
  });
  origin = new URL(server.url).origin;

  function grant(res: ServerResponse, scope: string): void {
    const access = `at-${next++}`;
    const refresh = `rt-${next++}`;
    const asked = scope.split(" ").filter((s) => s !== "");
    const { grantable } = options;
    tokens.set(
      access,
      grantable === undefined ? asked : asked.filter((s) => grantable.includes(s)),
    );
    refreshTokens.set(refresh, scope);
    issued.push(access);
    sendJson(res, 200, {
      access_token: access,
      token_type: "Bearer",
      refresh_token: refresh,
      ...(options.expiresIn === undefined ? {} : { expires_in: options.expiresIn }),
    });
  }

  function token(received: Received, res: ServerResponse): void {
    const form = new URLSearchParams(received.body);
    tokenRequests.push(form);
    const known = Array.from({ length: Math.max(registrations, 1) }, (_, i) => `client-${i + 1}`);
    const basic = known.map(
      (id) => `Basic ${Buffer.from(`${id}:${CLIENT_SECRET}`).toString("base64")}`,
    );
    if (
      !basic.includes(received.headers.authorization ?? "") &&
      !known.includes(form.get("client_id") ?? "")
    ) {
      return sendJson(res, 401, { error: "invalid_client" });
    }
    if (form.get("grant_type") === "client_credentials") return grant(res, form.get("scope") ?? "");
    if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      if (form.get("assertion") !== WORKLOAD_JWT) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "bad assertion" });
      }
      return grant(res, form.get("scope") ?? "");
    }
    if (form.get("grant_type") === "refresh_token") {
      const scope = refreshTokens.get(form.get("refresh_token") ?? "");
      if (scope === undefined) return sendJson(res, 400, { error: "invalid_grant" });
      return grant(res, scope);
    }
    const code = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (code === undefined || code.challenge !== challenge) {
      return sendJson(res, 400, { error: "invalid_grant" });
    }
    return grant(res, code.scope);
  }

  function mcp(received: Received, res: ServerResponse): void {
    const bearer = /^Bearer (.+)$/.exec(received.headers.authorization ?? "")?.[1];
    const scopes = bearer === undefined ? undefined : tokens.get(bearer);
    if (scopes === undefined) {
      const parts = [];
      if (options.challengeNamesMetadata !== false) {
        parts.push(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
      }
      if (options.challengeScope !== undefined) parts.push(`scope="${options.challengeScope}"`);
      return sendJson(
        res,
        401,
        { error: "invalid_token" },
        {
          "www-authenticate": `Bearer ${parts.join(", ")}`.trim(),
        },
      );
    }
    const missing = (options.requiredScopes ?? []).filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) {
      return sendJson(
        res,
        403,
        { error: "insufficient_scope" },
        {
          "www-authenticate": `Bearer error="insufficient_scope", scope="${missing.join(" ")}"`,
        },
      );
    }
    sendJson(res, 200, {
      jsonrpc: "2.0",
      id: received.message?.id,
      result:
        received.message?.method === "server/discover" ? DISCOVERED : { resultType: "complete" },
    });
  }

  return {
    server,
    mcpUrl: `${origin}/mcp`,
    issuer: `${origin}/tenant1`,
    at: (path) => server.received.filter((r) => new URL(r.url, origin).pathname === path),
    authorizations,
    tokenRequests,
    issued,
    revokeAll: () => tokens.clear(),
    redirect: headlessRedirect(`http://127.0.0.1:1/callback`),
    close: () => server.close(),
  };
}

/** Follows the authorization server's redirect without a browser: its `Location` is the answer. */
export function headlessRedirect(redirectUri: string): AuthorizationRedirect {
  return {
    redirectUri,
    async authorize(authorizationUrl, signal) {
      const response = await fetch(authorizationUrl, {
        redirect: "manual",
        ...(signal === undefined ? {} : { signal }),
      });
      await response.body?.cancel();
      return new URL(response.headers.get("location") ?? "", authorizationUrl);
    },
  };
}
