/**
 * The servers of a loaded config as jobs, with command-line flags applied on top.
 */
import type { ClientNeed } from "@mcp-codegen/runtime";
import type { ProtocolChoice, ResolvedConfig } from "../config/index.js";
import { bearerTokenEnvs } from "../auth/index.js";
import type { ServerJob } from "../jobs/index.js";
import type { ResolvedRegistryTarget } from "../config/index.js";

/** A registry server of the config as a job's `registry`: what to fetch and the user's values. */
function registrySource(target: ResolvedRegistryTarget): NonNullable<ServerJob["registry"]> {
  const { env, headers, use, ...source } = target;
  return { ...source, values: { env, headers, use } };
}

/**
 * One job per server of `config`. An HTTP server's auth choice names the variable its bearer
 * token is read from in `env` (see auth/bearer-env.ts).
 * @throws CliError (exit 2) for `MCP_CODEGEN_BEARER_TOKEN` set in `env` while the config file
 * has several HTTP servers.
 */
export function jobsFromConfig(
  config: ResolvedConfig,
  flags: {
    timeout?: number | undefined;
    protocol?: ProtocolChoice | undefined;
    capabilities?: readonly ClientNeed[] | undefined;
    runtime?: "package" | "vendored" | undefined;
    strict?: boolean | undefined;
    openInputTypes?: boolean | undefined;
    importExtension?: "js" | "ts" | undefined;
    emit?: "ts" | "js+dts" | undefined;
    agent?: boolean | undefined;
  },
  env: Readonly<Record<string, string | undefined>>,
): ServerJob[] {
  const http = config.servers.filter((server) => "url" in server.target);
  const bearerEnvs = bearerTokenEnvs(
    http.map((server) => server.name),
    config.httpServers,
    env,
  );
  return config.servers.map((server) => ({
    label: server.name,
    target:
      "registry" in server.target
        ? undefined
        : "url" in server.target
          ? { url: server.target.url, headers: server.target.headers }
          : { ...server.target, stderr: "pipe" as const },
    registry: "registry" in server.target ? registrySource(server.target) : undefined,
    auth:
      "url" in server.target
        ? { ...server.target.auth, fromConfig: true, bearerTokenEnv: bearerEnvs.get(server.name) }
        : undefined,
    out: server.out,
    name: server.name,
    include: server.include,
    exclude: server.exclude,
    rename: server.rename,
    runtime: flags.runtime ?? server.runtime,
    openInputTypes: flags.openInputTypes ?? server.openInputTypes,
    importExtension: flags.importExtension ?? server.importExtension,
    emit: flags.emit ?? server.emit,
    agent: flags.agent ?? server.agent,
    timeout: flags.timeout ?? server.timeout,
    protocol: flags.protocol ?? server.protocol,
    capabilities: flags.capabilities ?? server.capabilities,
    // The flag can only make a pull stricter: a config that asks for strict stays strict.
    strict: flags.strict === true || config.strict,
    secrets: config.secrets,
  }));
}
