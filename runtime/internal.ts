/**
 * `@mcp-codegen/runtime/internal`: what the mcp-codegen CLI and generator share with the runtime
 * besides its public API (so both apply one rule the same way). Not for applications: it may
 * change in any release.
 */
export { compareText } from "./basics/compare-text.js";
export { looksLikeCredential } from "./basics/credential-shape.js";
export { globMatches } from "./governance/name-pattern.js";
export { jsonSize } from "./basics/json-size.js";
export { jsonNestingProblem } from "./basics/json-depth.js";
export { hiddenCharacters, isHiddenCharacter } from "./basics/hidden-characters.js";
export { decodeOnce, maskUrl } from "./basics/mask-url.js";
export { LEGACY_PROTOCOL_VERSIONS } from "./protocol/protocol.js";
export { SUBSCHEMA_KEYWORDS } from "./basics/schema-keywords.js";
export { TASKS_EXTENSION } from "./protocol/task-types.js";
export { CLIENT_NEEDS, declaredNeeds, handlerFor } from "./input/client-needs.js";
export { MAX_TIMER_DELAY_MS } from "./basics/timer-delay.js";
export { compileUriTemplate, parseUriTemplateVariables } from "./generated/uri-template.js";
export type { UriTemplateVariable } from "./generated/uri-template.js";
export { GENERATED_API_VERSION } from "./protocol/version.js";
export { TITLE_MAX_BYTES, instructionsForModel, textForModel } from "./ai/index.js";
