/**
 * DPoP (RFC 9449): a key pair held for the life of a connection, and a fresh signed proof on each
 * token request and each request carrying a DPoP-bound token, so a stolen token is useless
 * without the private key. The key is generated non-extractable: its private half never leaves
 * WebCrypto.
 */
import {
  base64url,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey as JoseCryptoKey,
  type JWK,
} from "jose";
import { McpError } from "../../errors.js";
import { dpopNonceCache, type DpopNonces } from "./dpop-nonce.js";

/** The connection's proof-of-possession key and the servers' latest nonces. */
export interface Dpop {
  /** The JWS algorithm the proofs are signed with (`ES256` unless asked otherwise). */
  readonly algorithm: string;
  /** The public key as a JWK, as each proof's `jwk` header carries it. */
  readonly publicJwk: JWK;
  /** RFC 7638 SHA-256 thumbprint of the public key: the `cnf.jkt` a bound token names. */
  readonly thumbprint: string;
  readonly nonces: DpopNonces;
  /** Signs with the private key; kept behind a function so nothing can read the key. */
  readonly sign: (jwt: SignJWT) => Promise<string>;
}

/** What a proof is for: the request it rides on. */
export interface DpopTarget {
  /** The HTTP method, upper-case (`POST`, `GET`). */
  readonly method: string;
  /** The request URL; its query and fragment are left out of the proof (RFC 9449 §4.2). */
  readonly url: string;
  /** The access token the request presents, hashed into `ath` (RFC 9449 §4.2). */
  readonly accessToken?: string;
}

/**
 * A new DPoP key pair. `algorithm` is one the authorization server lists in
 * `dpop_signing_alg_values_supported`; ES256 is what every server must accept in practice.
 */
export async function createDpop(algorithm = "ES256"): Promise<Dpop> {
  let pair: { publicKey: JoseCryptoKey; privateKey: JoseCryptoKey };
  try {
    pair = await generateKeyPair(algorithm, { extractable: false });
  } catch (cause) {
    throw new McpError({
      kind: "input",
      message: `DPoP: this platform cannot make a ${algorithm} key pair; use ES256`,
      cause,
    });
  }
  const { kty, crv, x, y, n, e } = await exportJWK(pair.publicKey);
  // Only the public members: a proof must never carry anything else of the key.
  const publicJwk = Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined),
  ) as JWK;
  return {
    algorithm,
    publicJwk,
    thumbprint: await calculateJwkThumbprint(publicJwk, "sha256"),
    nonces: dpopNonceCache(),
    sign: (jwt) => jwt.sign(pair.privateKey),
  };
}

// What createDpop can generate on every platform with WebCrypto, ES256 first (what servers accept
// most); the RSA ones last, as their keys are slow to make.
const GENERATABLE = ["ES256", "ES384", "ES512", "EdDSA", "PS256", "RS256"];

/**
 * The algorithm to bind tokens with, from the authorization server's
 * `dpop_signing_alg_values_supported` (RFC 9449 §5.1): undefined when the server does not offer
 * DPoP (the metadata lacks the list, or it names nothing this client can sign with).
 */
export function dpopAlgorithm(supported: unknown): string | undefined {
  if (!Array.isArray(supported)) return undefined;
  return GENERATABLE.find((alg) => supported.includes(alg));
}

/** A proof for one request: a new `jti` each time, the server's latest nonce when it gave one. */
export async function dpopProof(dpop: Dpop, target: DpopTarget): Promise<string> {
  const htu = new URL(target.url);
  htu.search = "";
  htu.hash = "";
  const claims: Record<string, string> = { htm: target.method.toUpperCase(), htu: htu.href };
  const nonce = dpop.nonces.get(target.url);
  if (nonce !== undefined) claims.nonce = nonce;
  if (target.accessToken !== undefined) claims.ath = await accessTokenHash(target.accessToken);
  return dpop.sign(
    new SignJWT(claims)
      .setProtectedHeader({ alg: dpop.algorithm, typ: "dpop+jwt", jwk: dpop.publicJwk })
      .setJti(crypto.randomUUID())
      .setIssuedAt(),
  );
}

/**
 * The headers a request carries under DPoP: the proof, and with a token, `Authorization: DPoP …`
 * (never `Bearer`: a bound token is presented with the DPoP scheme, RFC 9449 §7.1).
 */
export async function dpopHeaders(dpop: Dpop, target: DpopTarget): Promise<Record<string, string>> {
  const headers: Record<string, string> = { dpop: await dpopProof(dpop, target) };
  if (target.accessToken !== undefined) headers.authorization = `DPoP ${target.accessToken}`;
  return headers;
}

/** base64url(SHA-256(ASCII token)), RFC 9449 §4.2. */
async function accessTokenHash(accessToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken));
  return base64url.encode(new Uint8Array(digest));
}
