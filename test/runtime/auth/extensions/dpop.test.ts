import { createHash } from "node:crypto";
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWTPayload,
} from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpError } from "../../../../runtime/errors.js";
import { requestClientCredentialsToken } from "../../../../runtime/auth/extensions/client-credentials.js";
import {
  createDpop,
  dpopAlgorithm,
  dpopHeaders,
  dpopProof,
} from "../../../../runtime/auth/extensions/dpop.js";
import {
  dpopNonceCache,
  isDpopNonceChallenge,
} from "../../../../runtime/auth/extensions/dpop-nonce.js";
import { startTokenServer, type Answer, type TokenServer } from "./token-server.js";

const servers: TokenServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: (proof: JWTPayload) => Answer): Promise<TokenServer> {
  const server = await startTokenServer(async (request) => {
    const proof = request.headers.dpop;
    if (typeof proof !== "string") return { status: 400, body: { error: "invalid_dpop_proof" } };
    return handler(await verifyProof(proof));
  });
  servers.push(server);
  return server;
}

/** Checks a proof the way RFC 9449 §4.3 has a server check it, and returns its claims. */
async function verifyProof(proof: string): Promise<JWTPayload> {
  const header = decodeProtectedHeader(proof);
  expect(header.typ).toBe("dpop+jwt");
  expect(header.jwk).toBeDefined();
  expect(header.jwk).not.toHaveProperty("d");
  const key = await importJWK(header.jwk!, header.alg);
  const { payload } = await jwtVerify(proof, key);
  expect(typeof payload.jti).toBe("string");
  expect(typeof payload.iat).toBe("number");
  return payload;
}

const sha256 = (text: string) => createHash("sha256").update(text, "ascii").digest("base64url");

describe("DPoP proofs", () => {
  it("sign htm, htu without query or fragment, ath of the token, a fresh jti each time, ES256", async () => {
    const dpop = await createDpop();
    const target = { method: "post", url: "https://mcp.example/mcp?x=1#frag", accessToken: "tok" };
    const [one, two] = [await dpopProof(dpop, target), await dpopProof(dpop, target)];
    const [a, b] = [await verifyProof(one), await verifyProof(two)];
    expect(a).toMatchObject({ htm: "POST", htu: "https://mcp.example/mcp", ath: sha256("tok") });
    expect(a.nonce).toBeUndefined();
    expect(a.jti).not.toBe(b.jti);
    const header = decodeProtectedHeader(one);
    expect(header.alg).toBe("ES256");
    expect(await calculateJwkThumbprint(header.jwk!, "sha256")).toBe(dpop.thumbprint);
  });

  it("presents a token with the DPoP scheme, never Bearer", async () => {
    const dpop = await createDpop();
    const headers = await dpopHeaders(dpop, {
      method: "GET",
      url: "https://mcp.example/mcp",
      accessToken: "t",
    });
    expect(headers.authorization).toBe("DPoP t");
    expect(await verifyProof(headers.dpop!)).toMatchObject({ htm: "GET", ath: sha256("t") });
    const bare = await dpopHeaders(dpop, { method: "POST", url: "https://as.example/token" });
    expect(bare.authorization).toBeUndefined();
    expect((await verifyProof(bare.dpop!)).ath).toBeUndefined();
  });

  it("keeps the latest valid nonce per origin and puts it in the next proof for that origin", async () => {
    const dpop = await createDpop();
    dpop.nonces.remember("https://as.example/token", "n-1");
    dpop.nonces.remember("https://as.example/other", "n-2");
    dpop.nonces.remember("https://as.example/token", "bad nonce with spaces");
    dpop.nonces.remember("https://as.example/token", null);
    expect(dpop.nonces.get("https://as.example/token")).toBe("n-2");
    expect(dpop.nonces.get("https://mcp.example/mcp")).toBeUndefined();
    const proof = await dpopProof(dpop, { method: "POST", url: "https://as.example/token" });
    expect((await verifyProof(proof)).nonce).toBe("n-2");
    expect(dpopNonceCache().get("https://as.example/token")).toBeUndefined();
  });

  it("recognises use_dpop_nonce from a token endpoint's 400 and a resource's 401 DPoP challenge only", () => {
    const body = JSON.stringify({ error: "use_dpop_nonce" });
    expect(isDpopNonceChallenge({ status: 400, body })).toBe(true);
    expect(isDpopNonceChallenge({ status: 400, body: '{"error":"invalid_grant"}' })).toBe(false);
    expect(
      isDpopNonceChallenge({
        status: 401,
        wwwAuthenticate: 'DPoP error="use_dpop_nonce", algs="ES256"',
      }),
    ).toBe(true);
    expect(
      isDpopNonceChallenge({ status: 401, wwwAuthenticate: 'Bearer error="use_dpop_nonce"' }),
    ).toBe(false);
    expect(
      isDpopNonceChallenge({ status: 403, wwwAuthenticate: 'DPoP error="use_dpop_nonce"' }),
    ).toBe(false);
  });
});

describe("dpopAlgorithm", () => {
  it("picks ES256 when offered, else another algorithm it can sign with, else none", async () => {
    expect(dpopAlgorithm(["RS256", "ES256"])).toBe("ES256");
    expect(dpopAlgorithm(["HS256", "PS256"])).toBe("PS256");
    expect(dpopAlgorithm(["HS256"])).toBeUndefined();
    expect(dpopAlgorithm(undefined)).toBeUndefined();
    expect(dpopAlgorithm("ES256")).toBeUndefined();
    const dpop = await createDpop(dpopAlgorithm(["PS256"]));
    const proof = await dpopProof(dpop, { method: "GET", url: "https://mcp.example/" });
    expect(decodeProtectedHeader(proof).alg).toBe("PS256");
    expect(await verifyProof(proof)).toMatchObject({ htm: "GET" });
  });
});

describe("a token request under DPoP", () => {
  it("carries a proof for POST to the token endpoint and retries once with the server's nonce", async () => {
    const proofs: JWTPayload[] = [];
    const server = await serve((proof) => {
      proofs.push(proof);
      return proof.nonce === "as-nonce"
        ? {
            body: { access_token: "bound", token_type: "DPoP" },
            headers: { "dpop-nonce": "as-nonce-2" },
          }
        : { status: 400, headers: { "dpop-nonce": "as-nonce" }, body: { error: "use_dpop_nonce" } };
    });
    const dpop = await createDpop();
    const token = await requestClientCredentialsToken({
      tokenEndpoint: `${server.url}/token?tenant=a`,
      issuer: server.url,
      client: { method: "none", clientId: "c" },
      dpop,
    });
    expect(token).toEqual({ accessToken: "bound", tokenType: "DPoP" });
    expect(proofs.map((p) => p.nonce)).toEqual([undefined, "as-nonce"]);
    expect(proofs[0]).toMatchObject({ htm: "POST", htu: `${server.url}/token` });
    expect(proofs[0]!.jti).not.toBe(proofs[1]!.jti);
    // The nonce of the successful answer is the one the next request will use.
    expect(dpop.nonces.get(`${server.url}/token`)).toBe("as-nonce-2");
  });

  it("gives up after one retry with an auth error", async () => {
    const server = await serve(() => ({
      status: 400,
      headers: { "dpop-nonce": `n${Math.random()}`.replace(".", "") },
      body: { error: "use_dpop_nonce" },
    }));
    const error: unknown = await requestClientCredentialsToken({
      tokenEndpoint: `${server.url}/token`,
      issuer: server.url,
      client: { method: "none", clientId: "c" },
      dpop: await createDpop(),
    }).catch((reason: unknown) => reason);
    expect(isMcpError(error) && error.kind).toBe("auth");
    expect(server.requests).toHaveLength(2);
  });

  it("lets the core retry a resource request once on a 401 nonce challenge", async () => {
    const seen: JWTPayload[] = [];
    const server = await serve((proof) => {
      seen.push(proof);
      return proof.nonce === "rs-nonce"
        ? { body: { ok: true } }
        : {
            status: 401,
            headers: {
              "www-authenticate": 'DPoP error="use_dpop_nonce"',
              "dpop-nonce": "rs-nonce",
            },
            body: { error: "use_dpop_nonce" },
          };
    });
    const dpop = await createDpop();
    const url = `${server.url}/mcp`;
    // The loop the transport runs around each request.
    const send = async () => {
      const headers = await dpopHeaders(dpop, { method: "POST", url, accessToken: "bound" });
      const response = await fetch(url, { method: "POST", headers, body: "{}" });
      dpop.nonces.remember(url, response.headers.get("dpop-nonce"));
      return response;
    };
    let response = await send();
    const challenge = {
      status: response.status,
      wwwAuthenticate: response.headers.get("www-authenticate"),
    };
    if (isDpopNonceChallenge(challenge)) response = await send();
    expect(response.status).toBe(200);
    expect(seen.map((p) => p.nonce)).toEqual([undefined, "rs-nonce"]);
    expect(seen.every((p) => p.ath === sha256("bound"))).toBe(true);
    expect(server.requests[1]!.headers.authorization).toBe("DPoP bound");
  });
});
