/**
 * Code mode (`@mcp-codegen/runtime/code-mode`): model-written JavaScript or TypeScript run in a
 * QuickJS WebAssembly sandbox whose only capability is the given servers' tools, each call
 * through its client's governance. Its engine and type stripper are optional peers, loaded on
 * first use.
 */
export { createCodeMode } from "./code-mode.js";
export type { CodeMode, CodeModeOptions, ExecuteOptions } from "./code-mode.js";
export { DEFAULT_LIMITS } from "./limits.js";
export type { CodeModeLimits } from "./limits.js";
export type { CodeModeTool } from "./model-tools.js";
export type {
  CodeModeCall,
  CodeModeError,
  CodeModeErrorKind,
  CodeModeLog,
  CodeModeResult,
} from "./run-result.js";
export type { CodeModeServer, GeneratedClientLike, GeneratedServer } from "./server-catalog.js";
export type { CodeModeApprovalRequest, CodeModeApprover } from "./tool-bridge.js";
export type { ToolMatch } from "./tool-search.js";
