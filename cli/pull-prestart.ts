/**
 * `pull -- COMMAND…` starts its server as soon as the flags are parsed, before the pull's own
 * modules (the config schema, the runtime's client, the pull) load, so the server boots
 * meanwhile. A root file because it chooses what loads before the spawn: the target's flags,
 * the credential filter and the runtime's spawning code, nothing else.
 */
import { resolve } from "node:path";
import {
  prestartStdioServer,
  type PrestartedStdioServer,
} from "@mcp-codegen/runtime/node/prestart";
import type { StdioTarget } from "@mcp-codegen/runtime";
import { isCliCredentialEnv } from "./auth/env-names.js";
import { resolveTarget, type TargetFlags } from "./jobs/target-flags.js";

/** The pull flags that decide whether the server on the command line is the one pulled. */
export interface PrestartFlags extends TargetFlags {
  names?: readonly string[] | undefined;
  server?: readonly string[] | undefined;
  registry?: string | undefined;
  serverJson?: string | undefined;
  clientCredentials?: boolean | undefined;
  tokenStore?: string | undefined;
  reauthorize?: boolean | undefined;
}

/**
 * Starts the server of `pull -- COMMAND…` with the very target the pull will connect to
 * (`resolveTarget`'s, with `--cwd` resolved against `cwd`, inheriting the environment but the
 * CLI's own credentials, as pull-contract.ts's `withoutCliCredentials` does), or returns
 * undefined when the pull would not connect to it first: no command, `--url`, `--registry`,
 * `--server-json`, config names, auth flags (refused for a command), or flags the target
 * refuses (the pull then reports them itself). Never throws; a spawn failure is reported when
 * the pull connects. The caller disposes the handle once the pull is over (a no-op once taken).
 */
export function prestartPull(flags: PrestartFlags, cwd: string): PrestartedStdioServer | undefined {
  const given = (list: readonly string[] | undefined) => list !== undefined && list.length > 0;
  if (!given(flags.command) || flags.url !== undefined) return undefined;
  if (flags.registry !== undefined || flags.serverJson !== undefined) return undefined;
  if (given(flags.names) || given(flags.server)) return undefined;
  if (flags.clientCredentials === true || flags.tokenStore !== undefined) return undefined;
  if (flags.reauthorize === true) return undefined;
  let target;
  try {
    target = resolveTarget({
      ...flags,
      cwd: flags.cwd === undefined ? undefined : resolve(cwd, flags.cwd),
    }).target;
  } catch {
    return undefined;
  }
  if (!("command" in target)) return undefined;
  return prestartTarget(target);
}

/**
 * Starts a stdio target's server as a pull's connection will ask for it: its command, args, env
 * and cwd, inheriting the environment but the CLI's own credentials.
 */
export function prestartTarget(target: StdioTarget): PrestartedStdioServer {
  return prestartStdioServer({
    command: target.command,
    ...(target.args === undefined ? {} : { args: target.args }),
    ...(target.env === undefined ? {} : { env: target.env }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    inheritEnv: (name) => !isCliCredentialEnv(name),
  });
}
