/**
 * `pull --registry NAME[@VERSION]` and `pull --server-json FILE`: the flags checked, the entry
 * fetched or read, and the user's `--env` / `--header` values handed to it.
 */
import { resolve } from "node:path";
import { parseEnv, parseHeader, type TargetFlags } from "../jobs/index.js";
import type { Snapshot } from "../../templates/index.js";
import {
  fetchRegistryEntry,
  parseRegistryName,
  resolveRegistrySource,
  resolveServerJson,
  type ResolvedEntry,
} from "../registry/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { Secret } from "../secrets/index.js";
import type { CommandContext } from "./context.js";
import type { ServerJob } from "../jobs/index.js";

/** The flags of `pull` that name or feed a registry server (a subset of `PullFlags`). */
export interface RegistryFlags extends TargetFlags {
  registry?: string | undefined;
  registryUrl?: string | undefined;
  serverJson?: string | undefined;
  timeout?: number | undefined;
}

function usage(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

/**
 * The entry `--registry` or `--server-json` names, resolved with the `--env` values (by input
 * name) and `--header` values.
 * @throws CliError (exit 2) when they are combined with another way to name a server or with
 * stdio-only flags; otherwise as the registry room does.
 */
export async function registryTarget(
  flags: RegistryFlags,
  names: readonly string[],
  context: CommandContext,
): Promise<ResolvedEntry> {
  if (flags.registry !== undefined && flags.serverJson !== undefined) {
    throw usage("give either --registry NAME or --server-json FILE, not both");
  }
  const other =
    flags.url !== undefined
      ? "--url"
      : (flags.command?.length ?? 0) > 0
        ? "a command after --"
        : names.length > 0
          ? "config server names"
          : undefined;
  if (other !== undefined) {
    throw usage(
      `${flags.registry === undefined ? "--server-json" : "--registry"} and ${other} both choose what to pull; give one`,
    );
  }
  if (flags.cwd !== undefined) throw usage("--cwd does not apply to a registry server");
  if (flags.registryUrl !== undefined && flags.registry === undefined) {
    throw usage("--registry-url applies with --registry NAME only");
  }
  // Values given with --secret-env / --secret-header are secrets whatever their names.
  const marked: Secret[] = [];
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const add = (
    list: readonly string[] | undefined,
    flag: string,
    into: Record<string, string>,
    parse: (text: string, flag: string) => [string, string],
  ) => {
    for (const entry of list ?? []) {
      const [key, value] = parse(entry, flag);
      into[key] = value;
      if (flag.startsWith("--secret") && value !== "")
        marked.push({ text: value, source: `${flag} ${key}` });
    }
  };
  add(flags.env, "--env", env, parseEnv);
  add(flags.secretEnv, "--secret-env", env, parseEnv);
  add(flags.header, "--header", headers, parseHeader);
  add(flags.secretHeader, "--secret-header", headers, parseHeader);
  const values = { env, headers };
  const resolved =
    flags.serverJson !== undefined
      ? await resolveServerJson(resolve(context.cwd, flags.serverJson), values, context.auth.env)
      : await resolveRegistrySource(
          { ...parseRegistryName(flags.registry!), registryUrl: flags.registryUrl },
          values,
          context.auth.env,
          flags.timeout,
        );
  return { ...resolved, secrets: [...resolved.secrets, ...marked] };
}

/**
 * A config server of the registry with its entry fetched: target, label (the config key and the
 * entry) and secrets filled in, and the origin for the snapshot.
 * @throws CliError as `resolveRegistrySource` does.
 */
export async function withRegistryTarget(
  job: ServerJob,
  context: CommandContext,
): Promise<ServerJob> {
  const { values, ...source } = job.registry!;
  const entry = await resolveRegistrySource(source, values, context.auth.env, job.timeout);
  return {
    ...job,
    target: entry.target,
    label: `${job.label} (${entry.label})`,
    secrets: [...(job.secrets ?? []), ...entry.secrets],
    origin: entry.origin,
  };
}

/**
 * For `check --live`: a line saying that the registry has a newer version than the one the
 * snapshot was pulled from, or undefined. A config that pins a version is compared with the
 * latest; one that does not has just fetched it. A registry that cannot say is no drift: the
 * line then says so instead, and the check goes on.
 */
export async function newerVersionNotice(
  job: ServerJob,
  before: Snapshot,
): Promise<string | undefined> {
  const pulled = before.origin?.version;
  if (pulled === undefined || job.registry === undefined) return undefined;
  let latest = job.origin?.version;
  if (job.registry.version !== undefined) {
    try {
      const entry = await fetchRegistryEntry(job.registry.registry, undefined, {
        registryUrl: job.registry.registryUrl,
        timeout: job.timeout,
      });
      latest = entry.server.version;
    } catch (error) {
      return `${job.label}: could not ask the registry for its latest version (${(error as Error).message})`;
    }
  }
  if (latest === undefined || latest === pulled) return undefined;
  return `${job.label}: version ${latest} is published; the snapshot is from ${pulled} (set "version": "${latest}" and pull to update)`;
}
