/**
 * The package's main entry: `defineConfig` for `mcp-codegen.config.ts`, the command as a
 * function (`runCli`), and the programmatic API for build plugins (`pull`, `generate`,
 * `writeFiles`, `check`). Nothing heavy loads at import: each function loads what it needs when
 * called.
 *
 * @module mcp-codegen
 */
export { defineConfig, type McpCodegenConfig, type ServerConfig } from "./config/define.js";
export { runCli } from "./program.js";
export type { RunOptions } from "./program.js";
export type { SilenceNotice } from "./terminal/reporter.js";
export type { WarningHandler } from "./api/warnings.js";
export type { CodegenOptions } from "../templates/index.js";
export { CliError, ExitCode, type ExitCodeValue } from "./terminal/exit-codes.js";
export { check, generate, pull, writeFiles } from "./api/index.js";
export type {
  ConfigGenerateResult,
  GenerateOptions,
  GenerateResult,
  OutputFile,
  ServerOutput,
} from "./api/generate.js";
export type { PullAuthOptions, PullOptions } from "./api/pull.js";
export type { HttpServer, PullTarget, StdioServer } from "./api/target.js";
export type { FileDifference, WriteStats } from "./output/output-files.js";
export type {
  ContractListKey,
  ContractLists,
  ListFailure,
  Snapshot,
  SnapshotOrigin,
  UnlistedSections,
} from "../templates/index.js";
export type {
  CheckDriftEntry,
  CheckErrorReport,
  CheckReport,
  CheckResultReport,
  CheckServerReport,
} from "./drift/check-report.js";
export type {
  SarifArtifactLocation,
  SarifDriver,
  SarifInvocation,
  SarifLevel,
  SarifLocation,
  SarifLog,
  SarifResult,
  SarifRule,
  SarifRun,
} from "./drift/sarif-log.js";
