/**
 * How a generated module names another generated module. `.js` by default: what TypeScript's
 * node16/nodenext resolution and bundlers expect of ES module sources. `.ts` on request
 * (`codegen.importExtension`): Deno resolves relative imports literally and would otherwise need
 * `--sloppy-imports`; a TypeScript consumer then needs `allowImportingTsExtensions`.
 */

/** What relative imports between generated files end with. */
export type ImportExtension = "js" | "ts";

/** `./tools/get-weather.js` (or `.ts`) for the generated file `tools/get-weather.ts`. */
export function localSpecifier(file: string, extension: ImportExtension = "js"): string {
  return `./${file.replace(/\.ts$/, `.${extension}`)}`;
}
