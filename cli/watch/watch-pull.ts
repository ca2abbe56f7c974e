/**
 * `mcp-codegen pull --watch`: pull once, then pull a server again whenever its source or the
 * config file changes. A stdio server's source is its entry file and that file's folder
 * (entry-file.ts), or the config's `watch` list; an HTTP server's source is not on this machine,
 * so only the config file and its `watch` list can set off a pull.
 */
import { resolve } from "node:path";
import { loadConfig, type ResolvedServer } from "../config/index.js";
import type { CommandContext } from "../commands/index.js";
import { jobsFromConfig } from "../commands/index.js";
import { authFromFlags, pullJob, runPull, type PullFlags } from "../commands/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { serverSelector } from "../jobs/index.js";
import { resolveTarget } from "../jobs/index.js";
import { DEFAULT_OUT } from "../config/index.js";
import { entryPaths } from "./entry-file.js";
import { watchLoop, type WatchPlan } from "./watch-loop.js";

export async function watchPull(
  flags: PullFlags,
  context: CommandContext,
  signal: AbortSignal | undefined,
): Promise<void> {
  const hasTarget = flags.url !== undefined || (flags.command?.length ?? 0) > 0;
  if (hasTarget && (flags.names?.length ?? 0) + (flags.server?.length ?? 0) > 0) {
    throw new CliError(
      "config server names and a --url or a command after -- both choose what to watch; give one",
      ExitCode.Usage,
    );
  }
  // A registry's package is fetched and run from npm's cache, not from a file of this project.
  const fromRegistry =
    flags.registry !== undefined
      ? "--registry"
      : flags.serverJson !== undefined
        ? "--server-json"
        : undefined;
  if (fromRegistry !== undefined) {
    throw new CliError(
      `pull --watch ${fromRegistry} has nothing to watch: the server's package is not a file of this project; put the server in mcp-codegen.config.json with a "watch" list of its files, or pull without --watch`,
      ExitCode.Usage,
    );
  }
  await watchLoop({
    cwd: context.cwd,
    verb: "pulling",
    signal,
    load: () => (hasTarget ? targetPlan(flags, context) : configPlan(flags, context)),
  });
}

/** What a server of the config watches: its `watch` list, else its entry file and folder. */
async function serverPaths(server: ResolvedServer): Promise<string[]> {
  if (server.watch !== undefined) return server.watch;
  if ("url" in server.target || "registry" in server.target) return [];
  return entryPaths(server.target.command, server.target.args, server.target.cwd);
}

async function configPlan(flags: PullFlags, context: CommandContext): Promise<WatchPlan> {
  // The same selection as a plain pull: names before --, and --server.
  const words = flags.names ?? [];
  const select = serverSelector({ names: [...words, ...(flags.server ?? [])], pullWords: words });
  const config = await loadConfig({
    cwd: context.cwd,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
    ...(select === undefined ? {} : { select }),
  });
  const reporter = context.reporter(config.secrets);
  const jobs = jobsFromConfig(config, flags, context.auth.env);
  const units = await Promise.all(
    config.servers.map(async (server, index) => {
      const job = { ...jobs[index]!, auth: authFromFlags(flags, context.cwd, jobs[index]!.auth) };
      return {
        key: server.name,
        name: server.name,
        paths: await serverPaths(server),
        run: async () => {
          await pullJob(job, reporter, context);
        },
      };
    }),
  );
  return {
    units,
    ignored: [config.out, ...config.servers.map((server) => server.out)],
    configFile: config.file,
    reporter,
  };
}

async function targetPlan(flags: PullFlags, context: CommandContext): Promise<WatchPlan> {
  // Checked here as runPull checks it, so a wrong flag ends the watch (exit 2) instead of
  // failing every pull in it.
  const authFlags =
    flags.clientCredentials === true ||
    flags.tokenStore !== undefined ||
    flags.reauthorize === true;
  if (flags.url === undefined && authFlags) {
    throw new CliError(
      "--client-credentials, --token-store and --reauthorize apply to --url servers only",
      ExitCode.Usage,
    );
  }
  const resolved = resolveTarget({
    ...flags,
    cwd: flags.cwd === undefined ? undefined : resolve(context.cwd, flags.cwd),
  });
  const { target } = resolved;
  if ("url" in target) {
    throw new CliError(
      'pull --watch --url has nothing to watch: an HTTP server\'s source is not on this machine; put the server in mcp-codegen.config.json with a "watch" list of its files, or pull without --watch',
      ExitCode.Usage,
    );
  }
  const paths = await entryPaths(target.command, target.args ?? [], target.cwd ?? context.cwd);
  if (paths.length === 0) {
    throw new CliError(
      `pull --watch: no argument of "${resolved.label}" names a file to watch; run the server from its source file (e.g. -- node server.js), or put it in mcp-codegen.config.json with a "watch" list`,
      ExitCode.Usage,
    );
  }
  return {
    units: [
      {
        key: "target",
        name: flags.name ?? resolved.label,
        paths,
        run: () => runPull(flags, context),
      },
    ],
    // Without --out the folder is mcp/<server name>, known only after a pull: all of mcp/.
    ignored: [resolve(context.cwd, flags.out ?? DEFAULT_OUT)],
    reporter: context.reporter(resolved.secrets),
  };
}
