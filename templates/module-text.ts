/**
 * The plain data every emitter returns: what a module imports from the runtime and its top-level
 * statements as text. `printModule` turns it into a file; emitters never assemble whole files.
 */
export interface RuntimeImports {
  values: string[];
  types: string[];
  from: string;
}

export interface ModuleText {
  imports: RuntimeImports;
  /** Extra imports from sibling modules (the index file). */
  localImports?: Array<{ names: string[]; from: string }>;
  statements: string[];
}
