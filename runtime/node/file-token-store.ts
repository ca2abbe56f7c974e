/**
 * A `TokenStore` kept in one JSON file, for the CLI and other Node programs that sign in once and
 * reuse the tokens across runs. Tokens are bearer credentials, so the file is treated like an SSH
 * key: created 0600 inside a folder created 0700, refused when others can read it or it belongs to
 * someone else, and never written through a link planted in its place.
 *
 * The file is `{ "format": "mcp-codegen token store", "formatVersion": 1, "records": { key:
 * record } }` (a store from before the marker has only the last two fields). A token store is only
 * ever a file this module wrote, or a new one: anything else at the path (an SSH key named by
 * mistake, another tool's JSON, an empty file, a fifo) is refused and left as it is, never read as
 * "no tokens" and replaced.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, posix, resolve, win32 } from "node:path";
import { isMcpError, localError } from "../protocol/index.js";
import type { TokenStore } from "../auth/index.js";
import type { JsonObject } from "../protocol/index.js";

const FORMAT_VERSION = 1;
/** What marks a file as a token store this module wrote. */
const FORMAT_MARKER = "mcp-codegen token store";

/** The environment variable that moves the CLI's token file. */
export const TOKEN_STORE_ENV = "MCP_CODEGEN_TOKEN_STORE";

/**
 * Where the CLI keeps its tokens: `$MCP_CODEGEN_TOKEN_STORE` when set; on Windows
 * `%APPDATA%\mcp-codegen\tokens.json`; elsewhere `$XDG_CONFIG_HOME/mcp-codegen/tokens.json`, else
 * `~/.config/mcp-codegen/tokens.json`. A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base
 * Directory specification asks.
 */
export function defaultTokenStorePath(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env[TOKEN_STORE_ENV];
  if (override !== undefined && override !== "") return resolve(override);
  if (platform === "win32") {
    const appData = env.APPDATA;
    const base =
      appData !== undefined && appData !== "" ? appData : win32.join(home, "AppData", "Roaming");
    return win32.join(base, "mcp-codegen", "tokens.json");
  }
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(home, ".config");
  return posix.join(base, "mcp-codegen", "tokens.json");
}

/** What `storeFileProblem` looks at: the fields of an `fs.Stats`. */
export interface StoreFileStats {
  mode: number;
  uid: number;
  isFile(): boolean;
}

/**
 * Why the file at `path` must not hold tokens, or `undefined` when it may: not a regular file,
 * owned by another user than `uid`, or open to the group or others (any of the low six mode bits).
 * `uid` is undefined on Windows, where ownership and modes are ACLs and nothing is checked.
 */
export function storeFileProblem(
  path: string,
  stats: StoreFileStats,
  uid: number | undefined,
): string | undefined {
  if (!stats.isFile()) {
    return `token store ${path} is not a regular file: remove it, or set ${TOKEN_STORE_ENV} to another path`;
  }
  if (uid === undefined) return undefined;
  if (stats.uid !== uid) {
    return `token store ${path} belongs to user ${stats.uid}, not to you (${uid}): remove it, or set ${TOKEN_STORE_ENV} to a path of your own`;
  }
  const access = stats.mode & 0o777;
  if ((access & 0o077) !== 0) {
    const octal = access.toString(8).padStart(4, "0");
    return `token store ${path} has mode ${octal}, so other users can open it: run chmod 600 ${JSON.stringify(path)} (and sign in again if you do not trust who could read it)`;
  }
  return undefined;
}

/**
 * A store in the file at `path` (see `defaultTokenStorePath` for the CLI's). Reads and writes of
 * one path in this process run one after another, whichever store made them, so concurrent `set()`
 * calls never lose an update; each write re-reads the file, so records another process wrote
 * before it are kept (two processes writing at the same instant can still lose one update: the
 * cost is signing in again). Rejects with an `McpError` of kind `input`, touching nothing, when
 * the file is unsafe (see `storeFileProblem`), a symbolic link (dangling or not), holds anything
 * but a store this module wrote (an empty file included), or cannot be read or written. A missing
 * file is an empty store, created on the first write.
 */
export function fileTokenStore(path: string): TokenStore {
  const file = resolve(path);
  const serialized = <T>(operation: () => Promise<T>) => serialize(file, operation);
  const update = (change: (records: Map<string, JsonObject>) => void) =>
    serialized(async () => {
      const records = await readRecords(file);
      change(records);
      await writeRecords(file, records);
    });
  return {
    get: (key) => serialized(async () => (await readRecords(file)).get(key)),
    set: async (key, value) => {
      // Copied now, so a caller mutating `value` while the write waits cannot change what is written.
      const copy = jsonCopy(key, value);
      await update((records) => records.set(key, copy));
    },
    delete: (key) => update((records) => records.delete(key)),
  };
}

/**
 * The tail of the operations waiting on each file, shared by every store of this process: a write
 * is read-modify-replace, and two interleaved ones (even from two stores on one path, such as two
 * server jobs of one run) would each replace the file with their own view, dropping the other's.
 */
const queues = new Map<string, Promise<unknown>>();

function serialize<T>(file: string, operation: () => Promise<T>): Promise<T> {
  const result = (queues.get(file) ?? Promise.resolve()).then(operation);
  const tail = result.catch(() => undefined);
  queues.set(file, tail);
  // Forgotten once idle, so a long-lived process touching many paths does not keep them all.
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return result;
}

/** The records in `file`; none when it does not exist or does not hold a store. */
async function readRecords(file: string): Promise<Map<string, JsonObject>> {
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a link where the file should be is refused, never read through. O_NONBLOCK: a
    // fifo planted there opens at once (and is then refused) instead of waiting for a writer.
    const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
    handle = await open(file, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return new Map();
    if (code === "ELOOP") {
      throw localError(
        "input",
        `token store ${file} is a symbolic link; tokens are only kept in a regular file: remove the link, or set ${TOKEN_STORE_ENV} to the file itself`,
      );
    }
    throw ioError("read", file, error);
  }
  try {
    const problem = storeFileProblem(file, await handle.stat(), process.getuid?.());
    if (problem !== undefined) throw localError("input", problem);
    return parseStore(file, await handle.readFile("utf8"));
  } catch (error) {
    if (isMcpError(error)) throw error;
    throw ioError("read", file, error);
  } finally {
    await handle.close();
  }
}

/**
 * The records of a store file's text. A text this module did not write is refused, never taken
 * for an empty store: the next write would replace the file, and a path named by mistake may
 * hold a key or a config that must survive.
 */
function parseStore(file: string, text: string): Map<string, JsonObject> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (
    isObject(parsed) &&
    parsed.format === FORMAT_MARKER &&
    parsed.formatVersion !== FORMAT_VERSION
  ) {
    throw localError(
      "input",
      `token store ${file} has format version ${JSON.stringify(parsed.formatVersion)}, which this version of mcp-codegen does not read; it is left as it is: upgrade mcp-codegen, or use another path`,
    );
  }
  if (!isOurStore(parsed)) {
    throw localError(
      "input",
      `token store ${file} is not a token store mcp-codegen wrote, so it is left as it is: choose a path where no file exists yet (the store is created there, mode 0600), or delete this file if it is an old token store`,
    );
  }
  const records = new Map<string, JsonObject>();
  for (const [key, value] of Object.entries(parsed.records)) {
    // The core validates every record it reads; a non-object is not even a record.
    if (isObject(value)) records.set(key, value);
  }
  return records;
}

/**
 * A store this module wrote: the marker and version with a records object, or, from before the
 * marker, exactly `formatVersion: 1` and a records object (no other tool's file has that shape).
 */
function isOurStore(value: unknown): value is { records: JsonObject } {
  if (!isObject(value) || value.formatVersion !== FORMAT_VERSION || !isObject(value.records)) {
    return false;
  }
  if (value.format === FORMAT_MARKER) return true;
  const keys = Object.keys(value).sort();
  return keys.length === 2 && keys[0] === "formatVersion" && keys[1] === "records";
}

/**
 * Replaces `file` with `records`: a new file under an unguessable name, created exclusively with
 * mode 0600 (so a link planted there is never followed), synced, then renamed over the old one
 * (which replaces the entry itself, never a link's target). A reader sees the old file or the new
 * one, never half of either.
 */
async function writeRecords(file: string, records: ReadonlyMap<string, JsonObject>): Promise<void> {
  const store = {
    format: FORMAT_MARKER,
    formatVersion: FORMAT_VERSION,
    records: Object.fromEntries(records),
  };
  const text = `${JSON.stringify(store, null, 2)}\n`;
  const temporary = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw ioError("write", file, error);
  }
}

function ioError(action: "read" | "write", file: string, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  return localError(
    "input",
    `cannot ${action} token store ${file} (${reason}): check that you can ${action} it and its folder, or set ${TOKEN_STORE_ENV} to another path`,
    {},
    error,
  );
}

function jsonCopy(key: string, value: JsonObject): JsonObject {
  try {
    return JSON.parse(JSON.stringify(value)) as JsonObject;
  } catch (error) {
    // A cycle or a BigInt: a record must be JSON to be written at all.
    throw localError(
      "input",
      `token store record ${JSON.stringify(key)} is not JSON (${(error as Error).message}): store plain objects, arrays, strings, numbers, booleans and null only`,
      {},
      error,
    );
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
