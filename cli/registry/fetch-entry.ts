/**
 * Reading one entry from an MCP registry: `GET {base}/v0.1/servers/{name}/versions/{version}`.
 * The registry is a stranger on the network: the wait is bounded, redirects are followed by hand
 * (a few, http(s) only), the body is read up to a size, and the JSON is validated before use.
 */
import { CliError, ExitCode } from "../terminal/index.js";
import { firstIssue, registryResponseSchema, type ServerJson } from "./server-json.js";

/** The official registry, used when neither `--registry-url` nor `registryUrl` names another. */
export const DEFAULT_REGISTRY_URL = "https://registry.modelcontextprotocol.io";

/** An entry is a few kilobytes; a registry sending more than this is not sending an entry. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** Registries behind a CDN redirect once or twice; more is a loop. */
export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 30_000;

/** An entry as the registry gave it. */
export interface RegistryEntry {
  server: ServerJson;
  /** `active`, `deprecated`, `deleted`, … as the registry says; `active` when it says nothing. */
  status: string;
}

export interface FetchEntryOptions {
  /** The registry's base URL (default: the official registry). */
  registryUrl?: string | undefined;
  /** Milliseconds for the whole exchange, redirects included (default 30 s). */
  timeout?: number | undefined;
}

/**
 * The base URL a user gave, checked: http(s), no user name or password (a registry needs none
 * for reading, and one in the URL would end up in messages).
 * @throws CliError (exit 2) for anything else.
 */
export function registryBaseUrl(text: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(text ?? DEFAULT_REGISTRY_URL);
  } catch {
    throw new CliError(
      "--registry-url is not a URL; expected e.g. https://registry.modelcontextprotocol.io",
      ExitCode.Usage,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(
      `--registry-url must be http: or https:, got ${url.protocol}`,
      ExitCode.Usage,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new CliError(
      "--registry-url must not hold a user name or password; reading a registry needs none",
      ExitCode.Usage,
    );
  }
  return url;
}

/** The entry's address: the name and the version each one encoded path segment. */
export function entryUrl(base: URL, name: string, version: string | undefined): URL {
  const root = base.href.endsWith("/") ? base.href : `${base.href}/`;
  const path = `v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version ?? "latest")}`;
  return new URL(path, root);
}

/**
 * Fetches `name` at `version` (default `latest`) and validates it.
 * @throws CliError: exit 2 for a name or version the registry does not know (404), exit 3 when
 * the registry cannot be reached, answers with an error, too much, too many redirects, or
 * something that is not a registry entry.
 */
export async function fetchRegistryEntry(
  name: string,
  version: string | undefined,
  options: FetchEntryOptions = {},
): Promise<RegistryEntry> {
  const base = registryBaseUrl(options.registryUrl);
  const what = `${name}${version === undefined ? "" : `@${version}`}`;
  const where = `the registry at ${base.origin}`;
  const signal = AbortSignal.timeout(options.timeout ?? DEFAULT_TIMEOUT_MS);
  const response = await follow(entryUrl(base, name, version), signal, where);
  if (response.status === 404) {
    throw new CliError(
      `${where} has no server ${what}; check the name (io.github.owner/name form) and the version`,
      ExitCode.Usage,
    );
  }
  if (!response.ok) {
    throw new CliError(
      `${where} answered HTTP ${response.status} for ${what}; try again later`,
      ExitCode.Server,
    );
  }
  const text = await readBounded(response, where);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${where} sent something that is not JSON for ${what}`, ExitCode.Server);
  }
  const parsed = registryResponseSchema.safeParse(value);
  if (!parsed.success) {
    throw new CliError(
      `${where} sent an entry for ${what} that is not a valid registry entry (${firstIssue(parsed.error)})`,
      ExitCode.Server,
    );
  }
  if (parsed.data.server.name !== name) {
    throw new CliError(
      `${where} answered ${what} with another server's entry; use another registry`,
      ExitCode.Server,
    );
  }
  const status = parsed.data._meta?.["io.modelcontextprotocol.registry/official"]?.status;
  return { server: parsed.data.server, status: status ?? "active" };
}

/** GETs `url`, following at most MAX_REDIRECTS http(s) redirects. */
async function follow(start: URL, signal: AbortSignal, where: string): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "application/json" },
      });
    } catch (error) {
      const timedOut = signal.aborted;
      throw new CliError(
        timedOut
          ? `${where} did not answer in time; try again, or check --registry-url`
          : `${where} cannot be reached (${(error as Error).message}); check the network or --registry-url`,
        ExitCode.Server,
        { cause: error },
      );
    }
    if (response.status < 300 || response.status > 399 || response.status === 304) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (location === null) return response;
    if (hop >= MAX_REDIRECTS) {
      throw new CliError(`${where} redirected more than ${MAX_REDIRECTS} times`, ExitCode.Server);
    }
    const next = new URL(location, url);
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      throw new CliError(`${where} redirected to a ${next.protocol} address`, ExitCode.Server);
    }
    url = next;
  }
}

/** The body as text, refused past MAX_ENTRY_BYTES without reading the rest. */
async function readBounded(response: Response, where: string): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new CliError(
        `${where} stopped sending (${(error as Error).message}); try again`,
        ExitCode.Server,
        { cause: error },
      );
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ENTRY_BYTES) {
      await reader.cancel();
      throw new CliError(
        `${where} sent more than ${MAX_ENTRY_BYTES} bytes for one entry`,
        ExitCode.Server,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
