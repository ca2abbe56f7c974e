/**
 * `mcp-codegen init`: asking for a server and writing the config and package scripts.
 */
export { askServer } from "./ask-server.js";
export { CONFIG_FILE, configText } from "./config-text.js";
export type { ConfigKind } from "./config-text.js";
export { initServer } from "./init-server.js";
export type { InitServer } from "./init-server.js";
export { PackageJsonProblem, addScripts } from "./package-scripts.js";
export type { ScriptEdit } from "./package-scripts.js";
export { projectFiles } from "./project-files.js";
