/**
 * How the declaration files of modules that name every item's binding (all-tools, mock) reach the
 * bindings: through the index's exports, imported once as a namespace of types. One import instead
 * of one per item: for a thousand tools, 2,000 imports fewer for a consumer's compiler to bind.
 */
import { localSpecifier, type ImportExtension } from "./local-specifier.js";
import type { LocalImport } from "./module-text.js";

/** The namespace's name: no top-level name of those files can be `index`. */
export const INDEX_TYPES = "index";

/** The import of `INDEX_TYPES`, for a module beside the index; none when no item is named. */
export function indexTypesImport(count: number, extension: ImportExtension): LocalImport[] {
  return count === 0
    ? []
    : [{ typeNamespace: INDEX_TYPES, from: localSpecifier("index.ts", extension) }];
}
