/**
 * The client's calls that carry more than a session does: `tools/call` with its `Mcp-Param-*`
 * headers and task forms, result shape checks, the tool-list filter, per-call input handlers,
 * and the pinned contract a pinned client checks each tool against before its first call.
 */
export { InputGlue, NO_INPUT } from "./client-input.js";
export type { ClientInput } from "./client-input.js";
export { ContractPin, PINNED_FIELDS } from "./contract-pin.js";
export type { ContractChangedData, PinOptions, PinnedField } from "./contract-pin.js";
export { OFFER_PINNED } from "./pin-offer.js";
export type { OffersPinned } from "./pin-offer.js";
export { checkPromptResult, checkResourceResult } from "./result-shape.js";
export { callTool } from "./tool-call.js";
export type { ToolCallHost } from "./tool-call.js";
export { dropInvalidTools, dropMalformedTools } from "./tool-list-filter.js";
