/**
 * Turning `pull`'s flags into a connection target: `--url` or `-- COMMAND ARGS...`, repeatable
 * `--header 'K: V'` and `--env K=V`, `--cwd`. Also the secrets to redact and a label for messages
 * that holds none of them.
 */
import type { HttpTarget, StdioTarget } from "../runtime/connect.js";
import { maskUrl } from "../runtime/mask-url.js";
import { CliError, ExitCode } from "./exit-codes.js";

export interface TargetFlags {
  url?: string | undefined;
  command?: readonly string[] | undefined;
  header?: readonly string[] | undefined;
  env?: readonly string[] | undefined;
  cwd?: string | undefined;
}

export interface ResolvedTarget {
  target: StdioTarget | HttpTarget;
  /** How to name the server in messages: no header, env or URL secrets in it. */
  label: string;
  /** Strings that must never be printed or written. */
  secrets: string[];
}

function usage(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

/** `K: V` → [K, V]; header names must be RFC 9110 tokens. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(":");
  const name = colon < 0 ? "" : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    throw usage(
      `--header ${JSON.stringify(text)}: expected 'Name: value', e.g. --header 'Authorization: Bearer …'`,
    );
  }
  return [name, text.slice(colon + 1).trim()];
}

/** `K=V` → [K, V]. */
export function parseEnv(text: string): [string, string] {
  const equals = text.indexOf("=");
  if (equals <= 0) throw usage(`--env ${JSON.stringify(text)}: expected KEY=value`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}

/** URL parts that may carry credentials: password, user name, query values. */
function urlSecrets(url: URL): string[] {
  const secrets = [url.password, url.username, ...url.searchParams.values()];
  return secrets.filter((secret) => secret.length > 0).map((secret) => decodeURIComponent(secret));
}

export function resolveTarget(flags: TargetFlags): ResolvedTarget {
  const hasCommand = flags.command !== undefined && flags.command.length > 0;
  if (flags.url !== undefined && hasCommand) {
    throw usage("give either --url URL or -- COMMAND ARGS..., not both");
  }
  if (flags.url !== undefined) return resolveHttp(flags, flags.url);
  if (hasCommand) return resolveStdio(flags, flags.command!);
  throw usage(
    "no server given: use --url URL, or -- COMMAND ARGS... (or a mcp-codegen.config.json)",
  );
}

function resolveHttp(flags: TargetFlags, text: string): ResolvedTarget {
  if (flags.env !== undefined && flags.env.length > 0)
    throw usage("--env applies to stdio servers only");
  if (flags.cwd !== undefined) throw usage("--cwd applies to stdio servers only");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usage(
      `--url ${JSON.stringify(text)} is not a valid URL; expected e.g. http://localhost:3000/mcp`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usage(`--url must be http: or https:, got ${url.protocol}`);
  }
  const headers: Record<string, string> = {};
  for (const header of flags.header ?? []) {
    const [name, value] = parseHeader(header);
    headers[name] = value;
  }
  const target: HttpTarget = { url, headers };
  return {
    target,
    label: maskUrl(url),
    secrets: [...Object.values(headers), ...urlSecrets(url)],
  };
}

function resolveStdio(flags: TargetFlags, command: readonly string[]): ResolvedTarget {
  if (flags.header !== undefined && flags.header.length > 0)
    throw usage("--header applies to --url servers only");
  const env: Record<string, string> = {};
  for (const entry of flags.env ?? []) {
    const [key, value] = parseEnv(entry);
    env[key] = value;
  }
  const [program, ...args] = command as [string, ...string[]];
  const target: StdioTarget = { command: program, args, env, stderr: "pipe" };
  if (flags.cwd !== undefined) target.cwd = flags.cwd;
  return { target, label: command.join(" "), secrets: Object.values(env) };
}
