/**
 * DPoP (RFC 9449) for requests to the MCP server: a key pair per session, and a fresh proof JWT
 * for each request (method, URL, the access token's hash, the server's latest nonce) signed with
 * WebCrypto. Token requests get their proofs from oauth4webapi's `DPoP` handle on the same keys.
 * The keys live in memory only: a DPoP-bound token read back from a store after a restart is
 * refused by the server, and the 401 runs the flow again.
 */
import * as oauth from "oauth4webapi";

const SIGNING = { name: "ECDSA", hash: "SHA-256" } as const;

/** The public key's members a proof header carries. */
type PublicJwk = Record<string, unknown>;

/** The session's DPoP keys, the handle for token requests, and the resource server's nonce. */
export class DPoPKeys {
  readonly handle: oauth.DPoPHandle;
  /** The last `DPoP-Nonce` the MCP server sent: it goes into every later proof. */
  nonce: string | undefined;
  readonly #pair: oauth.CryptoKeyPair;
  readonly #jwk: PublicJwk;

  private constructor(pair: oauth.CryptoKeyPair, jwk: PublicJwk) {
    this.#pair = pair;
    this.#jwk = jwk;
    this.handle = oauth.DPoP({}, pair);
  }

  /** A new P-256 key pair; the private key cannot be exported. */
  static async create(): Promise<DPoPKeys> {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
      "verify",
    ])) as oauth.CryptoKeyPair;
    const { kty, crv, x, y } = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as PublicJwk;
    return new DPoPKeys(pair, { kty, crv, x, y });
  }

  /** The `DPoP` header for `method` on `url` presenting `accessToken`. */
  async proof(method: string, url: string, accessToken: string): Promise<string> {
    const target = new URL(url);
    const htu = `${target.origin}${target.pathname}`;
    const ath = base64url(
      new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken))),
    );
    const header = { typ: "dpop+jwt", alg: "ES256", jwk: this.#jwk };
    const payload: Record<string, unknown> = {
      jti: crypto.randomUUID(),
      htm: method,
      htu,
      iat: Math.floor(Date.now() / 1000),
      ath,
    };
    if (this.nonce !== undefined) payload.nonce = this.nonce;
    const input = `${encodeJson(header)}.${encodeJson(payload)}`;
    const signature = await crypto.subtle.sign(
      SIGNING,
      this.#pair.privateKey,
      new TextEncoder().encode(input),
    );
    // WebCrypto's ECDSA signature is r || s, the form JWS uses.
    return `${input}.${base64url(new Uint8Array(signature))}`;
  }
}

/** True when the server's metadata offers DPoP with ES256, the algorithm the keys use. */
export function supportsDPoP(server: oauth.AuthorizationServer): boolean {
  return server.dpop_signing_alg_values_supported?.includes("ES256") === true;
}

function encodeJson(value: unknown): string {
  return base64url(new TextEncoder().encode(JSON.stringify(value)));
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
