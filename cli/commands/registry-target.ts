/**
 * `pull --registry NAME[@VERSION]` and `pull --server-json FILE`: the flags checked, the entry
 * fetched or read, and the user's `--env` / `--header` values handed to it.
 */
import { resolve } from "node:path";
import { parseEnv, parseHeader } from "../jobs/index.js";
import {
  parseRegistryName,
  resolveRegistrySource,
  resolveServerJson,
  type ResolvedEntry,
} from "../registry/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import type { Secret } from "../secrets/index.js";
import type { CommandContext } from "./context.js";
import type { PullFlags } from "./pull.js";

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
  flags: PullFlags,
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
