/**
 * The client credentials grant (OAuth 2.1 §4.2, the `io.modelcontextprotocol/oauth-client-credentials`
 * extension): no user and no redirect; the client authenticates with its secret or with a JWT
 * signed by its private key (RFC 7523 `private_key_jwt`, built by oauth4webapi with WebCrypto).
 */
import * as oauth from "oauth4webapi";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure } from "./auth-failure.js";
import type { ClientIdentity } from "./client-identity.js";
import { secretMethod } from "./client-identity.js";
import type { OAuthClientCredentials } from "./oauth-options.js";
import type { TokenRecord } from "./token-record.js";
import { clientAuth, exchange, requestOptions, toClient } from "./token-endpoint.js";
import type { GrantContext } from "./token-endpoint.js";

/** The identity the credentials give with `server`; a PEM key is imported once per call. */
export async function credentialsIdentity(
  credentials: OAuthClientCredentials,
  server: oauth.AuthorizationServer,
  trigger: AuthTrigger,
): Promise<ClientIdentity> {
  const identity: ClientIdentity = {
    clientId: credentials.clientId,
    authMethod: secretMethod(server, credentials.clientSecret),
  };
  if (credentials.clientSecret !== undefined) identity.clientSecret = credentials.clientSecret;
  const key = credentials.privateKey;
  if (key !== undefined) {
    identity.privateKey =
      typeof key === "string"
        ? await importPem(key, credentials.signingAlgorithm ?? "ES256", trigger)
        : // oauth4webapi declares the same structure (or the platform's own CryptoKey).
          (key as oauth.CryptoKey);
    identity.authMethod = "private_key_jwt";
  }
  return identity;
}

/** Asks the token endpoint for a token for `resource` with the client's own credentials. */
export async function clientCredentialsGrant(
  context: GrantContext,
  scope: string | undefined,
): Promise<TokenRecord> {
  const { server, client } = context;
  // This grant takes its parameters here; `additionalParameters` of the options is not sent.
  const parameters = new URLSearchParams({ resource: context.resource });
  if (scope !== undefined) parameters.set("scope", scope);
  return exchange(
    context,
    scope,
    () =>
      oauth.clientCredentialsGrantRequest(
        server,
        toClient(client),
        clientAuth(client),
        parameters,
        requestOptions(context),
      ),
    (response) => oauth.processClientCredentialsResponse(server, toClient(client), response),
    undefined,
  );
}

const ALGORITHMS = {
  ES256: { name: "ECDSA", namedCurve: "P-256" },
  RS256: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
} as const;

/** A PKCS#8 PEM private key as a WebCrypto signing key. The key text never reaches a message. */
async function importPem(
  pem: string,
  algorithm: "ES256" | "RS256",
  trigger: AuthTrigger,
): Promise<oauth.CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----/.exec(pem);
  try {
    if (body?.[1] === undefined) throw new Error("not PKCS#8 PEM");
    const binary = atob(body[1].replace(/\s+/g, ""));
    const der = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
    return await crypto.subtle.importKey("pkcs8", der, ALGORITHMS[algorithm], false, ["sign"]);
  } catch {
    throw authFailure(
      trigger,
      `auth.clientCredentials.privateKey is not a PKCS#8 PEM ${algorithm} private key ("-----BEGIN PRIVATE KEY-----"); convert it or pass a CryptoKey`,
    );
  }
}
