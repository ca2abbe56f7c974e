/**
 * `@mcp-codegen/runtime/zod`: generated validators as real zod schemas, for applications that
 * use zod. zod is an optional peer dependency: only this entry imports it; the runtime itself
 * validates with its own validator kit.
 */
export { zodInputSchema, zodValidators } from "./zod-validators.js";
export type { ZodToolValidators } from "./zod-validators.js";
