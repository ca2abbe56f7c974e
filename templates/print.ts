/**
 * Prints a module's plain data through ts-morph structures: import declarations as structures,
 * statements as text, the provenance header first, with `printStructure` (no project, no parse).
 * The result is unformatted; `format.ts` makes it pretty, once. ts-morph is loaded on first use,
 * so a run whose every file comes from the cache never loads it.
 */
import type * as TsMorphModule from "ts-morph";
import type { ImportDeclarationStructure, OptionalKind, SourceFileStructure } from "ts-morph";
import type { ModuleText } from "./module-text.js";

type TsMorph = typeof TsMorphModule;

function importStructure(
  morph: TsMorph,
  values: string[],
  types: string[],
  from: string,
): OptionalKind<ImportDeclarationStructure> {
  return {
    kind: morph.StructureKind.ImportDeclaration,
    moduleSpecifier: from,
    namedImports: [
      ...[...new Set(values)].sort().map((name) => ({ name })),
      ...[...new Set(types)].sort().map((name) => ({ name, isTypeOnly: true })),
    ],
  };
}

/** A printer bound to a loaded ts-morph. */
export type ModulePrinter = (header: string, module: ModuleText) => string;

let printer: Promise<ModulePrinter> | undefined;

/** Loads ts-morph once and returns the printer: header, imports, statements with blank lines between. */
export function loadModulePrinter(): Promise<ModulePrinter> {
  printer ??= import("ts-morph").then((morph) => (header, module) => {
    const structure: SourceFileStructure = {
      kind: morph.StructureKind.SourceFile,
      leadingTrivia: `${header}\n`,
      statements: [
        importStructure(morph, module.imports.values, module.imports.types, module.imports.from),
        ...(module.localImports ?? []).map((local) =>
          importStructure(morph, local.names, [], local.from),
        ),
        // A leading newline on each statement keeps a blank line between declarations.
        ...module.statements.map((statement) => `\n${statement}`),
      ],
    };
    return morph.printStructure(structure, { indentNumberOfSpaces: 2 });
  });
  return printer;
}
