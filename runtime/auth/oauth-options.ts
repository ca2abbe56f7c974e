/**
 * `auth` on an HTTP target: how the runtime obtains and keeps OAuth tokens for a protected MCP
 * server (2026-07-28 authorization: Protected Resource Metadata, authorization code with PKCE,
 * client identity by pre-registration, Client ID Metadata Document or Dynamic Client
 * Registration). Platform-neutral: only `fetch` and WebCrypto.
 */
import type { FetchFunction } from "../http/index.js";
import type { AuthorizationRedirect } from "./authorization-redirect.js";
import type { TokenStore } from "./token-store.js";

/**
 * A WebCrypto private key, as far as the options need to describe one: any platform's `CryptoKey`
 * fits. Declared here rather than taken from oauth4webapi so that a project importing the runtime
 * does not make the compiler read that package's declarations (120 KB, on every build).
 */
export interface SigningKey {
  readonly algorithm: { readonly name: string };
  readonly extractable: boolean;
  readonly type: string;
  readonly usages: readonly string[];
}

/** A client registered with the authorization server ahead of time. */
export interface OAuthPreRegisteredClient {
  clientId: string;
  /** For a confidential client; sent as the AS metadata and `tokenEndpointAuthMethod` say. */
  clientSecret?: string;
  /**
   * The issuer this client is registered with. The client is used only with that authorization
   * server (a server that moves to another one gets a fresh registration). Without it the client
   * is bound to the first authorization server it is used with (kept in the store).
   */
  issuer?: string;
  /** Default: `client_secret_basic` with a secret (`client_secret_post` when only that is listed), else `none`. */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post" | "none";
}

/**
 * Machine-to-machine access without a user (the `io.modelcontextprotocol/oauth-client-credentials`
 * extension): the client credentials grant, authenticated with a secret or a signed JWT
 * (`private_key_jwt`). Declare the extension in `capabilities.extensions` of `connect()` too.
 */
export interface OAuthClientCredentials {
  clientId: string;
  /** The client secret (`client_secret_basic`, or `client_secret_post` when only that is listed). */
  clientSecret?: string;
  /** For `private_key_jwt`: a signing key, or a PKCS#8 PEM (imported with WebCrypto). */
  privateKey?: SigningKey | string;
  /** The JWS algorithm of a PEM `privateKey`: `ES256` (default) or `RS256`. */
  signingAlgorithm?: "ES256" | "RS256";
  /**
   * The issuer of the authorization server these credentials are registered with. They are
   * sent to no other: a server whose metadata names another one is refused. Without it they are
   * bound to the first authorization server they are used with (kept in the store).
   */
  issuer?: string;
}

/**
 * Workload identity federation (the `io.modelcontextprotocol/auth/wif` extension): the platform
 * the client runs on issues it a JWT, which the authorization server takes as an RFC 7523
 * JWT-bearer grant. A refused assertion is reported, never retried with another grant.
 */
export interface OAuthWorkloadIdentity {
  /** The client id the authorization server knows the workload by. */
  clientId: string;
  /** The workload's JWT, read at each token request (platforms rotate them). */
  assertion: () => string | Promise<string>;
  /**
   * The issuer of the authorization server these credentials are registered with. They are
   * sent to no other: a server whose metadata names another one is refused. Without it they are
   * bound to the first authorization server they are used with (kept in the store).
   */
  issuer?: string;
}

/**
 * Enterprise-managed authorization (the `io.modelcontextprotocol/enterprise-managed-authorization`
 * extension): the user's enterprise identity provider trades their ID token for an identity
 * assertion grant (ID-JAG, RFC 8693 token exchange), which the MCP server's authorization server
 * takes as an RFC 7523 JWT-bearer grant. No browser.
 */
export interface OAuthEnterpriseManaged {
  /** The client at the MCP server's authorization server. */
  clientId: string;
  clientSecret?: string;
  /** The identity provider's token endpoint (https; http only on localhost). */
  idpTokenEndpoint: string;
  /** The client id at the identity provider. */
  idpClientId: string;
  /** The user's ID token from the identity provider, read at each exchange. */
  idToken: () => string | Promise<string>;
  /**
   * The issuer of the authorization server `clientId` is registered with. They are
   * sent to no other: a server whose metadata names another one is refused. Without it they are
   * bound to the first authorization server they are used with (kept in the store).
   */
  issuer?: string;
}

/**
 * Options of the OAuth client (`auth` of an HTTP target). Give one of `redirect`,
 * `clientCredentials`, `workloadIdentity` or `enterpriseManaged`.
 */
export interface OAuthOptions {
  /** Sends the user to the authorization server and brings the redirect back (a user signs in). */
  redirect?: AuthorizationRedirect;
  /** No user: the client credentials grant with these credentials, instead of `redirect`. */
  clientCredentials?: OAuthClientCredentials;
  /** No user: an RFC 7523 JWT-bearer grant with the workload's own JWT, instead of `redirect`. */
  workloadIdentity?: OAuthWorkloadIdentity;
  /** SSO through the enterprise identity provider (ID-JAG), instead of `redirect`. */
  enterpriseManaged?: OAuthEnterpriseManaged;
  /** Where tokens and registrations live. Default: in memory, for this transport. */
  store?: TokenStore;
  /** Pre-registered client credentials; take precedence over every other client identity. */
  client?: OAuthPreRegisteredClient;
  /**
   * An https URL serving this client's Client ID Metadata Document: used as the `client_id`
   * with authorization servers that advertise `client_id_metadata_document_supported`.
   */
  clientMetadataUrl?: string;
  /** `client_name` for Dynamic Client Registration. Default `"mcp-codegen client"`. */
  clientName?: string;
  /**
   * `application_type` for Dynamic Client Registration: `native` (default) for desktop, CLI and
   * loopback-redirect apps, `web` for remote web apps.
   */
  applicationType?: "native" | "web";
  /** The `fetch` for metadata, registration and token requests. Default: the global `fetch`. */
  fetch?: FetchFunction;
}
