/**
 * `pull()`: the command's pull without files or output. Connects, reads the contract, applies
 * include/exclude/rename and secret masking exactly as `mcp-codegen pull` does, and returns the
 * snapshot the command would write to `mcp.snapshot.json`.
 */
import { createSnapshot, type Snapshot } from "../../templates/index.js";
import { pullAuthenticated } from "../pull/index.js";
import { BEARER_TOKEN_ENV, CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "../auth/index.js";
import type { AuthChoice, AuthEnvironment } from "../auth/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { createSecretMasker, type SecretMasker } from "../secrets/index.js";
import { count } from "../terminal/index.js";
import type { Reporter } from "../terminal/index.js";
import { filterContract, type ServerJob } from "../jobs/index.js";
import { checkPullOptions, type PullAuthOptions, type PullOptions } from "./pull-options.js";
import { resolvePullTarget, type PullTarget } from "./target.js";
import { createApiReporter, maskedError } from "./warnings.js";

export type { PullAuthOptions, PullOptions } from "./pull-options.js";

const SIGN_IN_HELP =
  "the server needs a sign-in and pull() has no way to show one: pass auth.redirect (e.g. loopbackRedirect() from @mcp-codegen/runtime/node/auth), auth.clientCredentials or auth.bearerToken, or run mcp-codegen pull once on a terminal to sign in and store the tokens";

export async function pullSnapshot(
  target: PullTarget,
  options: PullOptions = {},
): Promise<Snapshot> {
  const resolved = resolvePullTarget(target);
  checkPullOptions(options);
  const label = options.label ?? resolved.label;
  const auth = options.auth ?? {};
  const given =
    auth.bearerToken === undefined
      ? resolved.secrets
      : [...resolved.secrets, { text: auth.bearerToken, source: "auth.bearerToken" }];
  const masker = createSecretMasker(given.map((secret) => secret.text));
  const environment = authEnvironment(auth, masker, label);
  const reporter = createApiReporter(masker, options.onWarning);
  try {
    if (!("url" in resolved.target) && hasHttpAuth(auth)) {
      throw new CliError(`${label}: auth options apply to url targets only`, ExitCode.Usage);
    }
    const contractWarnings: string[] = [];
    const contractReporter: Reporter =
      options.strict === true
        ? { ...reporter, warn: (line) => void contractWarnings.push(line) }
        : reporter;
    const contract = await pullAuthenticated(
      resolved.target,
      {
        name: options.name,
        timeout: options.timeout,
        protocol: options.protocol,
        declare: options.capabilities,
        reporter: contractReporter,
        // A server's faults change no generated type: warnings even under strict.
        onServerFault: (line) => reporter.warn(line),
        label,
      },
      authChoice(auth),
      environment,
    );
    failOnContractWarnings(contractWarnings, reporter);
    const known = new Set(given.map((secret) => secret.text));
    // Tokens and client secrets learned while connecting are masked in the contract too.
    const learned = masker
      .secrets()
      .filter((text) => !known.has(text))
      .map((text) => ({ text, source: "OAuth credentials" }));
    const job: ServerJob = {
      label,
      target: resolved.target,
      out: "",
      include: options.include === undefined ? undefined : [...options.include],
      exclude: options.exclude === undefined ? undefined : [...options.exclude],
      rename: options.rename === undefined ? undefined : { ...options.rename },
      runtime: options.runtime,
      openInputTypes: options.openInputTypes,
      importExtension: options.importExtension,
      emit: options.emit,
      agent: options.agent,
      secrets: [...given, ...learned],
    };
    return createSnapshot(filterContract(contract, job, reporter));
  } catch (error) {
    throw maskedError(error, masker);
  }
}

function hasHttpAuth(auth: PullAuthOptions): boolean {
  return Object.entries(auth).some(([key, value]) => key !== "env" && value !== undefined);
}

/**
 * What the auth layer gets from a run with no terminal: no browser sign-in but through
 * `auth.redirect`, a token store per call, and the credentials given as options.
 */
function authEnvironment(
  auth: PullAuthOptions,
  masker: SecretMasker,
  label: string,
): AuthEnvironment {
  return {
    masker,
    env: authEnv(auth, label),
    canSignIn: false,
    stores: new Map(),
    redirect: auth.redirect,
    // Only a browser sign-in without a redirect writes here, and canSignIn rules that out.
    stderr: { write: () => true },
    signInHelp: SIGN_IN_HELP,
  };
}

/** The environment the auth layer reads, with the credentials given as options put in place. */
function authEnv(auth: PullAuthOptions, label: string): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...(auth.env ?? process.env) };
  if (auth.bearerToken !== undefined) {
    if (auth.bearerToken === "")
      throw new CliError(`${label}: auth.bearerToken is empty`, ExitCode.Usage);
    env[BEARER_TOKEN_ENV] = auth.bearerToken;
  }
  if (typeof auth.clientCredentials === "object") {
    env[CLIENT_ID_ENV] = auth.clientCredentials.clientId;
    env[CLIENT_SECRET_ENV] = auth.clientCredentials.clientSecret;
  }
  return env;
}

function authChoice(auth: PullAuthOptions): AuthChoice {
  return {
    ...(auth.clientCredentials === undefined
      ? {}
      : { clientCredentials: { clientIdEnv: CLIENT_ID_ENV, clientSecretEnv: CLIENT_SECRET_ENV } }),
    ...(auth.tokenStore === undefined ? {} : { tokenStore: auth.tokenStore }),
    ...(auth.reauthorize === true ? { reauthorize: true } : {}),
  };
}

/** Under strict: the first contract warning thrown (exit code 4), the rest as warnings. */
function failOnContractWarnings(warnings: readonly string[], reporter: Reporter): void {
  const [first, ...rest] = warnings;
  if (first === undefined) return;
  for (const line of rest) reporter.warn(line);
  const others = rest.length === 0 ? "" : ` (and ${count(rest.length, "more warning")})`;
  throw new CliError(
    `${first}${others}; --strict makes this an error: the server must fix it, or pull without --strict`,
    ExitCode.Contract,
  );
}
