/**
 * `mcp-codegen pull`: talk to a server (or every server in the config), write its snapshot and
 * the generated client.
 */
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CONFIG_FILE_NAMES, loadConfig, type ProtocolChoice } from "../config/index.js";
import { noConfigForNamesError, serverSelector } from "../jobs/index.js";
import { pullAuthenticated, recordedInitializeEra } from "../pull/index.js";
import { CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "../auth/index.js";
import type { AuthChoice } from "../auth/index.js";
import type { ClientNeed, PrestartedServer } from "@mcp-codegen/runtime";
import type { Reporter } from "../terminal/index.js";
import type { CommandContext } from "./context.js";
import { filterContract, type ServerJob } from "../jobs/index.js";
import { resolveTarget, type TargetFlags } from "../jobs/index.js";
import { jobsFromConfig } from "./config-jobs.js";
import { count, MAX_WARNING_LINES } from "../terminal/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { PreviewFlags } from "./pull-output.js";

// Nothing that renders or writes code is imported above (test/cli/commands/pull-start.test.ts):
// a pull spawns its server first and loads the generator while the server boots.
const loadOutput = () => import("./pull-output.js");
// Only a pull from the MCP registry needs the registry client.
const loadRegistry = () => import("./registry-target.js");

export interface PullFlags extends TargetFlags {
  out?: string | undefined;
  name?: string | undefined;
  config?: string | undefined;
  timeout?: number | undefined;
  protocol?: ProtocolChoice | undefined;
  /** `--capabilities`: the client capabilities to declare (parsed by program.ts). */
  capabilities?: readonly ClientNeed[] | undefined;
  runtime?: "package" | "vendored" | undefined;
  /** Generation warnings fail the pull (exit 4) and nothing is written. */
  strict?: boolean | undefined;
  /** `--open-input-types`. */
  openInputTypes?: boolean | undefined;
  /** `--import-extension`. */
  importExtension?: "js" | "ts" | undefined;
  /** `--emit`. */
  emit?: "ts" | "js+dts" | undefined;
  /** `--agent`: also write the agent pack under `agent/`. */
  agent?: boolean | undefined;
  /** `--client-credentials`: the client id and secret from the environment. */
  clientCredentials?: boolean | undefined;
  /** `--token-store <file>`. */
  tokenStore?: string | undefined;
  /** `--reauthorize`: sign in again instead of using stored tokens. */
  reauthorize?: boolean | undefined;
  /** The words before `--`: names of config servers to pull (program.ts splits them off). */
  names?: readonly string[] | undefined;
  /** `--server NAME`, repeatable: more config servers to pull. */
  server?: readonly string[] | undefined;
  /** `--dry-run`: talk to the server, write nothing, print what would change. */
  dryRun?: boolean | undefined;
  /** `--diff`: a dry run that also prints a unified diff of each file that would change. */
  diff?: boolean | undefined;
  /** `--registry NAME[@VERSION]`: the server's entry in the MCP registry. */
  registry?: string | undefined;
  /** `--registry-url URL`: another registry than the official one. */
  registryUrl?: string | undefined;
  /** `--server-json FILE`: a server.json on disk. */
  serverJson?: string | undefined;
}

/** The auth flags, over the config's choice for a server (flags win field by field). */
export function authFromFlags(flags: PullFlags, cwd: string, base: AuthChoice = {}): AuthChoice {
  return {
    ...base,
    ...(flags.clientCredentials === true
      ? { clientCredentials: { clientIdEnv: CLIENT_ID_ENV, clientSecretEnv: CLIENT_SECRET_ENV } }
      : {}),
    ...(flags.tokenStore === undefined ? {} : { tokenStore: resolve(cwd, flags.tokenStore) }),
    ...(flags.reauthorize === true ? { reauthorize: true } : {}),
  };
}

function hasAuthFlags(flags: PullFlags): boolean {
  return (
    flags.clientCredentials === true || flags.tokenStore !== undefined || flags.reauthorize === true
  );
}

function hasTarget(flags: TargetFlags): boolean {
  return flags.url !== undefined || (flags.command !== undefined && flags.command.length > 0);
}

/** One server named on the command line: its connection, and for a registry entry its origin. */
interface CommandLineServer {
  label: string;
  target: ServerJob["target"];
  secrets: NonNullable<ServerJob["secrets"]>;
  origin?: ServerJob["origin"];
}

/**
 * The job of a server named on the command line (a command, `--url`, `--registry` or
 * `--server-json`): every pull flag applies to it alike, from this one place.
 */
function commandLineJob(
  flags: PullFlags,
  context: CommandContext,
  server: CommandLineServer,
): ServerJob {
  return {
    label: server.label,
    target: server.target,
    out: flags.out === undefined ? "" : resolve(context.cwd, flags.out),
    name: flags.name,
    runtime: flags.runtime,
    openInputTypes: flags.openInputTypes,
    importExtension: flags.importExtension,
    emit: flags.emit,
    agent: flags.agent,
    timeout: flags.timeout,
    protocol: flags.protocol,
    capabilities: flags.capabilities,
    strict: flags.strict,
    secrets: server.secrets,
    auth: authFromFlags(flags, context.cwd),
    ...(server.origin === undefined ? {} : { origin: server.origin }),
  };
}

/**
 * Pulls what the flags name. `prestarted`: the server of `-- COMMAND…`, already started for the
 * same target (cli/pull-prestart.ts); the pull's first connection takes it. The caller disposes it.
 */
export async function runPull(
  flags: PullFlags,
  context: CommandContext,
  prestarted?: PrestartedServer,
): Promise<void> {
  const names = [...(flags.names ?? []), ...(flags.server ?? [])];
  const preview: PreviewFlags = { dryRun: flags.dryRun, diff: flags.diff };
  if (flags.registry !== undefined || flags.serverJson !== undefined) {
    const { registryTarget } = await loadRegistry();
    const entry = await registryTarget(flags, names, context);
    const reporter = context.reporter(entry.secrets);
    const print = await pullJob(commandLineJob(flags, context, entry), reporter, context, preview);
    print?.();
    return;
  }
  if (hasTarget(flags)) {
    if (names.length > 0) {
      // Not quoted: words a user meant as a command can hold a credential.
      throw new CliError(
        `config server names (given before -- or with --server) and ${flags.url === undefined ? "a server command after --" : "--url"} both choose what to pull; give config names alone, or --url URL / -- COMMAND ARGS... alone`,
        ExitCode.Usage,
      );
    }
    if (flags.url === undefined && hasAuthFlags(flags)) {
      throw new CliError(
        "--client-credentials, --token-store and --reauthorize apply to --url servers only",
        ExitCode.Usage,
      );
    }
    const resolved = resolveTarget({
      ...flags,
      cwd: flags.cwd === undefined ? undefined : resolve(context.cwd, flags.cwd),
    });
    const reporter = context.reporter(resolved.secrets);
    const target =
      prestarted !== undefined && "command" in resolved.target
        ? { ...resolved.target, prestarted }
        : resolved.target;
    const print = await pullJob(
      commandLineJob(flags, context, { ...resolved, target }),
      reporter,
      context,
      preview,
    );
    print?.();
    return;
  }
  const words = flags.names ?? [];
  if (words.length > 0 && flags.config === undefined && !(await hasConfigFile(context.cwd))) {
    throw noConfigForNamesError(words, context.cwd);
  }
  const select = serverSelector({ names, pullWords: words });
  const config = await loadConfig({
    cwd: context.cwd,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
    ...(select === undefined ? {} : { select }),
  });
  const reporter = context.reporter(config.secrets);
  const jobs = jobsFromConfig(config, flags, context.auth.env).map((job) => ({
    ...job,
    auth: authFromFlags(flags, context.cwd, job.auth),
  }));
  // Servers are independent: pull them in parallel, then report every failure, not just the first.
  const results = await Promise.allSettled(
    jobs.map((job) => pullJob(job, reporter, context, preview)),
  );
  // Previews print in the config's order, whichever server answered first.
  for (const result of results) if (result.status === "fulfilled") result.value?.();
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failures.length === 1) throw failures[0]!.reason;
  if (failures.length > 1) {
    for (const failure of failures.slice(0, -1))
      reporter.error(String((failure.reason as Error).message));
    throw failures.at(-1)!.reason;
  }
}

/** Whether the folder has a config file to find server names in (two of them: loading says so). */
async function hasConfigFile(cwd: string): Promise<boolean> {
  const found = await Promise.all(
    CONFIG_FILE_NAMES.map((name) =>
      stat(join(cwd, name)).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

/**
 * Pulls one server and writes its folder; or, for a preview (`--dry-run`, `--diff`), resolves
 * with the function that prints what it would have written, so parallel previews print in a
 * stable order.
 */
async function pullJob(
  job: ServerJob,
  reporter: Reporter,
  context: CommandContext,
  preview?: PreviewFlags,
): Promise<(() => void) | undefined> {
  if (job.target === undefined && job.registry !== undefined) {
    const { withRegistryTarget } = await loadRegistry();
    job = await withRegistryTarget(job, context);
    reporter = context.reporter(job.secrets ?? []);
  }
  // Under strict, what reading the contract warns about (an entry left out as malformed, a name
  // replaced) fails the pull like a generation warning: the client would say less than the
  // server declares. The server's faults (a list it failed or does not implement, junk on its
  // stdout) stay warnings: no declared type is weakened, and the snapshot records them.
  const contractWarnings: string[] = [];
  const contractReporter: Reporter =
    job.strict === true
      ? { ...reporter, warn: (line) => void contractWarnings.push(line) }
      : reporter;
  // The generator loads while the server boots: from the moment the first request has left (the
  // server is spawned by then; loading earlier would delay the spawn), awaited once the contract
  // is in. If the pull fails first, its error is the one told (a failed load is then nobody's).
  let output: ReturnType<typeof loadOutput> | undefined;
  const startLoading = () => {
    // The render workers start as soon as the generator is in, so they too load during the boot.
    output ??= loadOutput().then((loaded) => {
      loaded.warmRenderWorkers();
      return loaded;
    });
    output.catch(() => undefined);
    return output;
  };
  // The pull's servers stop while the files are written: one that ignores the end of its stdin
  // takes its whole shutdown grace.
  const closing: Promise<void>[] = [];
  try {
    const contract = await pullAuthenticated(
      job.target!,
      {
        name: job.name,
        timeout: job.timeout,
        protocol: job.protocol,
        declare: job.capabilities,
        reporter: contractReporter,
        // A server's faults change no generated type: warnings even under strict.
        onServerFault: (line) => reporter.warn(line),
        label: job.label,
        onServerStarted: startLoading,
        relistEarly: recordedInitializeEra(job.out),
        onClosing: (closed) => closing.push(closed),
      },
      job.auth ?? {},
      context.auth,
    );
    failOnContractWarnings(contractWarnings, reporter);
    const kept = filterContract(contract, withOAuthSecrets(job, context), reporter);
    const { writePulled } = await startLoading();
    return await writePulled({ contract, kept }, job, reporter, context.cwd, preview);
  } finally {
    await Promise.all(closing);
  }
}

/**
 * `job` with the OAuth secrets learned while pulling (tokens, client secrets): a server that
 * quotes one in its contract gets it written as ***, like a header value.
 */
export function withOAuthSecrets(job: ServerJob, context: CommandContext): ServerJob {
  const given = job.secrets ?? [];
  const known = new Set(given.map((secret) => secret.text));
  const learned = context.auth.masker
    .secrets()
    .filter((text) => !known.has(text))
    .map((text) => ({ text, source: "OAuth credentials" }));
  return { ...job, secrets: [...given, ...learned] };
}

/** Under strict: the first contract warning as the one `error:` line (exit 4), the rest as warnings. */
function failOnContractWarnings(warnings: readonly string[], reporter: Reporter): void {
  const [first, ...rest] = warnings;
  if (first === undefined) return;
  // Bounded like generation warnings: a server must not flood the terminal.
  for (const line of rest.slice(0, MAX_WARNING_LINES)) reporter.warn(line);
  const others = rest.length === 0 ? "" : ` (and ${count(rest.length, "more warning")})`;
  throw new CliError(
    `${first}${others}; --strict makes this an error: the server must fix it, or pull without --strict`,
    ExitCode.Contract,
  );
}

// One server's pull, for `pull --watch` (watch/watch-pull.ts), which pulls servers one at a time.
export { pullJob };
