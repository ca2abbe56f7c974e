/**
 * The one door from cli/ into the generator: cli/ imports templates/ only through this file
 * (test/architecture.test.ts checks it), so the generator's folders can change without cli/
 * knowing. Re-exports only, one line per file.
 */
export { AGENT_FOLDER, hasAgentMarker } from "./agent/index.js";
export {
  checkEntries,
  MAX_ENTRY_SIZE,
  quoteForMessage,
  type ContractListKey,
  type ContractLists,
} from "./contract-entries.js";
export { escapeInvisible, isHiddenCharacter } from "./escape.js";
export type { FormatMode } from "./format.js";
export {
  generateOutput,
  type CachedModule,
  type GeneratedFile,
  type GenerationCache,
} from "./generate.js";
export { formatWarning, type GenerationWarning } from "./generation-warning.js";
export {
  renderModuleJobs,
  type ModuleJob,
  type ModuleRenderer,
  type RenderedCallback,
} from "./render-module.js";
export { GENERATED_TAG, generatedBanner, hasGeneratedMarker } from "./header.js";
export { jsonValueProblem, MAX_CONTRACT_DEPTH } from "./json-depth.js";
export { hasNameWords, toKebabFileName } from "./naming.js";
export { RUNTIME_PACKAGE } from "./runtime-package.js";
export {
  Budget,
  SchemaError,
  appendPointer,
  detectDialect,
  parsePointer,
  refHidesSiblings,
  resolveAllRefs,
  scanDocument,
} from "./schema/index.js";
export {
  CONTRACT_LIST_METHODS,
  createSnapshot,
  isSafeOutputPath,
  MAX_LIST_FAILURE_MESSAGE,
  type ListFailure,
  type PulledContract,
  type CodegenOptions,
  type Snapshot,
  type SnapshotOrigin,
  type UnlistedSections,
} from "./snapshot.js";
export { parseSnapshot, SnapshotError } from "./snapshot-parse.js";
