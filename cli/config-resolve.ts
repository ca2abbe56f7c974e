/**
 * Resolving a validated configuration into what pulling needs: absolute paths, `${VAR}`
 * interpolated, defaults applied, and the secret strings the caller must redact from anything it
 * prints or writes.
 */
import path from "node:path";
import { interpolate, type ConfigEnv } from "./config-interpolate.js";
import { configError, type ConfigError } from "./config-issues.js";
import type { McpCodegenConfig, ServerConfig } from "./config-schema.js";

/** The default root folder for generated clients, relative to the config file. */
export const DEFAULT_OUT = "mcp";

/** A stdio server, ready for the runtime's `connect()`. */
export interface ResolvedStdioTarget {
  command: string;
  args: string[];
  /** Added to the inherited environment. Every value is in `ResolvedConfig.secrets`. */
  env: Record<string, string>;
  /** Absolute; defaults to the config file's folder. */
  cwd: string;
}

/** A Streamable HTTP server, ready for the runtime's `connect()`. */
export interface ResolvedHttpTarget {
  url: string;
  /** Every value is in `ResolvedConfig.secrets`. */
  headers: Record<string, string>;
}

/** One server of the config, resolved. Tell the targets apart with `"url" in target`. */
export interface ResolvedServer {
  name: string;
  target: ResolvedStdioTarget | ResolvedHttpTarget;
  /** Absolute folder for the snapshot and generated files. */
  out: string;
  /** Name patterns to keep; absent means all. */
  include?: string[];
  /** Name patterns to drop (wins over `include`). */
  exclude: string[];
  /** Server name → identifier to use. */
  rename: Record<string, string>;
  runtime?: "package" | "vendored";
  /** Input types admit undeclared keys where the schema is silent about them. */
  openInputTypes?: boolean;
  /** Milliseconds. */
  timeout?: number;
}

/** A loaded configuration. */
export interface ResolvedConfig {
  /** Absolute path of the file it came from. */
  file: string;
  /** Absolute root folder for generated clients. */
  out: string;
  /** In the order the file lists them. */
  servers: ResolvedServer[];
  /**
   * Strings that must never be printed or written: every header value, every env value, every
   * value substituted for a `${VAR}`, and a URL's user name and password. Unique, non-empty,
   * longest first (so replacing them in order never leaves part of a longer one behind).
   */
  secrets: string[];
}

export interface ResolveConfigOptions {
  /** Absolute path of the config file: relative paths in it resolve from its folder. */
  file: string;
  /** How error messages name the file. */
  label: string;
  env: ConfigEnv;
}

/**
 * Resolves a validated config: paths made absolute from the config file's folder (`out`
 * defaults to `mcp`, a server's `out` to `<out>/<name>`, a stdio `cwd` to the folder itself),
 * `${VAR}` interpolated in `args`, `env`, `url` and `headers`, and secrets collected.
 * @throws ConfigError for an unset variable, a `url` that is not http(s), or two servers
 * writing to the same folder.
 */
export function resolveConfig(
  config: McpCodegenConfig,
  options: ResolveConfigOptions,
): ResolvedConfig {
  const base = path.dirname(options.file);
  const out = path.resolve(base, config.out ?? DEFAULT_OUT);
  const secrets = new Set<string>();
  const servers = Object.entries(config.servers).map(([name, server]) =>
    resolveServer(name, server, { ...options, base, out, secrets }),
  );
  checkDistinctOutputs(servers, options.label);
  const sorted = [...secrets].filter((secret) => secret !== "");
  sorted.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  return { file: options.file, out, servers, secrets: sorted };
}

interface ServerContext extends ResolveConfigOptions {
  base: string;
  out: string;
  secrets: Set<string>;
}

/** Where a server's snapshot and generated files go: its `out`, or `<root out>/<name>`. */
export function serverOutput(
  base: string,
  rootOut: string,
  name: string,
  server: ServerConfig,
): string {
  return path.resolve(base, server.out ?? path.join(rootOut, name));
}

function resolveServer(name: string, server: ServerConfig, context: ServerContext): ResolvedServer {
  const resolved: ResolvedServer = {
    name,
    target: resolveTarget(name, server, context),
    out: serverOutput(context.base, context.out, name, server),
    exclude: server.exclude ?? [],
    rename: { ...server.rename },
  };
  if (server.include !== undefined) resolved.include = server.include;
  if (server.runtime !== undefined) resolved.runtime = server.runtime;
  if (server.openInputTypes !== undefined) resolved.openInputTypes = server.openInputTypes;
  if (server.timeout !== undefined) resolved.timeout = server.timeout;
  return resolved;
}

function resolveTarget(
  name: string,
  server: ServerConfig,
  context: ServerContext,
): ResolvedStdioTarget | ResolvedHttpTarget {
  const expand = (text: string, where: readonly PropertyKey[], secret: boolean): string => {
    const fail = (message: string) =>
      configError(context.label, ["servers", name, ...where], message);
    const { value, substituted } = interpolate(text, context.env, fail);
    for (const part of substituted) context.secrets.add(part);
    if (secret) context.secrets.add(value);
    return value;
  };
  const expandMap = (map: Record<string, string> | undefined, key: string) =>
    Object.fromEntries(
      Object.entries(map ?? {}).map(([k, v]) => [k, expand(v, [key, k], true)] as const),
    );
  if ("command" in server) {
    return {
      command: server.command,
      args: (server.args ?? []).map((arg, index) => expand(arg, ["args", index], false)),
      env: expandMap(server.env, "env"),
      cwd: path.resolve(context.base, server.cwd ?? "."),
    };
  }
  const url = expand(server.url, ["url"], false);
  checkUrl(url, server.url, configError.bind(undefined, context.label, ["servers", name, "url"]));
  for (const part of urlCredentials(url)) context.secrets.add(part);
  return { url, headers: expandMap(server.headers, "headers") };
}

/** Rejects what `connect()` could not use, quoting the text as written (never the secrets). */
function checkUrl(url: string, written: string, fail: (message: string) => ConfigError): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw fail(
      `${JSON.stringify(written)} is not a URL; write the full address, e.g. https://example.com/mcp`,
    );
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw fail(`${JSON.stringify(written)} is not an http:// or https:// URL`);
  }
}

/** A URL's user name and password, as written and decoded: tokens are often passed there. */
function urlCredentials(url: string): string[] {
  const { username, password } = new URL(url);
  return [username, password].flatMap((part) => [part, safeDecode(part)]);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function checkDistinctOutputs(servers: readonly ResolvedServer[], label: string): void {
  const owners = new Map<string, string>();
  for (const server of servers) {
    const owner = owners.get(server.out);
    if (owner !== undefined) {
      throw configError(
        label,
        ["servers", server.name, "out"],
        `writes to the same folder as servers.${owner} (${server.out}); give each server its own out`,
      );
    }
    owners.set(server.out, server.name);
  }
}
