/**
 * The one door from cli/ into the generator: cli/ imports templates/ only through this file, so
 * the generator's folders can change without cli/ knowing. Re-exports only.
 */
export { escapeInvisible } from "./escape.js";
export { Budget } from "./schema/bounds.js";
export { detectDialect, refHidesSiblings } from "./schema/dialect.js";
export { resolveAllRefs } from "./schema/resolve-ref.js";
export { scanDocument } from "./schema/scan.js";
export { SchemaError, appendPointer, parsePointer } from "./schema/schema-error.js";
