import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError, type AnyMcpError } from "../../../../runtime/errors.js";
import { requestClientCredentialsToken } from "../../../../runtime/auth/extensions/client-credentials.js";
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

const SECRET = "s3cret:with spaces+plus";

describe("requestClientCredentialsToken", () => {
  it("sends client_secret_basic with each part form-encoded, scope and resource in the body", async () => {
    const server = await serve();
    const token = await requestClientCredentialsToken({
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      client: { method: "client_secret_basic", clientId: "my:client", clientSecret: SECRET },
      scope: "mcp read",
      resource: "https://mcp.example/mcp",
    });
    expect(token).toEqual({
      accessToken: "at-123",
      tokenType: "Bearer",
      expiresIn: 3600,
      scope: "mcp",
    });
    const [request] = server.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/token");
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const basic = request!.headers.authorization!;
    expect(basic.startsWith("Basic ")).toBe(true);
    const [id, secret] = Buffer.from(basic.slice(6), "base64").toString("utf8").split(":");
    expect([decodeURIComponent(id!), decodeURIComponent(secret!)]).toEqual(["my:client", SECRET]);
    expect(Object.fromEntries(request!.form)).toEqual({
      grant_type: "client_credentials",
      scope: "mcp read",
      resource: "https://mcp.example/mcp",
    });
  });

  it("sends client_secret_post in the body and no Authorization header", async () => {
    const server = await serve();
    await requestClientCredentialsToken({
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      client: { method: "client_secret_post", clientId: "c1", clientSecret: SECRET },
    });
    const [request] = server.requests;
    expect(request!.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(request!.form)).toEqual({
      grant_type: "client_credentials",
      client_id: "c1",
      client_secret: SECRET,
    });
  });

  it("signs a private_key_jwt assertion from a PEM key: iss = sub = client id, aud = issuer, jti, short life", async () => {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const server = await serve();
    await requestClientCredentialsToken({
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      client: {
        method: "private_key_jwt",
        clientId: "conformance-test-client",
        privateKey: await exportPKCS8(privateKey),
        algorithm: "ES256",
      },
    });
    const form = server.requests[0]!.form;
    expect(form.get("client_assertion_type")).toBe(
      "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    );
    const assertion = form.get("client_assertion")!;
    const { payload } = await jwtVerify(assertion, publicKey, {
      audience: server.url,
      issuer: "conformance-test-client",
      subject: "conformance-test-client",
    });
    expect(typeof payload.jti).toBe("string");
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(decodeProtectedHeader(assertion).alg).toBe("ES256");
  });

  it("reads the algorithm from a CryptoKey, and two requests carry different jti", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const server = await serve();
    const request = {
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      client: { method: "private_key_jwt", clientId: "c", privateKey } as const,
    };
    await requestClientCredentialsToken(request);
    await requestClientCredentialsToken(request);
    const jtis = await Promise.all(
      server.requests.map(async (r) => {
        const { payload, protectedHeader } = await jwtVerify(
          r.form.get("client_assertion")!,
          publicKey,
        );
        expect(protectedHeader.alg).toBe("RS256");
        return payload.jti;
      }),
    );
    expect(new Set(jtis).size).toBe(2);
  });

  it("rejects a PEM that is not a key for the algorithm with kind input", async () => {
    const error = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: "http://127.0.0.1:9/token",
        issuer: "http://127.0.0.1:9",
        client: { method: "private_key_jwt", clientId: "c", privateKey: "not a key" },
      }),
    );
    expect(error.kind).toBe("input");
    expect(error.message).toContain("PKCS#8");
  });

  it("turns an OAuth error into one auth error with advice, the secret never shown", async () => {
    const server = await serve(() => ({
      status: 401,
      body: { error: "invalid_client", error_description: `bad secret ${SECRET}` },
    }));
    const error = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: `${server.url}/token`,
        issuer: server.url,
        client: { method: "client_secret_post", clientId: "c1", clientSecret: SECRET },
      }),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("invalid_client");
    expect(error.message).toContain("check the client id");
    expect(error.message).not.toContain(SECRET);
    expect(error.data).toMatchObject({ status: 401, error: "invalid_client" });
  });

  it.each([
    ["HTML", "<html>oops</html>"],
    ["no access_token", { token_type: "Bearer" }],
    ["no token_type", { access_token: "x" }],
    ["a negative expires_in", { access_token: "x", token_type: "Bearer", expires_in: -1 }],
  ])("turns a 200 with %s into an auth error naming the endpoint", async (_what, body) => {
    const server = await serve(() => ({ body }));
    const error = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: `${server.url}/token`,
        issuer: server.url,
        client: { method: "client_secret_basic", clientId: "c1", clientSecret: SECRET },
      }),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toContain(`${server.url}/token`);
    expect(error.message).toContain("not a token response");
  });

  it("never follows a redirect from the token endpoint, which would resend the secret", async () => {
    const target = await serve();
    const server = await serve(() => ({
      status: 307,
      headers: { location: `${target.url}/token` },
    }));
    const error = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: `${server.url}/token`,
        issuer: server.url,
        client: { method: "client_secret_post", clientId: "c1", clientSecret: SECRET },
      }),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("redirect");
    expect(error.data).toMatchObject({ status: 307 });
    expect(target.requests).toHaveLength(0);
  });

  it("reports an unreachable endpoint as auth, and an aborted request as cancelled", async () => {
    const unreachable = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: "http://127.0.0.1:9/token",
        issuer: "http://127.0.0.1:9",
        client: { method: "none", clientId: "c" },
      }),
    );
    expect(unreachable.kind).toBe("auth");
    expect(unreachable.message).toContain("could not reach");
    const server = await serve();
    const aborted = await failure(
      requestClientCredentialsToken({
        tokenEndpoint: `${server.url}/token`,
        issuer: server.url,
        client: { method: "none", clientId: "c" },
        signal: AbortSignal.abort(),
      }),
    );
    expect(aborted.kind).toBe("cancelled");
  });
});
