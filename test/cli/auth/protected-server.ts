/**
 * The kitchen-sink MCP server behind OAuth, on one loopback port, for the CLI's auth tests: the
 * protected resource metadata, an authorization server at `/as` (dynamic registration, an
 * authorization endpoint that redirects straight back, a token endpoint for the authorization
 * code with PKCE, refresh and client credentials grants), and `/mcp`, answered only with a token
 * it issued. Every token, code and secret is random per server, so a test can search the CLI's
 * output for each one.
 */
import { createHash, randomBytes } from "node:crypto";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createKitchenSinkServer } from "../../fixtures/servers/index.js";
import { serveFetch } from "../../fixtures/servers/node-fetch-server.js";

export interface ProtectedServer {
  mcpUrl: string;
  /** The pre-registered client for the client credentials grant. */
  machineClient: { id: string; secret: string };
  /** Every secret handed out so far: access and refresh tokens, codes, client secrets. */
  secrets(): string[];
  /** Query of each visit to the authorization endpoint. */
  authorizations: URLSearchParams[];
  /** The redirect URIs of each dynamic registration. */
  registrations: string[][];
  /** `grant_type` of each token request. */
  grants: string[];
  /** Every bearer token `/mcp` was sent, known to it or not, in order. */
  bearers: string[];
  /** A valid access token handed out of band (as a user would paste one from a console). */
  issueToken(): string;
  /** Forgets every access token issued so far (revoked, or the server restarted). */
  revokeAll(): void;
  close(): Promise<void>;
}

const random = (prefix: string) => `${prefix}-${randomBytes(12).toString("hex")}`;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

export interface ProtectedServerOptions {
  /** Adds a tool whose description quotes the access token of the request (a careless server). */
  echoToken?: boolean;
}

export async function startProtectedServer(
  options: ProtectedServerOptions = {},
): Promise<ProtectedServer> {
  let lastBearer = "";
  const handler = createMcpHandler(() => {
    const server = createKitchenSinkServer();
    if (options.echoToken === true) {
      server.registerTool(
        "whoami",
        { description: `Says who you are; you called with ${lastBearer}.` },
        () => ({ content: [{ type: "text", text: "you" }] }),
      );
    }
    return server;
  });
  const machineClient = { id: "machine-client", secret: random("cs") };
  const clients = new Map<string, string>([[machineClient.id, machineClient.secret]]);
  const codes = new Map<string, { challenge: string; clientId: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const handedOut: string[] = [machineClient.secret];
  const authorizations: URLSearchParams[] = [];
  const grants: string[] = [];
  const bearers: string[] = [];
  const registrations: string[][] = [];
  const redirectUris = new Map<string, string[]>();

  const issue = () => {
    const access = random("at");
    const refresh = random("rt");
    accessTokens.add(access);
    refreshTokens.add(refresh);
    handedOut.push(access, refresh);
    return json(200, {
      access_token: access,
      token_type: "Bearer",
      refresh_token: refresh,
      expires_in: 3600,
    });
  };

  /** The client of a token request: HTTP Basic or form fields, checked against its secret. */
  const authenticate = (request: Request, form: URLSearchParams): string | undefined => {
    const basic = /^Basic (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    const [id, secret] =
      basic === undefined
        ? [form.get("client_id"), form.get("client_secret")]
        : Buffer.from(basic, "base64")
            .toString("utf8")
            .split(":")
            .map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    return id !== null && id !== undefined && clients.get(id) === secret ? id : undefined;
  };

  const token = async (request: Request): Promise<Response> => {
    const form = new URLSearchParams(await request.text());
    const grant = form.get("grant_type") ?? "";
    grants.push(grant);
    const clientId = authenticate(request, form);
    if (clientId === undefined) return json(401, { error: "invalid_client" });
    if (grant === "client_credentials") return issue();
    if (grant === "refresh_token") {
      if (!refreshTokens.delete(form.get("refresh_token") ?? "")) {
        return json(400, { error: "invalid_grant" });
      }
      return issue();
    }
    const code = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    const challenge = createHash("sha256")
      .update(form.get("code_verifier") ?? "")
      .digest("base64url");
    if (code === undefined || code.challenge !== challenge || code.clientId !== clientId) {
      return json(400, { error: "invalid_grant" });
    }
    return issue();
  };

  const running = await serveFetch(async (request) => {
    const url = new URL(request.url);
    const issuer = `${url.origin}/as`;
    switch (`${request.method} ${url.pathname}`) {
      case "GET /.well-known/oauth-protected-resource/mcp":
        return json(200, {
          resource: `${url.origin}/mcp`,
          authorization_servers: [issuer],
          scopes_supported: ["mcp"],
        });
      case "GET /.well-known/oauth-authorization-server/as":
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          registration_endpoint: `${issuer}/register`,
          code_challenge_methods_supported: ["S256"],
          grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
          authorization_response_iss_parameter_supported: true,
        });
      case "POST /as/register": {
        const id = random("client");
        const secret = random("cs");
        clients.set(id, secret);
        handedOut.push(secret);
        const metadata = (await request.json()) as { redirect_uris?: string[] };
        registrations.push(metadata.redirect_uris ?? []);
        redirectUris.set(id, metadata.redirect_uris ?? []);
        return json(201, { ...metadata, client_id: id, client_secret: secret });
      }
      case "GET /as/authorize": {
        const query = url.searchParams;
        authorizations.push(query);
        // Strict, as some servers are: exactly a registered redirect URI, port included.
        const registered = redirectUris.get(query.get("client_id") ?? "") ?? [];
        if (!registered.includes(query.get("redirect_uri") ?? "")) {
          return json(400, { error: "invalid_request", error_description: "bad redirect_uri" });
        }
        const code = random("code");
        handedOut.push(code);
        codes.set(code, {
          challenge: query.get("code_challenge") ?? "",
          clientId: query.get("client_id") ?? "",
        });
        const back = new URL(query.get("redirect_uri") ?? "");
        back.searchParams.set("code", code);
        back.searchParams.set("state", query.get("state") ?? "");
        back.searchParams.set("iss", issuer);
        return new Response(null, { status: 302, headers: { location: back.href } });
      }
      case "POST /as/token":
        return token(request);
    }
    if (url.pathname !== "/mcp") return json(404, { error: "not_found" });
    const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    if (bearer !== undefined) bearers.push(bearer);
    if (bearer === undefined || !accessTokens.has(bearer)) {
      return json(
        401,
        { error: "invalid_token" },
        {
          // A careless server quotes the token it refused: the CLI must mask it.
          "www-authenticate": `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp"${bearer === undefined ? "" : `, error="invalid_token", error_description="unknown token ${bearer}"`}`,
        },
      );
    }
    lastBearer = bearer;
    return handler.fetch(request);
  }, "/mcp");

  return {
    mcpUrl: running.url,
    machineClient,
    secrets: () => [...handedOut],
    authorizations,
    grants,
    bearers,
    registrations,
    issueToken: () => {
      const access = random("at");
      accessTokens.add(access);
      handedOut.push(access);
      return access;
    },
    revokeAll: () => accessTokens.clear(),
    close: async () => {
      await handler.close();
      await running.close();
    },
  };
}
