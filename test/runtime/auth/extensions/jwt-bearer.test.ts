import { generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError, type AnyMcpError } from "../../../../runtime/errors.js";
import { requestJwtBearerToken } from "../../../../runtime/auth/extensions/jwt-bearer.js";
import { startTokenServer, TOKEN, type Answer, type TokenServer } from "./token-server.js";

const servers: TokenServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: () => Answer = () => TOKEN): Promise<TokenServer> {
  const server = await startTokenServer(handler);
  servers.push(server);
  return server;
}

async function failure(promise: Promise<unknown>): Promise<AnyMcpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isMcpError(error)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

const { publicKey, privateKey } = await generateKeyPair("ES256");
const workloadJwt = (audience: string, jti: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: "ES256" })
    .setIssuer("https://idp.example")
    .setSubject("workload")
    .setAudience(audience)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(privateKey);

describe("requestJwtBearerToken", () => {
  it("exchanges the workload's JWT as the assertion, with scope and resource, reading it fresh each time", async () => {
    const server = await serve();
    let calls = 0;
    const request = {
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      assertion: () => workloadJwt(server.url, `j${++calls}`),
      client: { method: "none", clientId: "conformance-wif-workload" } as const,
      scope: "mcp",
      resource: "https://mcp.example/mcp",
    };
    expect(await requestJwtBearerToken(request)).toMatchObject({ accessToken: "at-123" });
    await requestJwtBearerToken(request);
    const forms = server.requests.map((r) => r.form);
    expect(forms[0]!.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    expect(forms[0]!.get("scope")).toBe("mcp");
    expect(forms[0]!.get("resource")).toBe("https://mcp.example/mcp");
    expect(forms[0]!.get("client_id")).toBe("conformance-wif-workload");
    const jtis = await Promise.all(
      forms.map(
        async (f) =>
          (await jwtVerify(f.get("assertion")!, publicKey, { audience: server.url })).payload.jti,
      ),
    );
    expect(jtis).toEqual(["j1", "j2"]);
  });

  it.each([
    ["invalid_grant", "obtain a fresh one"],
    ["invalid_scope", "request only scopes"],
    ["unauthorized_client", "allow this grant type"],
  ])("surfaces %s once, without retrying or quoting the assertion", async (code, advice) => {
    const server = await serve(() => ({ status: 400, body: { error: code } }));
    const assertion = await workloadJwt(server.url, "j");
    const error = await failure(
      requestJwtBearerToken({
        tokenEndpoint: `${server.url}/token`,
        issuer: server.url,
        assertion,
      }),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toContain(code);
    expect(error.message).toContain(advice);
    expect(error.message).not.toContain(assertion);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects a source that throws or gives something other than a JWT, before any request", async () => {
    const server = await serve();
    const base = { tokenEndpoint: `${server.url}/token`, issuer: server.url };
    const thrown = await failure(
      requestJwtBearerToken({
        ...base,
        assertion: () => {
          throw new Error("ENOENT /var/run/token");
        },
      }),
    );
    expect(thrown.kind).toBe("input");
    expect(thrown.message).toContain("failed");
    const path = await failure(requestJwtBearerToken({ ...base, assertion: "/var/run/token" }));
    expect(path.kind).toBe("input");
    expect(path.message).toContain("not a compact JWT");
    expect(server.requests).toHaveLength(0);
  });
});
