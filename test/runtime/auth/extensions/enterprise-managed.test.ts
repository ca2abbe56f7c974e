import { decodeJwt, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError } from "../../../../runtime/errors.js";
import {
  requestEnterpriseManagedToken,
  requestIdJag,
} from "../../../../runtime/auth/extensions/enterprise-managed.js";
import { startTokenServer, type RecordedRequest, type TokenServer } from "./token-server.js";

const servers: TokenServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const idpKeys = await generateKeyPair("ES256");
const MCP = "https://mcp.example/mcp";

/** An identity provider that exchanges an ID token for an ID-JAG, checking what it was sent. */
async function identityProvider(issuedTokenType = "urn:ietf:params:oauth:token-type:id-jag") {
  const server = await startTokenServer(async ({ form }: RecordedRequest) => {
    const valid = await jwtVerify(form.get("subject_token")!, idpKeys.publicKey, {
      audience: "idp-client",
    }).then(
      () => true,
      () => false,
    );
    if (!valid) return { status: 400, body: { error: "invalid_grant" } };
    const jag = await new SignJWT({ resource: form.get("resource"), client_id: "mcp-client" })
      .setProtectedHeader({ alg: "ES256", typ: "oauth-id-jag+jwt" })
      .setIssuer("https://idp.example")
      .setSubject("user@example.com")
      .setAudience(form.get("audience")!)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(idpKeys.privateKey);
    return { body: { access_token: jag, issued_token_type: issuedTokenType, token_type: "N_A" } };
  });
  servers.push(server);
  return server;
}

const idToken = () =>
  new SignJWT({ email: "user@example.com" })
    .setProtectedHeader({ alg: "ES256" })
    .setIssuer("https://idp.example")
    .setSubject("user@example.com")
    .setAudience("idp-client")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(idpKeys.privateKey);

describe("enterprise-managed authorization", () => {
  it("exchanges the ID token for an ID-JAG at the IdP, then the ID-JAG for a token at the AS", async () => {
    const idp = await identityProvider();
    const as = await startTokenServer(() => ({
      body: { access_token: "mcp-token", token_type: "Bearer" },
    }));
    servers.push(as);
    const token = await requestEnterpriseManagedToken({
      tokenEndpoint: `${as.url}/token`,
      issuer: as.url,
      client: { method: "client_secret_basic", clientId: "mcp-client", clientSecret: "mcp-secret" },
      resource: MCP,
      scope: "mcp",
      identityProvider: {
        tokenEndpoint: `${idp.url}/token`,
        issuer: idp.url,
        client: { method: "none", clientId: "idp-client" },
        subjectToken: idToken,
      },
    });
    expect(token).toEqual({ accessToken: "mcp-token", tokenType: "Bearer" });

    const exchange = Object.fromEntries(idp.requests[0]!.form);
    expect(exchange).toMatchObject({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      audience: as.url,
      resource: MCP,
      scope: "mcp",
      client_id: "idp-client",
    });

    const grant = as.requests[0]!;
    expect(grant.form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    expect(grant.headers.authorization).toBe(`Basic ${btoa("mcp-client:mcp-secret")}`);
    expect(decodeJwt(grant.form.get("assertion")!)).toMatchObject({ aud: as.url, resource: MCP });
  });

  it("refuses an answer that is not an ID-JAG, and never sends it on", async () => {
    const idp = await identityProvider("urn:ietf:params:oauth:token-type:access_token");
    const error: unknown = await requestIdJag({
      identityProvider: {
        tokenEndpoint: `${idp.url}/token`,
        issuer: idp.url,
        client: { method: "none", clientId: "idp-client" },
        subjectToken: await idToken(),
      },
      audience: "https://as.example",
      resource: MCP,
    }).catch((reason: unknown) => reason);
    expect(isMcpError(error) && error.kind).toBe("auth");
    expect(String((error as Error).message)).toContain("not an ID-JAG");
  });
});
