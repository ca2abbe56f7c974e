/**
 * The OAuth state of one MCP endpoint: the `Authorization` value for the next request, and what
 * to do when the server answers 401 (refresh, else run the whole flow) or 403 with
 * `insufficient_scope` (re-authorize with the union of scopes). Concurrent requests that meet the
 * same 401 share one flow.
 */
import type * as oauth from "oauth4webapi";
import type { FetchFunction } from "../http/index.js";
import type { AuthTrigger } from "./auth-failure.js";
import { resolveFetch } from "./auth-http.js";
import { authorizeWithCode, refreshTokens } from "./authorization-code.js";
import { clientCredentialsGrant, credentialsIdentity } from "./client-credentials.js";
import type { GrantContext } from "./token-endpoint.js";
import { forgetRegistration, resolveClientIdentity } from "./client-identity.js";
import { requireBoundIssuer } from "./credential-binding.js";
import { isMcpError } from "../protocol/index.js";
import { DPoPKeys, supportsDPoP } from "./dpop.js";
import { enterpriseGrant, enterpriseIdentity } from "./enterprise-managed.js";
import { jwtBearerGrant, workloadIdentity } from "./jwt-bearer.js";
import type { OAuthOptions } from "./oauth-options.js";
import { discoverResourceMetadata } from "./resource-metadata.js";
import type { ResourceMetadata } from "./resource-metadata.js";
import { discoverServerMetadata } from "./server-metadata.js";
import type { TokenStore } from "./token-store.js";
import { memoryTokenStore } from "./token-store.js";
import {
  chooseScope,
  isExpired,
  readTokenRecord,
  tokenKey,
  writeTokenRecord,
} from "./token-record.js";
import type { TokenRecord } from "./token-record.js";

/** The `WWW-Authenticate` Bearer parameters the flow reads. */
export interface BearerHints {
  resource_metadata?: string;
  scope?: string;
  error?: string;
}

/** What discovery found, kept for refreshes and step-ups on this endpoint. */
interface Discovered {
  resource: ResourceMetadata;
  server: oauth.AuthorizationServer;
}

export class OAuthSession {
  readonly #options: OAuthOptions;
  readonly #serverUrl: URL;
  readonly #store: TokenStore;
  /** The token record as last read or written (`#record`); undefined until read. */
  #loaded: Promise<TokenRecord | undefined> | undefined;
  readonly #fetch: FetchFunction;
  #discovered: Discovered | undefined;
  #flow: Promise<void> | undefined;
  #dpop: DPoPKeys | undefined;

  constructor(options: OAuthOptions, serverUrl: URL) {
    this.#options = options;
    this.#serverUrl = serverUrl;
    this.#store = options.store ?? memoryTokenStore();
    this.#fetch = resolveFetch(options.fetch);
  }

  /** True while a flow (sign-in, refresh, step-up) runs; requests then wait for it. */
  get busy(): boolean {
    return this.#flow !== undefined;
  }

  /**
   * The `DPoP` proof header to send with `authorization` (a `DPoP …` value) on `method` to
   * `url`, or undefined for a bearer token.
   */
  async proof(authorization: string, method: string, url: string): Promise<string | undefined> {
    if (this.#dpop === undefined || !authorization.startsWith("DPoP ")) return undefined;
    return this.#dpop.proof(method, url, authorization.slice("DPoP ".length));
  }

  /** Keeps the MCP server's `DPoP-Nonce` for the next proofs; true when it is new. */
  observeNonce(nonce: string | undefined): boolean {
    if (this.#dpop === undefined || nonce === undefined || nonce === this.#dpop.nonce) return false;
    this.#dpop.nonce = nonce;
    return true;
  }

  /**
   * The `Authorization` header value for the next request, or undefined before any token.
   * An expired token is refreshed first when discovery already ran.
   */
  async authorization(
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<string | undefined> {
    if (this.#flow !== undefined)
      await waitFor(
        this.#flow.catch(() => undefined),
        trigger,
      );
    const record = await this.#record();
    if (record === undefined) return undefined;
    if (
      isExpired(record, Date.now()) &&
      record.refreshToken !== undefined &&
      this.#discovered !== undefined
    ) {
      await this.#share(() => this.#refreshOrAuthorize(record, {}, trigger, signal));
      return bearer(await this.#record());
    }
    return bearer(record);
  }

  /**
   * The server refused `sent` (the header value the refused request carried). Resolves once a new
   * token is stored; rejects with an `auth` error saying what to do.
   */
  async unauthorized(
    sent: string | undefined,
    hints: BearerHints,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (this.#flow !== undefined) {
      await waitFor(this.#flow, trigger);
      return;
    }
    // Read the store again: another process sharing it may have replaced the token already.
    this.#loaded = undefined;
    const record = await this.#record();
    // Another request already replaced the refused token: retry with the new one.
    if (record !== undefined && bearer(record) !== sent) return;
    await this.#share(async () => {
      const discovered = await this.#discover(hints, trigger, signal);
      if (record?.refreshToken !== undefined && record.issuer === discovered.server.issuer) {
        await this.#refreshOrAuthorize(record, hints, trigger, signal);
      } else {
        await this.#authorize(discovered, hints.scope, undefined, trigger, signal);
      }
    });
  }

  /** The server wants more scope (403 `insufficient_scope`): re-authorize with the union. */
  async insufficientScope(
    hints: BearerHints,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (this.#flow !== undefined) {
      await waitFor(this.#flow, trigger);
      return;
    }
    await this.#share(async () => {
      const discovered = await this.#discover(hints, trigger, signal);
      const previous = (await this.#record())?.scope;
      await this.#authorize(discovered, hints.scope, previous, trigger, signal);
    });
  }

  async #share(run: () => Promise<void>): Promise<void> {
    const flow = run().finally(() => {
      if (this.#flow === flow) this.#flow = undefined;
    });
    this.#flow = flow;
    await flow;
  }

  async #discover(
    hints: BearerHints,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<Discovered> {
    const resource = await discoverResourceMetadata(
      this.#fetch,
      this.#serverUrl,
      hints.resource_metadata,
      trigger,
      signal,
    );
    const server = await discoverServerMetadata(
      this.#fetch,
      resource.authorizationServer,
      trigger,
      signal,
      resource.legacy === true,
    );
    this.#discovered = { resource, server };
    return this.#discovered;
  }

  async #refreshOrAuthorize(
    record: TokenRecord,
    hints: BearerHints,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const discovered = this.#discovered ?? (await this.#discover(hints, trigger, signal));
    if (record.refreshToken !== undefined && record.issuer === discovered.server.issuer) {
      try {
        const context = await this.#grantContext(discovered, trigger, signal);
        await this.#save(
          await refreshTokens(context, { ...record, refreshToken: record.refreshToken }),
        );
        return;
      } catch (error) {
        if (signal?.aborted === true) throw error;
        // A refused refresh token (revoked, expired) is not the end: the user can sign in again.
      }
    }
    await this.#authorize(discovered, hints.scope, undefined, trigger, signal);
  }

  async #authorize(
    discovered: Discovered,
    challengeScope: string | undefined,
    previousScope: string | undefined,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const scope = chooseScope(
      challengeScope,
      discovered.resource.scopesSupported,
      discovered.server.scopes_supported,
      previousScope,
    );
    const context = await this.#grantContext(discovered, trigger, signal);
    await this.#forgetRefusedRegistration(context, () => this.#grant(context, scope));
  }

  /**
   * Runs `grant`; when the authorization server refuses a registered client (`invalid_client`:
   * it was deleted or expired there), the stored registration is dropped so the next attempt
   * registers afresh instead of failing the same way forever.
   */
  async #forgetRefusedRegistration(
    context: GrantContext,
    grant: () => Promise<void>,
  ): Promise<void> {
    try {
      await grant();
    } catch (error) {
      if (
        context.client.registered === true &&
        isMcpError(error) &&
        error.kind === "auth" &&
        error.data.error === "invalid_client"
      ) {
        await forgetRegistration(this.#store, context.server.issuer);
      }
      throw error;
    }
  }

  /** The grant the options name: client credentials, workload or enterprise JWT, else a sign-in. */
  async #grant(context: GrantContext, scope: string | undefined): Promise<void> {
    const { clientCredentials, workloadIdentity: workload, enterpriseManaged } = this.#options;
    await this.#save(
      clientCredentials !== undefined
        ? await clientCredentialsGrant(context, scope)
        : workload !== undefined
          ? await jwtBearerGrant(context, workload.assertion, "the workload identity token", scope)
          : enterpriseManaged !== undefined
            ? await enterpriseGrant(context, enterpriseManaged, scope)
            : await authorizeWithCode(context, this.#options, scope),
    );
  }

  async #grantContext(
    discovered: Discovered,
    trigger: AuthTrigger,
    signal: AbortSignal | undefined,
  ): Promise<GrantContext> {
    const { clientCredentials: credentials, workloadIdentity: workload } = this.#options;
    const enterprise = this.#options.enterpriseManaged;
    // The caller's own credentials go only to the issuer they are registered with.
    const given = credentials ?? workload ?? enterprise;
    if (given !== undefined) {
      await requireBoundIssuer(
        this.#store,
        given,
        discovered.server,
        trigger,
        givenName(this.#options),
      );
    }
    const client =
      workload !== undefined
        ? workloadIdentity(workload)
        : enterprise !== undefined
          ? enterpriseIdentity(enterprise, discovered.server)
          : credentials === undefined
            ? await resolveClientIdentity(
                this.#options,
                discovered.server,
                this.#store,
                this.#fetch,
                trigger,
                signal,
              )
            : await credentialsIdentity(credentials, discovered.server, trigger);
    const context: GrantContext = {
      server: discovered.server,
      client,
      resource: discovered.resource.resource,
      fetch: this.#fetch,
      trigger,
      signal,
    };
    if (supportsDPoP(discovered.server)) {
      this.#dpop ??= await DPoPKeys.create();
      context.dpop = this.#dpop.handle;
    }
    return context;
  }

  /**
   * The token record, read from the store once and then kept: every request needs it, and a
   * store may be a file. Read again only when the server refuses a token (see `unauthorized`).
   */
  #record(): Promise<TokenRecord | undefined> {
    if (this.#loaded !== undefined) return this.#loaded;
    const loading = this.#store
      .get(tokenKey(this.#resourceKey()))
      .then((stored) => readTokenRecord(stored));
    this.#loaded = loading;
    // A store that failed to read is asked again next time, not remembered as failing.
    loading.catch(() => {
      if (this.#loaded === loading) this.#loaded = undefined;
    });
    return loading;
  }

  async #save(record: TokenRecord): Promise<void> {
    this.#loaded = Promise.resolve(record);
    await this.#store.set(tokenKey(this.#resourceKey()), writeTokenRecord(record));
  }

  /** Tokens are kept per MCP endpoint (without query or fragment), known before any discovery. */
  #resourceKey(): string {
    return `${this.#serverUrl.origin}${this.#serverUrl.pathname}`;
  }
}

/**
 * Waits for another request's flow with this request's deadline stopped: that flow may be a
 * user signing in, and it is bounded by its own request's deadline otherwise.
 */
async function waitFor(flow: Promise<void>, trigger: AuthTrigger): Promise<void> {
  const resume = trigger.pauseTimeout?.();
  try {
    await flow;
  } finally {
    resume?.();
  }
}

/** What the caller's own credentials are called in messages. */
function givenName(options: OAuthOptions): string {
  return options.clientCredentials !== undefined
    ? "the client credentials (auth.clientCredentials)"
    : options.workloadIdentity !== undefined
      ? "the workload identity (auth.workloadIdentity)"
      : "the client credentials of auth.enterpriseManaged";
}

/** The `Authorization` value presenting `record`'s token: `Bearer …`, or `DPoP …` when bound. */
function bearer(record: TokenRecord | undefined): string | undefined {
  return record === undefined ? undefined : `${record.tokenType ?? "Bearer"} ${record.accessToken}`;
}
