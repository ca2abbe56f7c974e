/**
 * Which environment variable holds each HTTP server's bearer token. A credential in the
 * environment belongs to one server: `MCP_CODEGEN_<SERVER>_BEARER_TOKEN` names the config server
 * it is for; the generic `MCP_CODEGEN_BEARER_TOKEN` is taken only where there is one HTTP server to
 * give it to (`--url`, or a config with a single HTTP server). With several, it is refused rather
 * than sent to every origin, including ones that never asked for authorization.
 */
import { CliError, ExitCode } from "../terminal/index.js";
import { BEARER_TOKEN_ENV } from "./env-names.js";

/**
 * The variable holding the bearer token of the config server `name`: `MCP_CODEGEN_`, the name in
 * capitals with `-` as `_`, `_BEARER_TOKEN` (`beta-api` → `MCP_CODEGEN_BETA_API_BEARER_TOKEN`).
 */
export function serverBearerTokenEnv(name: string): string {
  return `MCP_CODEGEN_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_BEARER_TOKEN`;
}

const isSet = (env: Readonly<Record<string, string | undefined>>, name: string) =>
  env[name] !== undefined && env[name] !== "";

/**
 * For each of `chosen` (HTTP servers of the config being pulled), the variable its bearer token is
 * read from: its own when set, else the generic one when the config file has just that one HTTP
 * server (`all`: every HTTP server of the file, chosen or not, so `pull a` and `pull b` in turn
 * cannot send one token to both), else its own (unset: no token).
 * @throws CliError (exit 2) when the generic variable is set and the file has several HTTP
 * servers, or when two servers' names give the same variable and it is set.
 */
export function bearerTokenEnvs(
  chosen: readonly string[],
  all: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Map<string, string> {
  if (isSet(env, BEARER_TOKEN_ENV) && all.length > 1) {
    const names = all.map(serverBearerTokenEnv).join(", ");
    throw new CliError(
      `${BEARER_TOKEN_ENV} is set, and the config has ${all.length} HTTP servers, which would each be sent it: name the server the token is for (${names}), or give the server an "Authorization" entry in its "headers" (e.g. "Bearer \${ITS_TOKEN}"); then unset ${BEARER_TOKEN_ENV}`,
      ExitCode.Usage,
    );
  }
  for (const name of all) {
    const variable = serverBearerTokenEnv(name);
    const twin = all.find((other) => other !== name && serverBearerTokenEnv(other) === variable);
    if (twin !== undefined && isSet(env, variable)) {
      throw new CliError(
        `${variable} is set, and names both servers.${JSON.stringify(name)} and servers.${JSON.stringify(twin)}: rename one of them, or give each an "Authorization" entry in its "headers"`,
        ExitCode.Usage,
      );
    }
  }
  const generic = isSet(env, BEARER_TOKEN_ENV);
  return new Map(
    chosen.map((name) => {
      const own = serverBearerTokenEnv(name);
      return [name, !isSet(env, own) && generic ? BEARER_TOKEN_ENV : own];
    }),
  );
}
