/**
 * The plain data every emitter returns: what a module imports from the runtime and its top-level
 * statements as text. `printModule` turns it into a file; emitters never assemble whole files.
 */
import type { GenerationWarning } from "./generation-warning.js";

export interface RuntimeImports {
  values: string[];
  types: string[];
  from: string;
  /** Imported names the module uses under another local name (`connect` → `connect$`). */
  aliases?: Readonly<Record<string, string>>;
}

export interface ModuleText {
  imports: RuntimeImports;
  /** Extra imports from sibling modules (the index file). */
  localImports?: Array<{ names: string[]; from: string }>;
  statements: string[];
  /** What the module says less precisely than the server declared (see generation-warning.ts). */
  warnings?: readonly GenerationWarning[];
}
