/**
 * DPoP proofs as a resource server checks them (RFC 9449 §4.3), verified with node:crypto: the
 * header names the public key, the signature verifies with it, `htu` drops query and fragment,
 * `ath` is the token's hash, each proof has its own `jti`, and the server's nonce is carried.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DPoPKeys, supportsDPoP } from "../../../runtime/auth/dpop.js";

function decode(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("DPoP proofs", () => {
  it("are ES256 JWTs over the request that verify with the key they name", async () => {
    const keys = await DPoPKeys.create();
    keys.nonce = "server-nonce-1";
    const token = "at-123";
    const proof = await keys.proof("POST", "https://mcp.example/mcp?x=1#f", token);
    const [header, payload, signature] = proof.split(".") as [string, string, string];
    const head = decode(header);
    expect(head).toMatchObject({ typ: "dpop+jwt", alg: "ES256", jwk: { kty: "EC", crv: "P-256" } });
    expect(head.jwk).not.toHaveProperty("d");
    const claims = decode(payload);
    expect(claims).toMatchObject({
      htm: "POST",
      htu: "https://mcp.example/mcp",
      nonce: "server-nonce-1",
      ath: createHash("sha256").update(token).digest("base64url"),
    });
    const key = createPublicKey({ key: head.jwk as never, format: "jwk" });
    const valid = verify(
      "sha256",
      Buffer.from(`${header}.${payload}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    expect(valid).toBe(true);
    const again = decode(
      (await keys.proof("POST", "https://mcp.example/mcp", token)).split(".")[1]!,
    );
    expect(again.jti).not.toBe(claims.jti);
  });

  it("are used only with a server that offers ES256", () => {
    const server = { issuer: "https://as.example" };
    expect(supportsDPoP(server)).toBe(false);
    expect(supportsDPoP({ ...server, dpop_signing_alg_values_supported: ["RS256"] })).toBe(false);
    expect(supportsDPoP({ ...server, dpop_signing_alg_values_supported: ["ES256"] })).toBe(true);
  });
});
