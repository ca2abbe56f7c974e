/**
 * Small helpers with no MCP knowledge that every layer uses: the one string order, hidden
 * characters and server text quoted in messages, credential shapes and URL masking, timer delays, JSON size and object checks, the
 * JSON Schema keywords that hold subschemas. Imports nothing of the runtime.
 */
export { compareText } from "./compare-text.js";
export { hiddenCharacters } from "./hidden-characters.js";
export { MAX_JSON_DEPTH, nestingProblem } from "./json-depth.js";
export { isJsonObject } from "./json-object.js";
export { jsonSize } from "./json-size.js";
export { maskUrl } from "./mask-url.js";
export { QUOTED_TEXT_MAX, quotedText } from "./quoted-text.js";
export { SUBSCHEMA_KEYWORDS } from "./schema-keywords.js";
export { timerDelay } from "./timer-delay.js";
