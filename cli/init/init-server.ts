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

/** Programs that run a package named by their first non-option argument. */
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(["npx", "bunx", "pnpx", "uvx", "pipx", "dnx"]);
/** Programs that run a script named by their first non-option argument. */
const INTERPRETERS: ReadonlySet<string> = new Set([
  "node",
  "nodejs",
  "bun",
  "deno",
  "tsx",
  "ts-node",
  "python",
  "python3",
  "uv",
  "ruby",
  "php",
]);
/** Runner options whose next word is their value, not the package. */
const OPTIONS_WITH_VALUES: ReadonlySet<string> = new Set([
  "--package",
  "-p",
  "-e",
  "--env",
  "-v",
  "--volume",
  "--name",
  "--network",
  "--from",
  "--with",
  "-w",
  "--workdir",
  "--import",
  "--require",
  "-r",
  "--loader",
  "--env-file",
  "--python",
]);
/** File and folder names that say nothing about the server: look one folder up. */
const GENERIC_NAMES: ReadonlySet<string> = new Set([
  "index",
  "main",
  "server",
  "cli",
  "bin",
  "dist",
  "build",
  "src",
  "lib",
  "out",
  "app",
  "run",
  "mod",
]);

/** The word after the runner's options: `npx -y pkg args` → pkg; `--package X` → X wins. */
function runnerTarget(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "--package" || word === "-p" || word === "--from") return args[i + 1];
    if (word.startsWith("--package=")) return word.slice("--package=".length);
    if (word === "--") return args[i + 1];
    if (word.startsWith("-")) {
      if (OPTIONS_WITH_VALUES.has(word)) i++;
      continue;
    }
    return word;
  }
  return undefined;
}

/** `@scope/name@1.2` → `name`; `ghcr.io/acme/weather:1` → `weather`; `pkg==1.0` → `pkg`. */
function packageName(spec: string): string | undefined {
  const base = spec.split(/[\\/]/).pop() ?? "";
  return nameFrom(base.replace(/(?<=.)@[^@]*$/, "").replace(/(?<=.)(?:==|:).*$/, ""));
}

/** A script's name, or its nearest folder's when the file is `index.js` or inside `dist/`. */
function scriptName(path: string): string | undefined {
  const parts = path.split(/[\\/]/).filter((part) => part !== "" && part !== "." && part !== "..");
  const file = (parts.pop() ?? "").replace(/\.[A-Za-z0-9]+$/, "");
  const candidates = [file, ...parts.reverse()];
  const named = candidates.find((part) => !GENERIC_NAMES.has(part.toLowerCase()));
  return nameFrom(named ?? file);
}

/**
 * A name for a server started by `command`, after what it runs, never after a trailing argument
 * (a folder, a mode word such as `stdio`): a runner's package (`npx -y @acme/weather-mcp@1` →
 * `weather-mcp`), an image (`docker run … ghcr.io/acme/weather:1` → `weather`), an interpreter's
 * module or script (`python -m weather_server`, `node …/server-everything/dist/index.js` →
 * `server-everything`), else the program itself (`mcp-server-time --local-timezone …`).
 */
function nameForCommand(command: readonly string[]): string | undefined {
  const [program = "", ...args] = command;
  const base = (program.split(/[\\/]/).pop() ?? "").replace(/\.(exe|cmd|bat)$/i, "");
  if (PACKAGE_RUNNERS.has(base)) {
    const rest = base === "pipx" && args[0] === "run" ? args.slice(1) : args;
    const spec = runnerTarget(rest);
    return spec === undefined ? nameFrom(base) : packageName(spec);
  }
  if (base === "docker" || base === "podman") {
    const spec = runnerTarget(args[0] === "run" ? args.slice(1) : args);
    return spec === undefined ? nameFrom(base) : packageName(spec);
  }
  if (INTERPRETERS.has(base)) {
    const module = args.indexOf("-m");
    if (module >= 0 && args[module + 1] !== undefined) return nameFrom(args[module + 1]!);
    const rest = base === "uv" && args[0] === "run" ? args.slice(1) : args;
    const script = runnerTarget(rest.filter((word) => word !== "run" || base !== "deno"));
    return script === undefined ? nameFrom(base) : scriptName(script);
  }
  return scriptName(program);
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
