/**
 * Who the runtime is to an authorization server, in the spec's order: pre-registered credentials,
 * a Client ID Metadata Document URL when the server supports them, a registration stored for this
 * issuer, then Dynamic Client Registration (RFC 7591). Registrations are stored under the issuer
 * and only ever used with it: a server that moves to another authorization server gets a new one.
 * oauth4webapi 3 has no registration call, so the registration request is made here.
 */
import type * as oauth from "oauth4webapi";
import type { FetchFunction } from "../http/index.js";
import { maskUrl } from "../basics/index.js";
import type { JsonObject } from "../protocol/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { authFailure, describeOAuthFailure } from "./auth-failure.js";
import { endpointUrl, jsonBody } from "./auth-http.js";
import { stepAborted } from "./auth-deadline.js";
import type { GivenCredentials } from "./credential-binding.js";
import { boundIssuer, credentialsKey, isIssuer } from "./credential-binding.js";
import type { OAuthOptions } from "./oauth-options.js";
import type { TokenStore } from "./token-store.js";

export type TokenEndpointAuthMethod =
  "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";

/** A client identity usable with one authorization server. */
export interface ClientIdentity {
  clientId: string;
  clientSecret?: string;
  /** For `private_key_jwt` (client credentials only). */
  privateKey?: oauth.CryptoKey;
  authMethod: TokenEndpointAuthMethod;
  /** Made by Dynamic Client Registration and kept in the store (forgotten when refused). */
  registered?: true;
}

/** Forgets the registration with `issuer`: the server no longer knows the client. */
export async function forgetRegistration(store: TokenStore, issuer: string): Promise<void> {
  await store.delete(registrationKey(issuer));
}

/** The store key of the registration made with `issuer`. */
export function registrationKey(issuer: string): string {
  return `oauth-client ${issuer}`;
}

/** The identity to use with `server`, registering one when nothing else fits. */
export async function resolveClientIdentity(
  options: OAuthOptions,
  server: oauth.AuthorizationServer,
  store: TokenStore,
  fetchFn: FetchFunction,
  trigger: AuthTrigger,
  signal: AbortSignal | undefined,
): Promise<ClientIdentity> {
  const pre = options.client;
  if (pre !== undefined && (await usableWith(store, pre, server))) {
    const identity: ClientIdentity = {
      clientId: pre.clientId,
      authMethod: pre.tokenEndpointAuthMethod ?? secretMethod(server, pre.clientSecret),
    };
    if (pre.clientSecret !== undefined) identity.clientSecret = pre.clientSecret;
    return identity;
  }
  if (
    isMetadataDocumentUrl(options.clientMetadataUrl) &&
    server.client_id_metadata_document_supported === true
  ) {
    return { clientId: options.clientMetadataUrl, authMethod: "none" };
  }
  const stored = readRegistration(await store.get(registrationKey(server.issuer)));
  if (stored !== undefined) return { ...stored, registered: true };
  if (typeof server.registration_endpoint !== "string") {
    throw authFailure(
      trigger,
      `the authorization server ${maskUrl(server.issuer)} supports neither Client ID Metadata Documents nor dynamic registration; register a client there and pass its id as auth.client`,
    );
  }
  const registered = await register(
    options,
    server,
    server.registration_endpoint,
    fetchFn,
    trigger,
    signal,
  );
  await store.set(registrationKey(server.issuer), registrationRecord(registered));
  return { ...registered, registered: true };
}

/**
 * True when the pre-registered client may be used with `server`: it is registered there (its
 * `issuer`, else the issuer it was first used with), or it was never used and is bound to it now.
 * A client bound elsewhere is not used; the caller registers afresh instead.
 */
async function usableWith(
  store: TokenStore,
  client: GivenCredentials,
  server: oauth.AuthorizationServer,
): Promise<boolean> {
  const bound = await boundIssuer(store, client);
  if (bound !== undefined) return isIssuer(server, bound);
  await store.set(credentialsKey(client.clientId), { issuer: server.issuer });
  return true;
}

/** A Client ID Metadata Document URL must be https with a path: it is the client's identity. */
function isMetadataDocumentUrl(text: string | undefined): text is string {
  if (text === undefined || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === "https:" && url.pathname !== "/";
}

/** A client with a secret authenticates as the server lists: basic unless only post is offered. */
export function secretMethod(
  server: oauth.AuthorizationServer,
  secret: string | undefined,
): TokenEndpointAuthMethod {
  if (secret === undefined) return "none";
  const listed = server.token_endpoint_auth_methods_supported;
  if (
    listed !== undefined &&
    !listed.includes("client_secret_basic") &&
    listed.includes("client_secret_post")
  ) {
    return "client_secret_post";
  }
  return "client_secret_basic";
}

/** The method to ask for: a public client when the server allows one, else a secret. */
function requestedMethod(server: oauth.AuthorizationServer): TokenEndpointAuthMethod {
  const listed = server.token_endpoint_auth_methods_supported;
  // RFC 8414: an absent list means client_secret_basic only.
  if (listed === undefined) return "client_secret_basic";
  for (const method of ["none", "client_secret_basic", "client_secret_post"] as const) {
    if (listed.includes(method)) return method;
  }
  return "client_secret_basic";
}

async function register(
  options: OAuthOptions,
  server: oauth.AuthorizationServer,
  endpoint: string,
  fetchFn: FetchFunction,
  trigger: AuthTrigger,
  signal: AbortSignal | undefined,
): Promise<ClientIdentity> {
  const url = endpointUrl(trigger, endpoint, "the registration endpoint");
  const what = `the registration endpoint ${maskUrl(url)}`;
  const redirect = options.redirect;
  if (redirect === undefined) {
    throw authFailure(trigger, "registering a client needs auth.redirect (its redirect URI)");
  }
  const metadata = {
    client_name: options.clientName ?? "mcp-codegen client",
    redirect_uris: [redirect.redirectUri],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: requestedMethod(server),
    application_type: options.applicationType ?? "native",
  };
  let response: Response;
  try {
    const init: RequestInit = {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(metadata),
      redirect: "manual",
    };
    if (signal !== undefined) init.signal = signal;
    response = await fetchFn(url.href, init);
  } catch (error) {
    if (signal?.aborted === true) throw stepAborted(trigger, signal, what);
    throw describeOAuthFailure(trigger, "client registration", error);
  }
  const body = await jsonBody(response);
  if (signal?.aborted === true) throw stepAborted(trigger, signal, what);
  const identity =
    response.status === 201 || response.status === 200 ? readRegistration(body) : undefined;
  if (identity === undefined) {
    const reason =
      typeof body?.error === "string" ? `: ${body.error}` : ` (HTTP ${response.status})`;
    throw authFailure(
      trigger,
      `the authorization server ${maskUrl(server.issuer)} refused to register this client${reason}; register one there and pass its id as auth.client`,
    );
  }
  return identity;
}

/** A stored or returned registration, or undefined when it is not one (untrusted input). */
export function readRegistration(
  record: Record<string, unknown> | undefined,
): ClientIdentity | undefined {
  if (record === undefined || typeof record.client_id !== "string" || record.client_id === "") {
    return undefined;
  }
  const secret = typeof record.client_secret === "string" ? record.client_secret : undefined;
  const method = record.token_endpoint_auth_method;
  // Without a secret only `none` can work, whatever the record claims.
  const authMethod: TokenEndpointAuthMethod =
    secret === undefined
      ? "none"
      : method === "client_secret_post" || method === "none"
        ? method
        : "client_secret_basic";
  const identity: ClientIdentity = { clientId: record.client_id, authMethod };
  if (secret !== undefined) identity.clientSecret = secret;
  return identity;
}

function registrationRecord(identity: ClientIdentity): JsonObject {
  const record: JsonObject = {
    client_id: identity.clientId,
    token_endpoint_auth_method: identity.authMethod,
  };
  if (identity.clientSecret !== undefined) record.client_secret = identity.clientSecret;
  return record;
}
