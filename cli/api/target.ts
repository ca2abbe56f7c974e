/**
 * The server `pull()` connects to, as a build script gives it: a stdio command or an HTTP URL,
 * checked the way the command line checks its flags, with the secrets among its values and a
 * label for messages that holds none of them.
 */
import type { HttpTarget, StdioTarget } from "@mcp-codegen/runtime";
import { maskUrl } from "@mcp-codegen/runtime/internal";
import { CliError, ExitCode } from "../terminal/index.js";
import {
  argumentSecrets,
  envSecrets,
  headerSecrets,
  urlSecrets,
  type Secret,
} from "../secrets/index.js";
import { commandLabel, type ResolvedTarget } from "../jobs/index.js";

/** A server started as a child process, speaking MCP over its stdin and stdout. */
export interface StdioServer {
  command: string;
  args?: readonly string[] | undefined;
  /** The server's working folder (default: the caller's). */
  cwd?: string | undefined;
  /** Added to the inherited environment. Values named like credentials are secrets. */
  env?: Readonly<Record<string, string>> | undefined;
}

/** A Streamable HTTP (or legacy SSE) endpoint. */
export interface HttpServer {
  url: string | URL;
  /** Sent with every request; values named like credentials (`Authorization`) are secrets. */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** What `pull()` connects to: the same two shapes the command line and the config resolve. */
export type PullTarget = StdioServer | HttpServer;

// RFC 9110 token: anything else is refused by every HTTP client, so say so before connecting.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function usage(message: string): CliError {
  return new CliError(`pull: ${message}`, ExitCode.Usage);
}

/**
 * `target` as a connection target, its secrets and its label.
 * @throws CliError (exit code 2) naming the field that is wrong; no value is quoted, since any
 * of them may be a credential.
 */
export function resolvePullTarget(target: PullTarget): ResolvedTarget {
  if (typeof target !== "object" || target === null) {
    throw usage("the target must be { command, args?, cwd?, env? } or { url, headers? }");
  }
  const hasUrl = "url" in target && target.url !== undefined;
  const hasCommand = "command" in target && target.command !== undefined;
  if (hasUrl && hasCommand) throw usage("give the target either url or command, not both");
  if (hasUrl) return resolveHttp(target as HttpServer);
  if (hasCommand) return resolveStdio(target as StdioServer);
  throw usage("the target has neither url nor command; give { command, args? } or { url }");
}

function resolveHttp(target: HttpServer): ResolvedTarget {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    // Not quoted: an address that fails to parse can still carry a token.
    throw usage("target.url is not a valid URL; expected e.g. http://localhost:3000/mcp");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usage(`target.url must be http: or https:, got ${url.protocol}`);
  }
  const headers: Record<string, string> = {};
  const secrets = urlSecrets(url);
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    if (!HEADER_NAME.test(name)) {
      throw usage("target.headers has a name that is not a valid HTTP header name");
    }
    if (typeof value !== "string") throw usage(`target.headers.${name} must be a string`);
    headers[name] = value;
    secrets.push(...headerSecrets(name, value));
  }
  const resolved: HttpTarget = { url, headers };
  return { target: resolved, label: maskUrl(url), secrets };
}

function resolveStdio(target: StdioServer): ResolvedTarget {
  if (typeof target.command !== "string" || target.command === "") {
    throw usage("target.command must be a non-empty string (the program to start)");
  }
  const args = [...(target.args ?? [])];
  if (args.some((arg) => typeof arg !== "string")) throw usage("target.args must be strings");
  const secrets: Secret[] = argumentSecrets(args);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(target.env ?? {})) {
    // What a process environment can hold: "=" separates name and value, NUL ends the entry.
    if (key === "" || /[=\0]/.test(key)) throw usage("target.env has an invalid variable name");
    if (typeof value !== "string") throw usage(`target.env.${key} must be a string`);
    env[key] = value;
    secrets.push(...envSecrets(key, value));
  }
  // Piped, never inherited: a build tool's output stays its own; the end of it is quoted in the
  // error when the server exits.
  const resolved: StdioTarget = { command: target.command, args, env, stderr: "pipe" };
  if (target.cwd !== undefined) resolved.cwd = target.cwd;
  return {
    target: resolved,
    label: commandLabel([target.command, ...args], secrets),
    secrets,
  };
}
