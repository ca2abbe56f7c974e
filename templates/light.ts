/**
 * The generator's light door: what reading a server's contract and making its snapshot need,
 * without the code generator. Nothing that renders, formats or prints code loads through this
 * file, so `pull` can connect while the generator loads (test/cli/commands/pull-start.test.ts
 * checks it). cli/ imports templates/ through this file or templates/index.ts only.
 * Re-exports only, one line per file.
 */
export {
  checkEntries,
  MAX_ENTRY_SIZE,
  quoteForMessage,
  type ContractListKey,
  type ContractLists,
} from "./contract-entries.js";
export { escapeInvisible } from "./escape.js";
export { jsonValueProblem, MAX_CONTRACT_DEPTH } from "./json-depth.js";
export { hasNameWords, toKebabFileName } from "./naming.js";
export {
  CONTRACT_LIST_METHODS,
  createSnapshot,
  MAX_LIST_FAILURE_MESSAGE,
  type ListFailure,
  type PulledContract,
  type Snapshot,
  type UnlistedSections,
} from "./snapshot.js";
