/**
 * The MCP servers a user already configured in an editor, as `mcp-codegen.config.json` entries
 * under the same names: `mcpServers` (Claude Desktop, Cursor, Windsurf), VS Code's `servers` with
 * its `inputs`, Codex's `[mcp_servers.*]` TOML tables. A value that looks secret (by its name or
 * its shape) is never copied: it becomes a `${VAR}` reference, with a note on what to set. An
 * entry that cannot be expressed is listed, never dropped silently.
 */
import { parse as parseToml } from "smol-toml";
import { looksLikeCredential } from "@mcp-codegen/runtime/internal";
import { isCredentialName } from "../secrets/index.js";
import { SERVER_NAME_PATTERN, type ServerConfig } from "../config/index.js";
import { CliError, ExitCode } from "../terminal/index.js";

/** What an import found. */
export interface ImportedServers {
  servers: Record<string, ServerConfig>;
  /** `set GITHUB_TOKEN (env GITHUB_TOKEN of server github)`: variables the config now reads. */
  notes: string[];
  /** `name: why` for each entry left out. */
  skipped: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");
const isStringMap = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every((item) => typeof item === "string");

/** `name` as a variable name: `my-server` + `Authorization` → `MY_SERVER_AUTHORIZATION`. */
function variableName(...parts: string[]): string {
  const name = parts
    .join("_")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[A-Za-z_]/.test(name) ? name : `MCP_${name}`;
}

/**
 * Parses `text` (the file at `file`) and collects its servers.
 * @throws CliError (exit 2) for a file that is not JSON / TOML, or that has no servers table.
 */
export function importServers(text: string, file: string): ImportedServers {
  const value = file.endsWith(".toml") ? parseTomlFile(text, file) : parseJsonFile(text, file);
  const result: ImportedServers = { servers: {}, notes: [], skipped: [] };
  const inputs = new Map<string, Json>();
  let table: unknown;
  if (isObject(value) && isObject(value.mcp_servers)) table = value.mcp_servers;
  else if (isObject(value) && isObject(value.mcpServers)) table = value.mcpServers;
  else if (isObject(value) && isObject(value.servers)) {
    table = value.servers;
    for (const input of Array.isArray(value.inputs) ? value.inputs : []) {
      if (isObject(input) && typeof input.id === "string") inputs.set(input.id, input);
    }
  } else if (isObject(value) && isObject(value.mcp) && isObject(value.mcp.servers)) {
    table = value.mcp.servers; // VS Code's settings.json form
  } else {
    throw new CliError(
      `${file} has no MCP servers: expected "mcpServers" (Claude Desktop, Cursor, Windsurf), "servers" (VS Code mcp.json) or [mcp_servers.*] tables (Codex config.toml)`,
      ExitCode.Usage,
    );
  }
  for (const [name, entry] of Object.entries(table as Json)) {
    importOne(name, entry, inputs, result);
  }
  return result;
}

function parseJsonFile(text: string, file: string): unknown {
  try {
    // VS Code and Cursor accept comments and trailing commas in these files; strict JSON here
    // would refuse files that work in the editor, so they are removed outside strings first.
    return JSON.parse(stripJsonc(text.replace(/^\uFEFF/, "")));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${(error as Error).message})`, ExitCode.Usage);
  }
}

function parseTomlFile(text: string, file: string): unknown {
  try {
    return parseToml(text);
  } catch (error) {
    const first = (error as Error).message.split("\n")[0];
    throw new CliError(`${file} is not valid TOML (${first})`, ExitCode.Usage);
  }
}

/** JSON with comments and trailing commas → JSON, leaving strings untouched. */
function stripJsonc(text: string): string {
  return text
    .replace(
      /("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
      (match, string?: string) => string ?? "",
    )
    .replace(
      /("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g,
      (match, string?: string, close?: string) => string ?? close!,
    );
}

function importOne(
  name: string,
  entry: unknown,
  inputs: Map<string, Json>,
  result: ImportedServers,
): void {
  const skip = (why: string) => void result.skipped.push(`${name}: ${why}`);
  if (!isObject(entry)) return skip("not an object");
  if (entry.disabled === true || entry.enabled === false) return skip("disabled in the editor");
  const key = SERVER_NAME_PATTERN.test(name) ? name : serverName(name);
  if (key === undefined) return skip("its name has no letter to start a server name with");
  if (key !== name)
    result.notes.push(
      `server ${JSON.stringify(name)} is named ${key} (letters, digits, - and _ only)`,
    );
  const where = (what: string, field: string) => `${what} ${field} of server ${key}`;
  const value = (text: string, what: string, field: string): string | undefined =>
    rewriteValue(text, inputs, variableName(key, field), where(what, field), result);
  const url = entry.url ?? entry.serverUrl ?? entry.httpUrl;
  if (typeof entry.command === "string" && entry.command !== "") {
    if (entry.args !== undefined && !isStringArray(entry.args))
      return skip("its args are not a list of strings");
    if (entry.env !== undefined && !isStringMap(entry.env))
      return skip("its env is not a map of strings");
    const server: ServerConfig = { command: entry.command };
    const args = (entry.args ?? []).map((arg) => value(arg, "argument", "ARG") ?? arg);
    if (args.length > 0) server.args = args;
    const env = rewriteMap(entry.env ?? {}, (k, v) => value(v, "env", k), key, "env", result);
    if (Object.keys(env).length > 0) server.env = env;
    if (typeof entry.cwd === "string" && !entry.cwd.includes("${")) server.cwd = entry.cwd;
    if (entry.envFile !== undefined || entry.env_file !== undefined) {
      result.notes.push(
        `server ${key}: its envFile is not read; set its variables in the environment`,
      );
    }
    result.servers[key] = server;
    return;
  }
  if (typeof url === "string" && url !== "") {
    if (entry.type === "ws" || /^wss?:/i.test(url))
      return skip("WebSocket servers are not supported");
    const headers = entry.headers ?? entry.http_headers;
    if (headers !== undefined && !isStringMap(headers))
      return skip("its headers are not a map of strings");
    const server: ServerConfig = { url: value(url, "url", "URL") ?? url };
    const map = rewriteMap(headers ?? {}, (k, v) => value(v, "header", k), key, "header", result);
    if (typeof entry.bearer_token_env_var === "string") {
      map.Authorization = `Bearer \${${entry.bearer_token_env_var}}`;
    }
    if (Object.keys(map).length > 0) server.headers = map;
    result.servers[key] = server;
    return;
  }
  skip("it has neither a command nor a url");
}

/** `name` made into a server name, or undefined when nothing is left. */
function serverName(name: string): string | undefined {
  const cleaned = name
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[^A-Za-z]+/, "")
    .replace(/-+$/, "");
  return cleaned === "" ? undefined : cleaned;
}

/** Each value of `map` rewritten; a secret one replaced by `${VAR}` with a note. */
function rewriteMap(
  map: Readonly<Record<string, string>>,
  rewrite: (key: string, value: string) => string | undefined,
  server: string,
  what: "env" | "header",
  result: ImportedServers,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(map)) {
    const rewritten = rewrite(key, text) ?? text;
    if (rewritten !== text || !(isCredentialName(key) || looksSecret(text))) {
      out[key] = rewritten;
      continue;
    }
    const variable =
      what === "env" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : variableName(server, key);
    // `Bearer sk-…`: keep the scheme, replace the credential.
    const scheme = /^(Bearer|Basic|Token)\s+/i.exec(text)?.[0] ?? "";
    out[key] = `${scheme}\${${variable}}`;
    result.notes.push(
      `set ${variable}: the value of ${what} ${key} of server ${server} (not copied: it looks secret)`,
    );
  }
  return out;
}

function looksSecret(text: string): boolean {
  return looksLikeCredential(text) || text.split(/\s+/).some((word) => looksLikeCredential(word));
}

/**
 * Editor placeholders as config `${VAR}` references: VS Code's `${input:id}` (a prompt the
 * editor asks) and `${env:VAR}`, Cursor's `${env:VAR}`, Claude's plain `${VAR}`. Undefined when
 * there is none; a placeholder with no equivalent (`${workspaceFolder}`) is noted.
 */
function rewriteValue(
  text: string,
  inputs: Map<string, Json>,
  fallback: string,
  where: string,
  result: ImportedServers,
): string | undefined {
  if (!text.includes("${")) return undefined;
  return text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (inner.startsWith("env:")) return `\${${inner.slice(4)}}`;
    if (inner.startsWith("input:")) {
      const id = inner.slice(6);
      const input = inputs.get(id);
      const variable = variableName(id);
      const about =
        typeof input?.description === "string" ? ` (${input.description.slice(0, 120)})` : "";
      result.notes.push(`set ${variable}: the editor asked for input ${id}${about} in ${where}`);
      return `\${${variable}}`;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) {
      if (inner === "workspaceFolder" || inner === "userHome") {
        result.notes.push(
          `${where} uses \${${inner}}, which only the editor knows; it is read as the variable ${inner}`,
        );
      }
      return whole;
    }
    result.notes.push(
      `${where} uses an editor placeholder with no equivalent; it is read as ${fallback}`,
    );
    return `\${${fallback}}`;
  });
}
