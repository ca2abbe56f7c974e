/**
 * How `pull` and `check --live` authenticate to an HTTP server: a bearer token from the
 * environment or an `Authorization` header the user gave is sent as is; otherwise the runtime's
 * OAuth client runs, with client credentials from the environment (no user), or the browser
 * sign-in through a loopback redirect when someone is at a terminal. Tokens live in a file token
 * store, so the next run reuses them; every token read or written is added to the run's
 * `SecretMasker` before anything can print it.
 */
import {
  isMcpError,
  type AuthorizationRedirect,
  type ClientCapabilities,
  type HttpTarget,
  type OAuthOptions,
} from "@mcp-codegen/runtime";
import {
  defaultTokenStorePath,
  fileTokenStore,
  loopbackRedirect,
} from "@mcp-codegen/runtime/node/auth";
import { CliError, ExitCode } from "../terminal/index.js";
import { BEARER_TOKEN_ENV, CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "./env-names.js";
import type { SecretMasker } from "../secrets/index.js";
import { maskingTokenStore, type RecordStore } from "./oauth-secrets.js";
import { showAuthorizationUrl } from "./open-browser.js";
import { loopbackRegistrations } from "./loopback-port.js";
import { isTokensKey } from "./token-keys.js";

/** The MCP extension a client using the client credentials grant declares. */
const CLIENT_CREDENTIALS_EXTENSION = "io.modelcontextprotocol/oauth-client-credentials";

/** How the user asked to authenticate, from flags or the config. */
export interface AuthChoice {
  /** `--client-credentials`: the env variables holding the client id and secret. */
  clientCredentials?: { clientIdEnv: string; clientSecretEnv: string } | undefined;
  /** `--token-store <file>`; default `defaultTokenStorePath()` (which reads `TOKEN_STORE_ENV`). */
  tokenStore?: string | undefined;
  /** `--reauthorize`: ignore stored tokens and sign in again (the new tokens replace them). */
  reauthorize?: boolean | undefined;
  /**
   * The server is from the config file (`pull` without a target, `check --live`): messages point
   * to its `headers` and `auth` rather than to flags.
   */
  fromConfig?: boolean | undefined;
  /**
   * The variable this server's bearer token is read from (a config server's own, see
   * bearer-env.ts); default `MCP_CODEGEN_BEARER_TOKEN`, for the one server of `--url`.
   */
  bearerTokenEnv?: string | undefined;
}

/** What the program gives every command for authentication. */
export interface AuthEnvironment {
  masker: SecretMasker;
  env: Readonly<Record<string, string | undefined>>;
  /** True when a user can finish a browser sign-in (a terminal, not CI). */
  canSignIn: boolean;
  /**
   * The run's token stores by path, each masking what it reads and writes: servers pulled in
   * parallel share one, so their writes are serialized instead of racing on the file.
   */
  stores: Map<string, RecordStore>;
  /** Test seam: replaces the loopback listener and the browser. */
  redirect?: AuthorizationRedirect | undefined;
  /** Test seam: replaces `showAuthorizationUrl` (a fake browser); the loopback still listens. */
  open?: ((url: URL) => void | Promise<void>) | undefined;
  stderr: { write(text: string): unknown };
  /**
   * What to do when a sign-in is needed and cannot happen, in place of the command line's advice
   * (the programmatic `pull()` has no terminal, but takes a redirect).
   */
  signInHelp?: string | undefined;
}

/** One connection's authentication: the target to connect to, and what to do after. */
export interface HttpAuth {
  target: HttpTarget;
  capabilities: ClientCapabilities;
  /** The error to report instead of the runtime's, when the failure was a sign-in refused. */
  explain(error: unknown): unknown;
  /** Closes the loopback listener if the flow never used it. */
  close(): Promise<void>;
}

/** Why a sign-in was refused off a terminal, and the ways around it: flags, or the config's fields. */
function nonInteractiveHelp(
  label: string,
  fromConfig: boolean,
  bearerTokenEnv = BEARER_TOKEN_ENV,
): string {
  const credentials = `${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV} in the environment`;
  const ways = fromConfig
    ? `give servers.${JSON.stringify(label)} in the config "auth": { "clientCredentials": {} } (${credentials}) or an "Authorization" entry in its "headers"`
    : `use --client-credentials (${credentials})`;
  return `sign-in needs a browser, and this run is not on a terminal (or CI is set): authenticate non-interactively: ${ways}, or a token in ${bearerTokenEnv}, or run mcp-codegen pull once on a terminal to sign in and store the tokens`;
}

/** Nothing to explain or close: no loopback listener, no refused sign-in. */
const noClose = { explain: (error: unknown) => error, close: async () => undefined };

function hasAuthorization(headers: Readonly<Record<string, string>> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "authorization");
}

function required(env: AuthEnvironment["env"], name: string, label: string): string {
  const value = env[name];
  if (value === undefined || value === "") {
    throw new CliError(
      `${label}: client credentials need the environment variable ${name}; set it (the value is never printed)`,
      ExitCode.Usage,
    );
  }
  return value;
}

/**
 * A store whose token records read as absent until this run writes them, so the flow signs in
 * again and the new tokens replace the old. Client registrations are kept.
 */
function ignoringStoredTokens(store: RecordStore): RecordStore {
  const renewed = new Set<string>();
  const stale = (key: string) => isTokensKey(key) && !renewed.has(key);
  return {
    get: async (key) => (stale(key) ? undefined : store.get(key)),
    set: async (key, value) => {
      await store.set(key, value);
      renewed.add(key);
    },
    delete: (key) => store.delete(key),
  };
}

/** The run's one masking store for the file at `path`. */
export function tokenStoreAt(path: string, environment: AuthEnvironment): RecordStore {
  let store = environment.stores.get(path);
  if (store === undefined) {
    store = maskingTokenStore(usageErrors(fileTokenStore(path)), environment.masker);
    environment.stores.set(path, store);
  }
  return store;
}

/**
 * The token store's refusal (see `usageErrors`) behind `error`, when that is why a pull failed:
 * the runtime reports a store that fails under the request it was loading tokens for, which
 * would read as a server unreachable (exit 3).
 */
export function tokenStoreRefusal(error: unknown): CliError | undefined {
  let cause: unknown = error;
  // A short walk: the runtime wraps an error once or twice, and a cycle must not hang this.
  for (let depth = 0; depth < 8 && cause instanceof Error; depth++) {
    if (cause instanceof CliError && cause.exitCode === ExitCode.Usage) return cause;
    cause = cause.cause;
  }
  return undefined;
}

/**
 * `store`, whose refusals (kind `input`: a file that is not a token store, a link, a mode others
 * can read, a folder where the file should be) are exit 2 rather than a server's failure: the fix
 * is the user's path or file, and the message says which. Anything else passes as it is.
 */
function usageErrors(store: RecordStore): RecordStore {
  const usage = (error: unknown): never => {
    if (isMcpError(error) && error.kind === "input") {
      throw new CliError(error.message, ExitCode.Usage, { cause: error });
    }
    throw error;
  };
  return {
    get: (key) => store.get(key).catch(usage),
    set: (key, value) => store.set(key, value).catch(usage),
    delete: (key) => store.delete(key).catch(usage),
  };
}

/**
 * The target and capabilities for connecting to `target`, authenticated as `choice` says.
 * `label` names the server in messages.
 */
export async function prepareHttpAuth(
  target: HttpTarget,
  capabilities: ClientCapabilities,
  choice: AuthChoice,
  environment: AuthEnvironment,
  label: string,
): Promise<HttpAuth> {
  const bearer = environment.env[choice.bearerTokenEnv ?? BEARER_TOKEN_ENV];
  if (hasAuthorization(target.headers)) return { target, capabilities, ...noClose };
  if (bearer !== undefined && bearer !== "") {
    environment.masker.add([bearer]);
    return {
      target: { ...target, headers: { ...target.headers, Authorization: `Bearer ${bearer}` } },
      capabilities,
      ...noClose,
    };
  }
  const path = choice.tokenStore ?? defaultTokenStorePath(environment.env);
  const file = tokenStoreAt(path, environment);
  const store = choice.reauthorize === true ? ignoringStoredTokens(file) : file;
  const credentials = choice.clientCredentials;
  if (credentials !== undefined) {
    const clientId = required(environment.env, credentials.clientIdEnv, label);
    const clientSecret = required(environment.env, credentials.clientSecretEnv, label);
    environment.masker.add([clientSecret]);
    const auth: OAuthOptions = { clientCredentials: { clientId, clientSecret }, store };
    return {
      target: { ...target, auth },
      capabilities: {
        ...capabilities,
        extensions: { ...capabilities.extensions, [CLIENT_CREDENTIALS_EXTENSION]: {} },
      },
      ...noClose,
    };
  }
  // A caller of the programmatic API gets its own options named, not the CLI's flags.
  const refusal =
    environment.signInHelp ??
    nonInteractiveHelp(label, choice.fromConfig === true, choice.bearerTokenEnv);
  return withRedirect(target, capabilities, store, environment, `${label}: ${refusal}`);
}

async function withRedirect(
  target: HttpTarget,
  capabilities: ClientCapabilities,
  store: RecordStore,
  environment: AuthEnvironment,
  /** The whole error line for a sign-in refused off a terminal. */
  refusal: string,
): Promise<HttpAuth> {
  const auth = (redirect: AuthorizationRedirect, kept = store): HttpTarget => ({
    ...target,
    auth: { redirect, store: kept, clientName: "mcp-codegen" },
  });
  if (environment.redirect !== undefined) {
    return { target: auth(environment.redirect), capabilities, ...noClose };
  }
  if (environment.open === undefined && !environment.canSignIn) {
    // No listener: the flow can never finish, so the first authorize() ends it. Stored tokens
    // (from a sign-in on a terminal) are still used and refreshed.
    let refused = false;
    const redirect: AuthorizationRedirect = {
      redirectUri: "http://127.0.0.1/callback",
      authorize: async () => {
        refused = true;
        throw new Error("no browser sign-in outside a terminal");
      },
    };
    // A client registered on the way to the refusal names a redirect URI no listener serves: it
    // is not kept, so the sign-in on a terminal registers with its own.
    const tokensOnly: RecordStore = {
      get: (key) => store.get(key),
      set: async (key, value) => (isTokensKey(key) ? store.set(key, value) : undefined),
      delete: (key) => store.delete(key),
    };
    return {
      target: auth(redirect, tokensOnly),
      capabilities,
      explain: (error) => (refused ? new CliError(refusal, ExitCode.Server) : error),
      close: async () => undefined,
    };
  }
  const open =
    environment.open ?? ((url: URL) => showAuthorizationUrl(url, { stderr: environment.stderr }));
  const { listener, store: kept } = await loopbackRegistrations(store, (port) =>
    loopbackRedirect({ open, port }),
  );
  return {
    target: auth(listener, kept),
    capabilities,
    explain: (error) => error,
    close: () => listener.close(),
  };
}
