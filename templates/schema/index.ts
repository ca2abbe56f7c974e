/**
 * The JSON Schema front end, the one door the rest of the generator (templates/ and cli/) uses.
 * Three phases, one folder each: `read/` checks a document and indexes its schemas and
 * references, `lower/` turns each schema into the normalised tree of schema-node.ts, `emit/`
 * writes that tree as TypeScript types, zod validators and JSDoc. `prepareSchema` runs the first
 * two; drift (cli/) reads documents with the same scanner and resolver, so both see one schema.
 */
export { prepareSchema, type PrepareOptions } from "./prepare.js";
export type {
  JsonObject,
  JsonValue,
  PreparedSchema,
  SchemaDefinition,
  SchemaDoc,
  SchemaNode,
} from "./schema-node.js";
export {
  SchemaError,
  appendPointer,
  describeMessage,
  describePointer,
  describeText,
  parsePointer,
  type DiagnosticLevel,
  type SchemaDiagnostic,
} from "./schema-error.js";
export { Budget, DEFAULT_LIMITS, type SchemaLimits } from "./read/bounds.js";
export { detectDialect, refHidesSiblings } from "./read/dialect.js";
export { scanDocument, type ScannedSchema, type SchemaIndex } from "./read/scan.js";
export { resolveAllRefs, resolveRef } from "./read/resolve-ref.js";
export {
  schemaToTypeScript,
  type TypeScriptOptions,
  type TypeScriptOutput,
} from "./emit/typescript.js";
export { schemaToZod, type ZodOptions, type ZodOutput } from "./emit/zod.js";
