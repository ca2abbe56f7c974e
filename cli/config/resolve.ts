/**
 * Resolving a validated configuration into what pulling needs: absolute paths, `${VAR}`
 * interpolated, defaults applied, and the secret strings the caller must redact from anything it
 * prints or writes.
 */
import path from "node:path";
import { CLIENT_ID_ENV, CLIENT_SECRET_ENV } from "../auth/index.js";
import { interpolate, type ConfigEnv } from "./interpolate.js";
import { configError, type ConfigError } from "./issues.js";
import type { ProtocolChoice } from "./protocol-choices.js";
import type { ClientNeed } from "@mcp-codegen/runtime";
import type { McpCodegenConfig, ServerConfig } from "./schema.js";
import {
  argumentSecrets,
  envSecrets,
  headerSecrets,
  substitutionSecrets,
  urlSecrets,
  type Secret,
} from "../secrets/index.js";

/** The default root folder for generated clients, relative to the config file. */
export const DEFAULT_OUT = "mcp";

/** A stdio server, ready for the runtime's `connect()`. */
export interface ResolvedStdioTarget {
  command: string;
  args: string[];
  /** Added to the inherited environment. Its credentials are in `ResolvedConfig.secrets`. */
  env: Record<string, string>;
  /** Absolute; defaults to the config file's folder. */
  cwd: string;
}

/** A Streamable HTTP server, ready for the runtime's `connect()`. */
export interface ResolvedHttpTarget {
  url: string;
  /** The credentials among them are in `ResolvedConfig.secrets`. */
  headers: Record<string, string>;
  /** `auth`, with the token store's path made absolute. */
  auth?: ResolvedHttpAuth;
}

/** A server's `auth`: the names of the variables holding credentials, never their values. */
export interface ResolvedHttpAuth {
  clientCredentials?: { clientIdEnv: string; clientSecretEnv: string };
  /** Absolute. */
  tokenStore?: string;
}

/**
 * A server of the MCP registry: what to fetch and the user's values for it (interpolated; their
 * credentials are in `ResolvedConfig.secrets`). Fetched when pulled, not when loaded.
 */
export interface ResolvedRegistryTarget {
  registry: string;
  version?: string;
  registryUrl?: string;
  use?: "package" | "remote";
  env: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * One server of the config, resolved. Tell the targets apart with `"url" in target` and
 * `"registry" in target`.
 */
export interface ResolvedServer {
  name: string;
  target: ResolvedStdioTarget | ResolvedHttpTarget | ResolvedRegistryTarget;
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
  /** What relative imports in generated code end with. */
  importExtension?: "js" | "ts";
  /** The output form: `.ts` modules, or `.js` with `.d.ts` beside each. */
  emit?: "ts" | "js+dts";
  /** Also write the agent pack for code mode under `agent/`. */
  agent?: boolean;
  /** Milliseconds. */
  timeout?: number;
  /** `auto` or a pinned protocol version. */
  protocol?: ProtocolChoice;
  /** The client capabilities to declare while pulling; absent: all of them. */
  capabilities?: ClientNeed[];
  /** Absolute files and folders `pull --watch` watches instead of the derived ones. */
  watch?: string[];
}

/** A loaded configuration. */
export interface ResolvedConfig {
  /** Absolute path of the file it came from. */
  file: string;
  /** Absolute root folder for generated clients. */
  out: string;
  /** In the order the file lists them. */
  servers: ResolvedServer[];
  /** `strict: true`: any generation warning fails the command (exit 4). Default false. */
  strict: boolean;
  /**
   * The names of every HTTP server the file lists, chosen for this run or not: a credential from
   * the environment is a single server's only when there is one.
   */
  httpServers: string[];
  /**
   * Strings that must never be printed or written, by the rules of `secret-sources.ts`: header
   * and env values marked `secret: true`, named like credentials or shaped like one (with their
   * parts: the token after `Bearer`, Basic's password), `${VAR}` values of credential-named
   * variables, URL passwords, credential query values and key-like path segments. Unique texts,
   * longest first, in the order of the file for equal lengths.
   */
  secrets: Secret[];
}

export interface ResolveConfigOptions {
  /** Absolute path of the config file: relative paths in it resolve from its folder. */
  file: string;
  /** How error messages name the file. */
  label: string;
  env: ConfigEnv;
  /**
   * Every HTTP server of the file when `config` holds only the servers chosen from it (default:
   * those of `config`).
   */
  httpServers?: readonly string[];
}

/** The names of the servers of `config` that have a `url`. */
export function httpServerNames(config: McpCodegenConfig): string[] {
  return Object.entries(config.servers)
    .filter(([, server]) => "url" in server)
    .map(([name]) => name);
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
  const secrets: Secret[] = [];
  const servers = Object.entries(config.servers).map(([name, server]) =>
    resolveServer(name, server, { ...options, base, out, secrets }),
  );
  checkDistinctOutputs(servers, options.label);
  const unique = new Map<string, Secret>();
  for (const secret of secrets) {
    if (secret.text !== "" && !unique.has(secret.text)) unique.set(secret.text, secret);
  }
  const sorted = [...unique.values()].sort((a, b) => b.text.length - a.text.length);
  return {
    file: options.file,
    out,
    servers,
    strict: config.strict === true,
    httpServers: [...(options.httpServers ?? httpServerNames(config))],
    secrets: sorted,
  };
}

interface ServerContext extends ResolveConfigOptions {
  base: string;
  out: string;
  secrets: Secret[];
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
  if (server.importExtension !== undefined) resolved.importExtension = server.importExtension;
  if (server.emit !== undefined) resolved.emit = server.emit;
  if (server.agent !== undefined) resolved.agent = server.agent;
  if (server.timeout !== undefined) resolved.timeout = server.timeout;
  if (server.protocol !== undefined) resolved.protocol = server.protocol;
  if (server.capabilities !== undefined) resolved.capabilities = [...server.capabilities];
  if (server.watch !== undefined) {
    resolved.watch = server.watch.map((entry) => path.resolve(context.base, entry));
  }
  return resolved;
}

function resolveTarget(
  name: string,
  server: ServerConfig,
  context: ServerContext,
): ResolvedStdioTarget | ResolvedHttpTarget | ResolvedRegistryTarget {
  const expand = (text: string, where: readonly PropertyKey[]): string => {
    const fail = (message: string) =>
      configError(context.label, ["servers", name, ...where], message);
    const { value, substituted } = interpolate(text, context.env, fail);
    for (const part of substituted) {
      context.secrets.push(...substitutionSecrets(part.variable, part.value));
    }
    return value;
  };
  const expandMap = (
    map: Record<string, ConfigValue> | undefined,
    key: string,
    secretsOf: (name: string, value: string, marked: boolean) => Secret[],
  ) =>
    Object.fromEntries(
      Object.entries(map ?? {}).map(([k, entry]) => {
        const written = typeof entry === "string" ? { value: entry } : entry;
        const value = expand(written.value, [key, k]);
        context.secrets.push(...secretsOf(k, value, written.secret === true));
        return [k, value] as const;
      }),
    );
  if ("registry" in server) {
    const target: ResolvedRegistryTarget = {
      registry: server.registry,
      env: expandMap(server.env, "env", envSecrets),
      headers: expandMap(server.headers, "headers", headerSecrets),
    };
    if (server.version !== undefined) target.version = server.version;
    if (server.registryUrl !== undefined) target.registryUrl = server.registryUrl;
    if (server.use !== undefined) target.use = server.use;
    return target;
  }
  if ("command" in server) {
    const args = (server.args ?? []).map((arg, index) => expand(arg, ["args", index]));
    context.secrets.push(...argumentSecrets(args));
    return {
      command: server.command,
      args,
      env: expandMap(server.env, "env", envSecrets),
      cwd: path.resolve(context.base, server.cwd ?? "."),
    };
  }
  const url = expand(server.url, ["url"]);
  checkUrl(url, server.url, configError.bind(undefined, context.label, ["servers", name, "url"]));
  context.secrets.push(...urlSecrets(new URL(url)));
  const target: ResolvedHttpTarget = {
    url,
    headers: expandMap(server.headers, "headers", headerSecrets),
  };
  const auth = server.auth;
  if (auth !== undefined) {
    target.auth = {};
    if (auth.clientCredentials !== undefined) {
      target.auth.clientCredentials = {
        clientIdEnv: auth.clientCredentials.clientIdEnv ?? CLIENT_ID_ENV,
        clientSecretEnv: auth.clientCredentials.clientSecretEnv ?? CLIENT_SECRET_ENV,
      };
    }
    if (auth.tokenStore !== undefined) {
      target.auth.tokenStore = path.resolve(context.base, auth.tokenStore);
    }
  }
  return target;
}

/** An env or header value as a config file may write it. */
type ConfigValue = string | { value: string; secret?: boolean | undefined };

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
