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
export { EDITORS, editorConfigPath, projectConfigPath } from "./editor-paths.js";
export type { Editor, PathContext } from "./editor-paths.js";
export { importServers } from "./import-servers.js";
export type { ImportedServers } from "./import-servers.js";
export { importFrom } from "./import-source.js";
export type { ImportResult } from "./import-source.js";
