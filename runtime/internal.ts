/**
 * `@mcp-codegen/runtime/internal`: what the mcp-codegen CLI and generator share with the runtime
 * besides its public API (so both apply one rule the same way). Not for applications: it may
 * change in any release.
 */
export { compareText } from "./compare-text.js";
export { looksLikeCredential } from "./credential-shape.js";
export { globMatches } from "./governance/name-pattern.js";
export { jsonSize } from "./json-size.js";
export { jsonNestingProblem } from "./json-depth.js";
export { hiddenCharacters, isHiddenCharacter } from "./hidden-characters.js";
export { decodeOnce, maskUrl } from "./mask-url.js";
export { LEGACY_PROTOCOL_VERSIONS } from "./protocol.js";
export { SUBSCHEMA_KEYWORDS } from "./schema-keywords.js";
export { TASKS_EXTENSION } from "./task-types.js";
export { MAX_TIMER_DELAY_MS } from "./timer-delay.js";
export { compileUriTemplate, parseUriTemplateVariables } from "./uri-template.js";
export type { UriTemplateVariable } from "./uri-template.js";
export { GENERATED_API_VERSION } from "./version.js";
