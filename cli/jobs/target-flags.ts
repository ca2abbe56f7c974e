/**
 * Turning `pull`'s flags into a connection target: `--url` or `-- COMMAND ARGS...`, repeatable
 * `--header 'K: V'` and `--env K=V` (and their `--secret-header` / `--secret-env` forms, whose
 * values are always secrets), `--cwd`. Also the secrets to redact (see `secret-sources.ts`) and a
 * label for messages that holds none of them. Error messages never quote a flag's value.
 */
import type { HttpTarget, StdioTarget } from "@mcp-codegen/runtime";
import { looksLikeCredential, maskUrl } from "@mcp-codegen/runtime/internal";
import { CliError, ExitCode } from "../terminal/index.js";
import { maskText, searchableSecrets } from "../secrets/index.js";
import {
  argumentSecrets,
  envSecrets,
  headerSecrets,
  urlSecrets,
  type Secret,
} from "../secrets/index.js";

export interface TargetFlags {
  url?: string | undefined;
  command?: readonly string[] | undefined;
  header?: readonly string[] | undefined;
  /** Like `header`, but the value is a secret whatever its name. */
  secretHeader?: readonly string[] | undefined;
  env?: readonly string[] | undefined;
  /** Like `env`, but the value is a secret whatever its name. */
  secretEnv?: readonly string[] | undefined;
  cwd?: string | undefined;
}

export interface ResolvedTarget {
  target: StdioTarget | HttpTarget;
  /** How to name the server in messages: no header, env or URL secrets in it. */
  label: string;
  /** Strings that must never be printed or written, and where each came from. */
  secrets: Secret[];
}

function usage(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

/**
 * `K: V` → [K, V]; header names must be RFC 9110 tokens. The error quotes nothing of the text:
 * a header without its colon is most likely a credential (`Bearer sk_…`).
 */
export function parseHeader(text: string, flag = "--header"): [string, string] {
  const colon = text.indexOf(":");
  const name = colon < 0 ? "" : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    throw usage(
      `${flag}: expected 'Name: value' with a valid header name before the colon, e.g. ${flag} 'Authorization: Bearer …' (the value given is not shown)`,
    );
  }
  return [name, text.slice(colon + 1).trim()];
}

/** `K=V` → [K, V]. The error quotes nothing of the text: it may be a bare token. */
export function parseEnv(text: string, flag = "--env"): [string, string] {
  const equals = text.indexOf("=");
  if (equals <= 0) throw usage(`${flag}: expected KEY=value (the value given is not shown)`);
  return [text.slice(0, equals), text.slice(equals + 1)];
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

function given(list: readonly string[] | undefined): boolean {
  return list !== undefined && list.length > 0;
}

function resolveHttp(flags: TargetFlags, text: string): ResolvedTarget {
  if (given(flags.env) || given(flags.secretEnv))
    throw usage("--env and --secret-env apply to stdio servers only");
  if (flags.cwd !== undefined) throw usage("--cwd applies to stdio servers only");
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text.trim())) {
    // `localhost:3000/mcp` parses as a URL of scheme "localhost:": say what is missing instead.
    throw usage(
      "--url has no scheme: put http:// or https:// before it, e.g. http://localhost:3000/mcp",
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not quoted: an address that fails to parse can still carry a token.
    throw usage("--url is not a valid URL; expected e.g. http://localhost:3000/mcp");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usage(`--url must be http: or https:, got ${url.protocol}`);
  }
  const headers: Record<string, string> = {};
  const secrets = urlSecrets(url);
  const add = (list: readonly string[] | undefined, flag: string, marked: boolean) => {
    for (const header of list ?? []) {
      const [name, value] = parseHeader(header, flag);
      headers[name] = value;
      secrets.push(...headerSecrets(name, value, marked));
    }
  };
  add(flags.header, "--header", false);
  add(flags.secretHeader, "--secret-header", true);
  return { target: { url, headers }, label: maskUrl(url), secrets };
}

function resolveStdio(flags: TargetFlags, command: readonly string[]): ResolvedTarget {
  if (given(flags.header) || given(flags.secretHeader))
    throw usage("--header and --secret-header apply to --url servers only");
  const env: Record<string, string> = {};
  const [program, ...args] = command as [string, ...string[]];
  const secrets = argumentSecrets(args);
  const add = (list: readonly string[] | undefined, flag: string, marked: boolean) => {
    for (const entry of list ?? []) {
      const [key, value] = parseEnv(entry, flag);
      env[key] = value;
      secrets.push(...envSecrets(key, value, marked));
    }
  };
  add(flags.env, "--env", false);
  add(flags.secretEnv, "--secret-env", true);
  const target: StdioTarget = { command: program, args, env, stderr: "pipe" };
  if (flags.cwd !== undefined) target.cwd = flags.cwd;
  return { target, label: commandLabel(command, secrets), secrets };
}

/** The command line as messages show it: credentials among the arguments masked. */
export function commandLabel(command: readonly string[], secrets: readonly Secret[]): string {
  const texts = searchableSecrets(secrets.map((secret) => secret.text));
  return command
    .map((word) => (looksLikeCredential(word) ? "***" : maskText(word, texts).text))
    .join(" ");
}
