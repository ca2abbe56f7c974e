/**
 * Server text made fit for a language model (titles, descriptions, instructions) and the tool
 * names model APIs accept.
 */
export {
  DESCRIPTION_MAX_BYTES,
  INSTRUCTIONS_MAX_BYTES,
  TITLE_MAX_BYTES,
  instructionsForModel,
  textForModel,
  toolHintsForModel,
} from "./model-text.js";
export type { ModelTextOptions, ToolHints } from "./model-text.js";
export { MODEL_TOOL_NAME, toolNamesForModel } from "./model-tool-names.js";
