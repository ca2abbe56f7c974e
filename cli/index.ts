/**
 * The package's main entry: `defineConfig` for `mcp-codegen.config.ts`, and the command as a
 * function for build scripts.
 */
export { defineConfig, type McpCodegenConfig, type ServerConfig } from "./config/index.js";
export { runCli } from "./program.js";
export type { RunOptions } from "./program.js";
export { ExitCode } from "./exit-codes.js";
export type {
  CheckDriftEntry,
  CheckErrorReport,
  CheckReport,
  CheckResultReport,
  CheckServerReport,
} from "./check-report.js";
