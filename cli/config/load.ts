/**
 * The configuration `mcp-codegen pull` reads when given no target: finding the file and loading
 * it (JSON, or TypeScript/JavaScript through jiti so Node 20 users can write `.ts` configs), then
 * validating (issues.ts) and resolving it (resolve.ts).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ConfigEnv } from "./interpolate.js";
import { ConfigError, validateConfig } from "./issues.js";
import {
  DEFAULT_OUT,
  httpServerNames,
  resolveConfig,
  serverOutput,
  type ResolvedConfig,
} from "./resolve.js";
import type { McpCodegenConfig } from "./schema.js";

/** The files `pull` looks for in the working directory, first found wins. */
export const CONFIG_FILE_NAMES = [
  "mcp-codegen.config.json",
  "mcp-codegen.config.ts",
  "mcp-codegen.config.mts",
  "mcp-codegen.config.js",
  "mcp-codegen.config.mjs",
] as const;

const MODULE_EXTENSIONS = new Set([".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"]);

export interface LoadConfigOptions {
  /** Where to look for the config file and what `configPath` is relative to (default: process.cwd()). */
  cwd?: string;
  /** `--config PATH`: this file instead of searching. */
  configPath?: string;
  /** Variables for `${VAR}` (default: process.env). */
  env?: ConfigEnv;
  /**
   * The servers a command was limited to (`pull NAME`, `--server NAME`), from every server's name
   * and the file's label; it throws for a name the file lacks. Applied before `${VAR}`s are
   * interpolated, so a variable only an unselected server uses need not be set.
   */
  select?: (names: readonly string[], label: string) => readonly string[];
}

/**
 * Finds, loads, validates and resolves the configuration.
 * @throws ConfigError with one line saying what is wrong and what to do: no config file, a file
 * that does not parse or load, a value that breaks the schema, an unset `${VAR}`.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = await findConfigFile(cwd, options.configPath);
  const label = labelOf(file, cwd);
  const config = validateConfig(await readConfigFile(file, label), label);
  return resolveConfig(selectServers(config, label, options.select), {
    file,
    label,
    env: options.env ?? process.env,
    httpServers: httpServerNames(config),
  });
}

/**
 * The servers' output folders alone, for `generate` and `check`, which work offline: no `${VAR}`
 * is interpolated, so they run where the secrets a pull needs are not set.
 * @throws ConfigError as `loadConfig` does, except for unset variables.
 */
export async function loadOutputFolders(
  options: Omit<LoadConfigOptions, "env"> = {},
): Promise<Array<{ name: string; out: string; strict: boolean }>> {
  const cwd = options.cwd ?? process.cwd();
  const file = await findConfigFile(cwd, options.configPath);
  const label = labelOf(file, cwd);
  return outputFoldersOf(
    await readConfigFile(file, label),
    path.dirname(file),
    label,
    options.select,
  );
}

/**
 * The servers' output folders of a config value (validated here) whose relative paths resolve
 * from `base`, as `loadOutputFolders` reads them from a file in `base`; `select` keeps some.
 * @throws ConfigError for a value that breaks the schema, named as `label`.
 */
export function outputFoldersOf(
  value: unknown,
  base: string,
  label: string,
  select?: LoadConfigOptions["select"],
): Array<{ name: string; out: string; strict: boolean }> {
  const config = selectServers(validateConfig(value, label), label, select);
  const rootOut = path.resolve(base, config.out ?? DEFAULT_OUT);
  return Object.entries(config.servers).map(([name, server]) => ({
    name,
    out: serverOutput(base, rootOut, name, server),
    strict: config.strict === true,
  }));
}

function selectServers(
  config: McpCodegenConfig,
  label: string,
  select: LoadConfigOptions["select"],
): McpCodegenConfig {
  if (select === undefined) return config;
  const kept = new Set(select(Object.keys(config.servers), label));
  const servers = Object.entries(config.servers).filter(([name]) => kept.has(name));
  return { ...config, servers: Object.fromEntries(servers) };
}

/**
 * The config file to use: `explicit` (relative to `cwd`) when given, else the first of
 * `CONFIG_FILE_NAMES` present in `cwd` (not its parents: a config applies where it is).
 * @throws ConfigError if the explicit file does not exist, or no file is found.
 */
export async function findConfigFile(cwd: string, explicit?: string): Promise<string> {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    if (!(await isFile(file))) {
      throw new ConfigError(`${explicit}: no such config file; check the --config path`);
    }
    return file;
  }
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    if (await isFile(path.join(cwd, name))) found.push(name);
  }
  // Two configs side by side: taking one silently would ignore edits made to the other.
  if (found.length > 1) {
    throw new ConfigError(
      `${found.join(" and ")} are both in ${cwd}; keep one of them, or choose with --config FILE`,
    );
  }
  if (found[0] !== undefined) return path.join(cwd, found[0]);
  throw new ConfigError(
    `no config file in ${cwd} (looked for ${CONFIG_FILE_NAMES.join(", ")}); run \`mcp-codegen pull --out DIR -- COMMAND [ARGS...]\` or \`mcp-codegen pull --out DIR --url URL\`, or create mcp-codegen.config.json`,
  );
}

/**
 * The raw value of a config file: parsed JSON for `.json`, the (awaited) default export for a
 * module. Not validated.
 * @throws ConfigError for invalid JSON, a module that fails to load, or one without a default export.
 */
export async function readConfigFile(file: string, label: string): Promise<unknown> {
  const extension = path.extname(file).toLowerCase();
  if (extension === ".json") {
    const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ConfigError(`${label}: is not valid JSON (${firstLine(error)}); fix it`);
    }
  }
  if (!MODULE_EXTENSIONS.has(extension)) {
    throw new ConfigError(
      `${label}: unsupported config file type; use .json, .ts, .mts, .js or .mjs`,
    );
  }
  return importDefault(file, label);
}

async function importDefault(file: string, label: string): Promise<unknown> {
  // No caches: a config is read once per run, and caches would write into the user's node_modules
  // or serve a stale module to a second load in the same process. No default interop: with it,
  // a module without a default export passes itself off as one.
  // Loaded here, not at start-up: most configs are JSON, and jiti takes as long to load as the
  // rest of the config room.
  const { createJiti } = await import("jiti");
  const jiti = createJiti(import.meta.url, {
    moduleCache: false,
    fsCache: false,
    interopDefault: false,
  });
  let module: unknown;
  try {
    module = await jiti.import(file);
  } catch (error) {
    throw new ConfigError(`${label}: could not be loaded: ${firstLine(error)}`);
  }
  const exported = (module as { default?: unknown } | null)?.default;
  if (exported === undefined) {
    throw new ConfigError(
      `${label}: has no default export; write \`export default defineConfig({ servers: { ... } })\``,
    );
  }
  return await exported;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** How messages name the file: relative to the working directory when inside it. */
function labelOf(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative === "" || relative.startsWith("..") || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join("/");
}

/**
 * An error's message on one line. Parsers put the location on a line of its own
 * (`/path/config.ts:2:50`); it is kept, because it is the most useful part.
 */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const location = lines.slice(1).find((line) => /:\d+:\d+\)?$/.test(line));
  const first = lines[0] ?? "unknown error";
  return location === undefined ? first : `${first} at ${location}`;
}
