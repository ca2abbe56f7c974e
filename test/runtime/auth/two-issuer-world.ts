/**
 * An MCP server whose authorization server can change under the client, for the tests of issue
 * 20's credential binding: three loopback servers, each recording every request it receives.
 *
 * - `mcp`: `/mcp` (answered only with a token A or B issued, else 401 naming the protected
 *   resource metadata), that metadata (naming A, B, or absent), and at its own root an RFC 8414
 *   document (absent, its own, or one claiming A's issuer) with `/token`, `/register` and
 *   `/authorize` beside it: the endpoints a client guessing a 2025-03-26 server would use.
 * - `a`: the authorization server the client's credentials were registered with (issuer `/a`),
 *   and the enterprise identity provider (`/idp/token`).
 * - `b`: another authorization server (issuer `/b`), which takes any client and secret, so a
 *   leaked credential would work there, silently. Its metadata can claim A's issuer.
 *
 * `leaks()` lists every request that carried a credential somewhere other than A's token
 * endpoint: in the URL, a header (Basic pairs decoded) or the body.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { AuthorizationRedirect } from "../../../runtime/auth/authorization-redirect.js";
import type { Received, TestServer } from "../http-test-server.js";
import { sendJson, startServer } from "../http-test-server.js";

export const CLIENT_ID = "machine-client";
export const CLIENT_SECRET = "cs-a-7d1e93b04c";
/** The workload's JWT, which A takes as a JWT-bearer assertion. */
export const WORKLOAD_JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZC1hIn0.c2ln";
export const ID_TOKEN = "id-token-of-alice";

const DISCOVERED = {
  resultType: "complete",
  supportedVersions: ["2026-07-28"],
  capabilities: {},
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "moving", version: "1.0.0" } },
};

/** What the protected resource metadata names (`absent`: 404 at every well-known URL). */
export type ResourceState = "A" | "B" | "absent";
/** The RFC 8414 document at the MCP server's own root. */
export type RootState = "absent" | "own" | "claims-A";

export interface TwoIssuerWorld {
  mcp: TestServer;
  a: TestServer;
  b: TestServer;
  mcpUrl: string;
  issuerA: string;
  issuerB: string;
  /** What the protected resource metadata names now; change it to move the server. */
  resource: ResourceState;
  /** The document at the MCP server's root now. */
  root: RootState;
  /** B's metadata names A's issuer instead of its own. */
  bClaimsA: boolean;
  /** Refresh tokens A issued: credentials as much as the secret. */
  refreshTokensOfA(): string[];
  /** Forgets every access token (the MCP server restarted): the next request meets a 401. */
  revokeAll(): void;
  /** Requests that carried one of `secrets` anywhere but A's token endpoint. */
  leaks(secrets: readonly string[]): string[];
  /** A redirect that follows the authorization server's 302 without a browser. */
  redirect: AuthorizationRedirect;
  close(): Promise<void>;
}

interface Issuer {
  server: TestServer;
  issuer: string;
  refreshTokens: Set<string>;
}

export async function startTwoIssuerWorld(): Promise<TwoIssuerWorld> {
  const accessTokens = new Set<string>();
  let next = 1;
  const mint = (prefix: string) => `${prefix}-${next++}-${randomBytes(6).toString("hex")}`;

  const a = await startIssuer("a", { strict: true });
  const b = await startIssuer("b", { strict: false });

  const world = {
    resource: "A" as ResourceState,
    root: "absent" as RootState,
    bClaimsA: false,
  };

  const mcp = await startServer((received, res) => {
    const origin = `http://${received.headers.host ?? ""}`;
    const url = new URL(received.url, origin);
    switch (`${received.method} ${url.pathname}`) {
      case "POST /mcp":
        return answerMcp(received, res, origin);
      case "GET /.well-known/oauth-protected-resource/mcp":
      case "GET /.well-known/oauth-protected-resource":
        if (world.resource === "absent") return sendJson(res, 404, { error: "not_found" });
        return sendJson(res, 200, {
          resource: `${origin}/mcp`,
          authorization_servers: [world.resource === "A" ? a.issuer : b.issuer],
        });
      case "GET /.well-known/oauth-authorization-server":
        if (world.root === "absent") return sendJson(res, 404, { error: "not_found" });
        return sendJson(res, 200, metadata(world.root === "own" ? origin : a.issuer, origin));
      case "POST /token":
        // A guessed 2025-03-26 endpoint: takes anything, so a leak would go unnoticed.
        return issue(res, undefined);
      case "POST /register":
        return sendJson(res, 201, { client_id: "guessed-client", client_secret: "guessed-secret" });
      default:
        return sendJson(res, 404, { error: "not_found" });
    }
  });

  function answerMcp(received: Received, res: ServerResponse, origin: string): void {
    const bearer = /^Bearer (.+)$/.exec(received.headers.authorization ?? "")?.[1];
    if (bearer === undefined || !accessTokens.has(bearer)) {
      // A server without metadata names none in its challenge either.
      const challenge =
        world.resource === "absent"
          ? "Bearer"
          : `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
      return sendJson(res, 401, { error: "invalid_token" }, { "www-authenticate": challenge });
    }
    sendJson(res, 200, {
      jsonrpc: "2.0",
      id: received.message?.id,
      result:
        received.message?.method === "server/discover" ? DISCOVERED : { resultType: "complete" },
    });
  }

  /** RFC 8414 metadata for `issuer`, its endpoints under `base`. */
  function metadata(issuer: string, base: string): Record<string, unknown> {
    return {
      issuer,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    };
  }

  function issue(res: ServerResponse, refreshTokens: Set<string> | undefined): void {
    const access = mint("at");
    const refresh = mint("rt");
    accessTokens.add(access);
    refreshTokens?.add(refresh);
    sendJson(res, 200, {
      access_token: access,
      token_type: "Bearer",
      refresh_token: refresh,
      expires_in: 3600,
    });
  }

  /**
   * An authorization server at `/<name>`: A checks the client's secret, the workload's JWT and
   * its own refresh tokens; B takes anything (a leak must not depend on B refusing it).
   */
  async function startIssuer(name: string, { strict }: { strict: boolean }): Promise<Issuer> {
    const refreshTokens = new Set<string>();
    const self: Issuer = { server: undefined as unknown as TestServer, issuer: "", refreshTokens };
    self.server = await startServer((received, res) => {
      const origin = `http://${received.headers.host ?? ""}`;
      const url = new URL(received.url, origin);
      const issuer = `${origin}/${name}`;
      switch (`${received.method} ${url.pathname}`) {
        case `GET /.well-known/oauth-authorization-server/${name}`:
          return sendJson(
            res,
            200,
            metadata(name === "b" && world.bClaimsA ? a.issuer : issuer, issuer),
          );
        case `POST /${name}/register`:
          return sendJson(res, 201, {
            ...(JSON.parse(received.body) as object),
            client_id: `registered-at-${name}`,
            client_secret: `secret-of-${name}`,
          });
        case `GET /${name}/authorize`: {
          const code = mint("code");
          const back = new URL(url.searchParams.get("redirect_uri") ?? "");
          back.searchParams.set("code", code);
          back.searchParams.set("state", url.searchParams.get("state") ?? "");
          back.searchParams.set("iss", issuer);
          res.writeHead(302, { location: back.href });
          res.end();
          return;
        }
        case `POST /${name}/token`:
          return token(received, res, strict, refreshTokens);
        case "POST /idp/token": {
          const form = new URLSearchParams(received.body);
          if (form.get("subject_token") !== ID_TOKEN) {
            return sendJson(res, 400, { error: "invalid_grant" });
          }
          // An identity assertion for the audience asked for: only A takes its own.
          return sendJson(res, 200, {
            access_token: `id-jag-for ${form.get("audience") ?? ""}`,
            issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
            token_type: "N_A",
          });
        }
        default:
          return sendJson(res, 404, { error: "not_found" });
      }
    });
    self.issuer = `${new URL(self.server.url).origin}/${name}`;
    return self;
  }

  function token(
    received: Received,
    res: ServerResponse,
    strict: boolean,
    refreshTokens: Set<string>,
  ): void {
    const form = new URLSearchParams(received.body);
    if (strict) {
      const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
      const grant = form.get("grant_type");
      const authenticated =
        received.headers.authorization === basic ||
        (form.get("client_id") === CLIENT_ID && form.get("client_secret") === CLIENT_SECRET) ||
        // A workload authenticates with its JWT alone.
        (grant === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
          (form.get("assertion") === WORKLOAD_JWT ||
            form.get("assertion") === `id-jag-for ${a.issuer}`));
      if (!authenticated) return sendJson(res, 401, { error: "invalid_client" });
      if (grant === "refresh_token" && !refreshTokens.delete(form.get("refresh_token") ?? "")) {
        return sendJson(res, 400, { error: "invalid_grant" });
      }
    }
    issue(res, refreshTokens);
  }

  const tokenEndpointOfA = `${a.issuer}/token`;
  return {
    mcp,
    a: a.server,
    b: b.server,
    mcpUrl: mcp.url,
    issuerA: a.issuer,
    issuerB: b.issuer,
    get resource() {
      return world.resource;
    },
    set resource(value) {
      world.resource = value;
    },
    get root() {
      return world.root;
    },
    set root(value) {
      world.root = value;
    },
    get bClaimsA() {
      return world.bClaimsA;
    },
    set bClaimsA(value) {
      world.bClaimsA = value;
    },
    refreshTokensOfA: () => [...a.refreshTokens],
    revokeAll: () => accessTokens.clear(),
    leaks(secrets) {
      const found: string[] = [];
      for (const [name, server] of [
        ["mcp", mcp],
        ["a", a.server],
        ["b", b.server],
      ] as const) {
        const origin = new URL(server.url).origin;
        for (const request of server.received) {
          const at = `${origin}${new URL(request.url, origin).pathname}`;
          if (request.method === "POST" && at === tokenEndpointOfA) continue;
          const text = haystack(request);
          for (const secret of secrets) {
            if (text.includes(secret)) found.push(`${name}: ${request.method} ${request.url}`);
          }
        }
      }
      return found;
    },
    redirect: followRedirect("http://127.0.0.1:1/callback"),
    close: async () => {
      await Promise.all([mcp.close(), a.server.close(), b.server.close()]);
    },
  };
}

/** Everything a request carried, with Basic credentials and form fields decoded. */
function haystack(request: Received): string {
  const parts = [request.url, JSON.stringify(request.headers), request.body];
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (basic !== undefined) parts.push(Buffer.from(basic, "base64").toString("utf8"));
  try {
    parts.push(...new URLSearchParams(request.body).values());
    parts.push(...new URL(request.url, "http://x").searchParams.values());
  } catch {
    // Not a form: the raw body is searched already.
  }
  return parts.join("\n");
}

/** Follows the authorization server's redirect without a browser: its `Location` is the answer. */
function followRedirect(redirectUri: string): AuthorizationRedirect {
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
