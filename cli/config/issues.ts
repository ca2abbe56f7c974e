/**
 * Validation of a configuration value with one precise line per problem: zod finds the problem,
 * this file says it in the user's terms (the config file, the place in it, what to do), because
 * zod's own messages ("Invalid input") do not tell a user which key to fix or how.
 */
import type { z } from "zod";
import { closestName } from "../terminal/index.js";
import {
  CONFIG_KEYS,
  HTTP_SERVER_KEYS,
  REGISTRY_SERVER_KEYS,
  STDIO_SERVER_KEYS,
  configSchema,
  type McpCodegenConfig,
} from "./schema.js";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** A configuration that cannot be used; the message is one line naming the file and the place. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Renders a path inside the config as a user would write it: `servers.weather.args[0]`, with
 * keys that are not identifier-like quoted (`headers["x api"]`).
 */
export function formatConfigPath(path: Path): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][\w$-]*$/.test(segment)) {
      text += text === "" ? segment : `.${segment}`;
    } else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/** `label: path: message`, or `label: message` at the top level. */
export function configError(label: string, path: Path, message: string): ConfigError {
  const where = formatConfigPath(path);
  return new ConfigError(where === "" ? `${label}: ${message}` : `${label}: ${where}: ${message}`);
}

/**
 * Checks a configuration value (parsed JSON or a module's default export) against the schema and
 * the rules a schema cannot state: at least one server, and no two server names that differ only
 * in case (their folders would collide on case-insensitive file systems).
 * @param label how messages name the file, e.g. `mcp-codegen.config.json`.
 * @throws ConfigError for the first problem found.
 */
export function validateConfig(value: unknown, label: string): McpCodegenConfig {
  const parsed = configSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const { path, message } = explainIssue(parsed.error.issues[0]!, []);
    throw configError(label, path, message);
  }
  const names = Object.keys(parsed.data.servers);
  if (names.length === 0) {
    throw configError(label, ["servers"], `is empty; add a server, e.g. ${EXAMPLE_SERVER}`);
  }
  const seen = new Map<string, string>();
  for (const name of names) {
    const other = seen.get(name.toLowerCase());
    if (other !== undefined) {
      throw configError(
        label,
        ["servers"],
        `"${other}" and "${name}" differ only in case, so their folders collide on macOS and Windows; rename one`,
      );
    }
    seen.set(name.toLowerCase(), name);
  }
  return parsed.data;
}

const EXAMPLE_SERVER = '"servers": { "demo": { "command": "node", "args": ["server.js"] } }';

/**
 * Where an issue sits and what to say about it. `base` is the path of the union an issue was
 * reported under (its own path is relative to that union's input).
 */
function explainIssue(issue: Issue, base: Path): { path: Path; message: string } {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case "invalid_union":
      return path.length === 2 ? explainServerUnion(issue, path) : explainValueUnion(issue, path);
    case "unrecognized_keys":
      return { path, message: describeUnknownKeys(issue.keys, path, issue.input) };
    case "invalid_type":
      return { path, message: describeWrongType(issue.expected, issue.input, path) };
    case "invalid_key":
      return { path, message: `${issue.issues[0]?.message ?? "is not a valid name"}; rename it` };
    default:
      return { path, message: issue.message };
  }
}

/** A server that matches neither variant: say which of command/url is wrong before anything else. */
function explainServerUnion(
  issue: Issue & { code: "invalid_union" },
  path: Path,
): { path: Path; message: string } {
  const at = (message: string) => ({ path, message });
  const input = issue.input;
  if (!isPlainObject(input)) {
    return at(
      `expected an object with "command" (a stdio server) or "url" (an HTTP server), got ${describeValue(input)}`,
    );
  }
  const kinds = ["command", "url", "registry"].filter((key) => key in input);
  if (kinds.length > 1)
    return at(
      `give one of "command", "url" or "registry", not ${kinds.map((k) => `"${k}"`).join(" and ")}`,
    );
  if (kinds.length === 0) {
    return at(
      'give "command" (a stdio server to start), "url" (a Streamable HTTP server) or "registry" (a server of the MCP registry)',
    );
  }
  // The union's variants are [stdio, http, registry]: report what the variant the user meant found wrong.
  const branch = issue.errors[["command", "url", "registry"].indexOf(kinds[0]!)]?.[0];
  return branch === undefined ? at(issue.message) : explainIssue(branch, path);
}

/** An env or header value: a string, or `{ value, secret }` (report what that object lacks). */
function explainValueUnion(
  issue: Issue & { code: "invalid_union" },
  path: Path,
): { path: Path; message: string } {
  const branch = issue.errors[1]?.[0];
  if (isPlainObject(issue.input) && branch !== undefined) return explainIssue(branch, path);
  return {
    path,
    message: `expected a string or { "value": "…", "secret": true }, got ${describeValue(issue.input)}`,
  };
}

function describeUnknownKeys(keys: readonly string[], path: Path, input: unknown): string {
  const list = keys.map((name) => `"${name}"`).join(", ");
  const noun = keys.length === 1 ? "unknown key" : "unknown keys";
  const them = keys.length === 1 ? "it" : "them";
  if (path.length === 4 && (path[2] === "env" || path[2] === "headers")) {
    return `${noun} ${list}; remove ${them} (allowed: value, secret)`;
  }
  const isServer = path.length === 2 && path[0] === "servers";
  const isStdio = isPlainObject(input) && "command" in input;
  const isRegistry = isPlainObject(input) && "registry" in input;
  const known =
    path.length === 0
      ? CONFIG_KEYS
      : isRegistry
        ? REGISTRY_SERVER_KEYS
        : isStdio
          ? STDIO_SERVER_KEYS
          : HTTP_SERVER_KEYS;
  const key = keys[0] ?? "";
  if (isServer && !isRegistry && !known.includes(key)) {
    const otherKeys = isStdio ? HTTP_SERVER_KEYS : STDIO_SERVER_KEYS;
    if (otherKeys.includes(key)) {
      return isStdio
        ? `"${key}" applies only to HTTP servers (with "url"); remove it`
        : `"${key}" applies only to stdio servers (with "command"); remove it`;
    }
  }
  const suggestion = closestName(key, known);
  if (keys.length === 1 && suggestion !== undefined) {
    return `${noun} ${list}; did you mean "${suggestion}"?`;
  }
  return `${noun} ${list}; remove ${them} (allowed: ${known.join(", ")})`;
}

function describeWrongType(expected: string, input: unknown, path: Path): string {
  if (input === undefined) {
    if (path.length === 1 && path[0] === "servers") {
      return `missing; add the servers to pull, e.g. ${EXAMPLE_SERVER}`;
    }
    return "missing; add it";
  }
  const last = path[path.length - 1];
  const wanted =
    expected === "record" || expected === "object"
      ? "an object"
      : expected === "array"
        ? "an array"
        : expected === "int"
          ? "a whole number"
          : `a ${expected}`;
  const hint = typeof last === "string" && last === "args" ? ' (e.g. ["server.js"])' : "";
  return `expected ${wanted}${hint}, got ${describeValue(input)}`;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "the number" : `a ${typeof value}`} ${String(value)}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
