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
  localImports?: LocalImport[];
  statements: string[];
  /** What the module says less precisely than the server declared (see generation-warning.ts). */
  warnings?: readonly GenerationWarning[];
  /** A part the emitter lays out itself, which prettier never sees (see `LaidOutPart`). */
  laidOut?: LaidOutPart;
  /**
   * The same module as JavaScript and declarations, for the `js+dts` output form: what runs in
   * `js`, every type and the JSDoc a user sees on hover in `dts`.
   */
  forms?: ModuleForms;
}

/**
 * An import from a sibling module: some of its names, or (in a declaration file) all its exports
 * as one namespace of types, which costs a compiler one import where naming each costs one per
 * name and module.
 */
export type LocalImport =
  { names: string[]; from: string } | { typeNamespace: string; from: string };

/** One file of a module's `js+dts` form: its imports and statements, as `ModuleText` has them. */
export type ModuleBody = Pick<ModuleText, "imports" | "localImports" | "statements" | "laidOut">;

/** A module as `<file>.js` (no types) and `<file>.d.ts` (only types and declarations). */
export interface ModuleForms {
  js: ModuleBody;
  dts: ModuleBody;
}

/**
 * Text an emitter lays out itself, kept under `// prettier-ignore` in the output (a tool's
 * validators). The module is formatted with `placeholder` in its place (one line), and then
 * `layout(column)` replaces it, laid out for the column prettier put the placeholder at. Prettier
 * would keep the part as written anyway; not handing it over spares it parsing what is most of a
 * tool module, and knowing the column up front spares a second pass when a long call head moves
 * it.
 */
export interface LaidOutPart {
  placeholder: string;
  layout: (column: number) => string;
}
