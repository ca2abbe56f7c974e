/**
 * The configuration, as the rest of the CLI sees it: its schema (schema.ts, `defineConfig`),
 * loading (load.ts), validation (issues.ts), interpolation (interpolate.ts), resolution
 * (resolve.ts) and server-name filters (name-filter.ts). Files outside cli/config/ import only
 * from here.
 */
export { defineConfig } from "./define.js";
export type { ConfigEnv } from "./interpolate.js";
export { ConfigError, validateConfig } from "./issues.js";
export {
  CONFIG_FILE_NAMES,
  findConfigFile,
  loadConfig,
  loadOutputFolders,
  outputFoldersOf,
  readConfigFile,
  type LoadConfigOptions,
} from "./load.js";
export { createNameFilter, findUnmatchedPatterns } from "./name-filter.js";
export {
  DEFAULT_OUT,
  resolveConfig,
  type ResolveConfigOptions,
  type ResolvedConfig,
  type ResolvedHttpTarget,
  type ResolvedRegistryTarget,
  type ResolvedServer,
  type ResolvedStdioTarget,
} from "./resolve.js";
export { SERVER_NAME_PATTERN, type McpCodegenConfig, type ServerConfig } from "./schema.js";
export { PROTOCOL_CHOICES, type ProtocolChoice } from "./protocol-choices.js";
