/**
 * The one server `mcp-codegen init` writes: from `--url` or `-- COMMAND ARGS…`, or from the
 * answers on a terminal; its name from `--name`, else made from the URL's host or the command's
 * package or script name.
 */
import type { ServerConfig } from "../config/index.js";

/** A server entry of the config, under its name. */
export interface InitServer {
  name: string;
  server: ServerConfig;
}

/** The name used when neither the URL nor the command offers one. */
const FALLBACK_NAME = "server";

/** True for text the user meant as a URL rather than a command. */
export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

/** `text` as a server name: letters, digits, `-` and `_`, starting with a letter. */
function nameFrom(text: string): string | undefined {
  const name = text
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[^A-Za-z]+/, "")
    .replace(/-+$/, "");
  return name === "" ? undefined : name;
}

/**
 * A name for a server at `url`: the host's registrable label (`mcp.linear.app` → `linear`,
 * `localhost` → `localhost`); an IP address gives none.
 */
function nameForUrl(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  if (/^[\d.]+$/.test(host) || host.startsWith("[")) return undefined;
  const labels = host.split(".").filter((label) => label !== "");
  return nameFrom(labels.length >= 2 ? labels[labels.length - 2]! : (labels[0] ?? ""));
}

/**
 * A name for a server started by `command`: its last word that is not a flag, without folders,
 * npm scope, version or file extension (`npx -y @acme/weather-mcp@1` → `weather-mcp`).
 */
function nameForCommand(command: readonly string[]): string | undefined {
  const word = [...command].reverse().find((part) => !part.startsWith("-")) ?? "";
  const base = word.split(/[\\/]/).pop() ?? "";
  const withoutVersion = base.replace(/(?<=.)@[^@]*$/, "");
  return nameFrom(withoutVersion.replace(/\.[A-Za-z0-9]+$/, ""));
}

/** The entry for `target`, named `name` when given. */
export function initServer(
  target: { url: string } | { command: readonly string[] },
  name: string | undefined,
  out: string | undefined,
): InitServer {
  const server: ServerConfig =
    "url" in target
      ? { url: target.url }
      : {
          command: target.command[0]!,
          ...(target.command.length > 1 ? { args: target.command.slice(1) } : {}),
        };
  if (out !== undefined) server.out = out;
  const suggested = "url" in target ? nameForUrl(target.url) : nameForCommand(target.command);
  return { name: name ?? suggested ?? FALLBACK_NAME, server };
}
