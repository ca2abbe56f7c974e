/**
 * The servers of a loaded config as jobs, with command-line flags applied on top.
 */
import type { ProtocolChoice, ResolvedConfig } from "../config/index.js";
import type { ServerJob } from "../server-job.js";

export function jobsFromConfig(
  config: ResolvedConfig,
  flags: {
    timeout?: number | undefined;
    protocol?: ProtocolChoice | undefined;
    runtime?: "package" | "vendored" | undefined;
    strict?: boolean | undefined;
    openInputTypes?: boolean | undefined;
  },
): ServerJob[] {
  return config.servers.map((server) => ({
    label: server.name,
    target:
      "url" in server.target
        ? { url: server.target.url, headers: server.target.headers }
        : { ...server.target, stderr: "pipe" as const },
    auth: "url" in server.target ? { ...server.target.auth, fromConfig: true } : undefined,
    out: server.out,
    name: server.name,
    include: server.include,
    exclude: server.exclude,
    rename: server.rename,
    runtime: flags.runtime ?? server.runtime,
    openInputTypes: flags.openInputTypes ?? server.openInputTypes,
    timeout: flags.timeout ?? server.timeout,
    protocol: flags.protocol ?? server.protocol,
    // The flag can only make a pull stricter: a config that asks for strict stays strict.
    strict: flags.strict === true || config.strict,
    secrets: config.secrets,
  }));
}
