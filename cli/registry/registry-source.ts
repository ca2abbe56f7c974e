/**
 * A server that comes from the MCP registry (`--registry NAME[@VERSION]`, a config entry's
 * `registry`) or from a `server.json` on disk (`--server-json FILE`): fetched or read, checked,
 * and turned into a target, with where it came from for the snapshot.
 */
import { readFile } from "node:fs/promises";
import { CliError, ExitCode } from "../terminal/index.js";
import { entryTarget, type EntryTarget, type EntryValues } from "./entry-target.js";
import { fetchRegistryEntry } from "./fetch-entry.js";
import { firstIssue, serverJsonSchema, type ServerJson } from "./server-json.js";

/** Where a pulled server came from, as the snapshot records it. */
export interface ServerOrigin {
  /** The entry's name, e.g. `io.github.owner/weather`. */
  registry: string;
  /** The entry's version as published (never `latest`). */
  version: string;
  /** The registry's base URL when it is not the official one; absent for a `server.json` file. */
  registryUrl?: string;
}

/** One registry entry to pull, as flags or a config entry name it. */
export interface RegistrySource {
  registry: string;
  /** A published version; absent: the latest. */
  version?: string | undefined;
  registryUrl?: string | undefined;
}

/** A `server.json` file to pull. */
export interface ServerJsonSource {
  serverJson: string;
}

/** An entry resolved: the target, its secrets and label, and its origin. */
export interface ResolvedEntry extends EntryTarget {
  origin: ServerOrigin;
}

/**
 * `NAME[@VERSION]` as the registry's name and version. Registry names hold no `@`, so the last
 * one separates the version.
 * @throws CliError (exit 2) for an empty name or version, or control characters.
 */
export function parseRegistryName(text: string): RegistrySource {
  const at = text.lastIndexOf("@");
  const registry = at < 0 ? text : text.slice(0, at);
  const version = at < 0 ? undefined : text.slice(at + 1);
  const control = [...text].some((char) => char.charCodeAt(0) < 0x20 || char === "\u007f");
  if (registry === "" || version === "" || control || text.length > 500) {
    throw new CliError(
      "--registry: expected NAME or NAME@VERSION, e.g. io.github.owner/server@1.2.3",
      ExitCode.Usage,
    );
  }
  return { registry, ...(version === undefined || version === "latest" ? {} : { version }) };
}

/**
 * Fetches the entry and resolves it. An entry the registry marks other than `active`
 * (`deprecated`, `deleted`) is refused, naming the status.
 * @throws CliError as `fetchRegistryEntry` and `entryTarget` do.
 */
export async function resolveRegistrySource(
  source: RegistrySource,
  values: EntryValues,
  env: Readonly<Record<string, string | undefined>>,
  timeout?: number,
): Promise<ResolvedEntry> {
  const entry = await fetchRegistryEntry(source.registry, source.version, {
    registryUrl: source.registryUrl,
    timeout,
  });
  if (entry.status !== "active") {
    const status = JSON.stringify(entry.status.slice(0, 40));
    throw new CliError(
      `${source.registry}@${entry.server.version} is ${status} in the registry, not active; pick another version or server`,
      ExitCode.Usage,
    );
  }
  const origin: ServerOrigin = { registry: entry.server.name, version: entry.server.version };
  if (source.registryUrl !== undefined) origin.registryUrl = new URL(source.registryUrl).href;
  return { ...entryTarget(entry.server, values, env), origin };
}

/**
 * Reads and resolves a `server.json` file, as its author would publish it.
 * @throws CliError (exit 2) for a file that cannot be read, is not JSON or not a `server.json`.
 */
export async function resolveServerJson(
  file: string,
  values: EntryValues,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ResolvedEntry> {
  const server = await readServerJson(file);
  return {
    ...entryTarget(server, values, env),
    origin: { registry: server.name, version: server.version },
  };
}

async function readServerJson(file: string): Promise<ServerJson> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      `--server-json: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}); give the path of a server.json`,
      ExitCode.Usage,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new CliError(
      `--server-json: ${file} is not JSON (${(error as Error).message})`,
      ExitCode.Usage,
    );
  }
  const parsed = serverJsonSchema.safeParse(value);
  if (!parsed.success) {
    throw new CliError(
      `--server-json: ${file} is not a server.json (${firstIssue(parsed.error)})`,
      ExitCode.Usage,
    );
  }
  return parsed.data;
}
