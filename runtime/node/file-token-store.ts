/**
 * A `TokenStore` kept in one JSON file, for the CLI and other Node programs that sign in once and
 * reuse the tokens across runs. Tokens are bearer credentials, so the file is treated like an SSH
 * key: created 0600 inside a folder created 0700, refused when others can read it or it belongs to
 * someone else, and never written through a link planted in its place.
 *
 * The file is `{ "formatVersion": 1, "records": { key: record } }`. Anything else (a half-written
 * file from another tool, a hand edit gone wrong) reads as no records, and the next write replaces
 * it: losing a cached token only costs signing in again.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, posix, resolve, win32 } from "node:path";
import { isMcpError, localError } from "../errors.js";
import type { TokenStore } from "../auth/token-store.js";
import type { JsonObject } from "../types.js";

const FORMAT_VERSION = 1;

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
 * cost is signing in again). Rejects with an `McpError` of kind `input` when the file is unsafe
 * (see `storeFileProblem`), a symbolic link, or cannot be read or written.
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
    // O_NOFOLLOW: a link where the file should be is refused, never read through.
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
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
    return parseStore(await handle.readFile("utf8"));
  } catch (error) {
    if (isMcpError(error)) throw error;
    throw ioError("read", file, error);
  } finally {
    await handle.close();
  }
}

/** The records of a store file's text; a text that is not one reads as no records. */
function parseStore(text: string): Map<string, JsonObject> {
  const records = new Map<string, JsonObject>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return records;
  }
  if (!isObject(parsed) || parsed.formatVersion !== FORMAT_VERSION) return records;
  const stored = parsed.records;
  if (!isObject(stored)) return records;
  for (const [key, value] of Object.entries(stored)) {
    // The core validates every record it reads; a non-object is not even a record.
    if (isObject(value)) records.set(key, value);
  }
  return records;
}

/**
 * Replaces `file` with `records`: a new file under an unguessable name, created exclusively with
 * mode 0600 (so a link planted there is never followed), synced, then renamed over the old one
 * (which replaces the entry itself, never a link's target). A reader sees the old file or the new
 * one, never half of either.
 */
async function writeRecords(file: string, records: ReadonlyMap<string, JsonObject>): Promise<void> {
  const text = `${JSON.stringify({ formatVersion: FORMAT_VERSION, records: Object.fromEntries(records) }, null, 2)}\n`;
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
