/**
 * `defineConfig`, for `mcp-codegen.config.ts`: `export default defineConfig({ servers: { … } })`
 * gives completion and type errors while writing a config. Kept free of runtime imports so that
 * loading a config file loads nothing else.
 */
import type { McpCodegenConfig } from "./schema.js";

export type { McpCodegenConfig, ServerConfig } from "./schema.js";

/**
 * Returns `config` unchanged; it exists for its type. Unknown keys are compile errors here, and
 * `loadConfig` still validates the value at run time (a `.js` config has no type checking).
 */
export function defineConfig(config: McpCodegenConfig): McpCodegenConfig {
  return config;
}
