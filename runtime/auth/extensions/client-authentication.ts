/**
 * How a confidential client proves who it is at a token endpoint (RFC 6749 §2.3.1, RFC 7523 §2.2):
 * a secret in the `Authorization: Basic` header or in the body, a signed JWT assertion
 * (`private_key_jwt`), or nothing but its id (a public client).
 */
import { importPKCS8, SignJWT, type CryptoKey as JoseCryptoKey } from "jose";
import { McpError } from "../../errors.js";

/** A client's credentials and the method the authorization server expects them by. */
export type ClientAuthentication =
  | {
      readonly method: "client_secret_basic" | "client_secret_post";
      readonly clientId: string;
      readonly clientSecret: string;
    }
  | {
      readonly method: "private_key_jwt";
      readonly clientId: string;
      /** The client's private signing key: a WebCrypto `CryptoKey`, or PKCS#8 PEM text. */
      readonly privateKey: JoseCryptoKey | string;
      /**
       * The JWS algorithm (`ES256`, `RS256`, `EdDSA`, …). Read from a `CryptoKey` when omitted;
       * a PEM key without it is taken as `ES256`.
       */
      readonly algorithm?: string;
    }
  | { readonly method: "none"; readonly clientId: string };

/** A token request being built: its form body, headers, and the texts to keep out of messages. */
export interface TokenRequestDraft {
  readonly body: URLSearchParams;
  readonly headers: Record<string, string>;
  readonly secrets: string[];
}

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
// Long enough for a slow network, short enough that a leaked assertion is soon useless.
const ASSERTION_LIFETIME_SECONDS = 60;

/**
 * Adds the client's authentication to `draft`. `audience` is the authorization server's issuer
 * identifier: what a `private_key_jwt` assertion's `aud` names (RFC 7523 §3, as servers check it).
 */
export async function authenticateClient(
  client: ClientAuthentication,
  draft: TokenRequestDraft,
  audience: string,
): Promise<void> {
  switch (client.method) {
    case "client_secret_basic": {
      // RFC 6749 §2.3.1: each part form-encoded before joining, so a ':' in the id survives.
      const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
      const encoded = btoa(pair);
      draft.headers.authorization = `Basic ${encoded}`;
      draft.secrets.push(client.clientSecret, encodeURIComponent(client.clientSecret), encoded);
      return;
    }
    case "client_secret_post":
      draft.body.set("client_id", client.clientId);
      draft.body.set("client_secret", client.clientSecret);
      draft.secrets.push(client.clientSecret, encodeURIComponent(client.clientSecret));
      return;
    case "private_key_jwt": {
      const assertion = await signClientAssertion(client, audience);
      draft.body.set("client_id", client.clientId);
      draft.body.set("client_assertion_type", ASSERTION_TYPE);
      draft.body.set("client_assertion", assertion);
      draft.secrets.push(assertion);
      return;
    }
    case "none":
      draft.body.set("client_id", client.clientId);
      return;
  }
}

/** A fresh client assertion: iss = sub = the client id, the issuer as audience, a unique jti. */
async function signClientAssertion(
  client: Extract<ClientAuthentication, { method: "private_key_jwt" }>,
  audience: string,
): Promise<string> {
  const { key, algorithm } = await signingKey(client.privateKey, client.algorithm);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: algorithm })
    .setIssuer(client.clientId)
    .setSubject(client.clientId)
    .setAudience(audience)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_LIFETIME_SECONDS)
    .sign(key);
}

/** The key and its JWS algorithm; an unusable key is the caller's mistake (kind `input`). */
export async function signingKey(
  privateKey: JoseCryptoKey | string,
  algorithm: string | undefined,
): Promise<{ key: JoseCryptoKey; algorithm: string }> {
  if (typeof privateKey !== "string") {
    const alg = algorithm ?? algorithmOf(privateKey);
    if (alg === undefined) {
      throw inputError(
        `cannot tell the JWS algorithm of a ${privateKey.algorithm.name} key: pass \`algorithm\``,
      );
    }
    return { key: privateKey, algorithm: alg };
  }
  const alg = algorithm ?? "ES256";
  try {
    return { key: await importPKCS8(privateKey, alg), algorithm: alg };
  } catch (cause) {
    throw inputError(
      `the private key is not PKCS#8 PEM for ${alg}: pass a "-----BEGIN PRIVATE KEY-----" key and the \`algorithm\` it is for`,
      cause,
    );
  }
}

/** The JWS `alg` a WebCrypto key signs with, when its parameters name one. */
export function algorithmOf(key: JoseCryptoKey): string | undefined {
  const params = key.algorithm as { name: string; namedCurve?: string; hash?: { name: string } };
  const bits = params.hash?.name.replace("SHA-", "");
  switch (params.name) {
    case "ECDSA":
      return { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512" }[params.namedCurve ?? ""];
    case "RSASSA-PKCS1-v1_5":
      return bits === undefined ? undefined : `RS${bits}`;
    case "RSA-PSS":
      return bits === undefined ? undefined : `PS${bits}`;
    case "Ed25519":
      return "EdDSA";
    default:
      return undefined;
  }
}

function inputError(message: string, cause?: unknown): McpError<"input"> {
  return new McpError({
    kind: "input",
    message: `OAuth client key: ${message}`,
    ...(cause === undefined ? {} : { cause }),
  });
}
