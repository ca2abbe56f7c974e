/**
 * Prints a module's plain data through ts-morph structures: import declarations as structures,
 * statements as text, the provenance header first. The result is unformatted; `format.ts` makes
 * it pretty, once.
 */
import {
  Project,
  StructureKind,
  type ImportDeclarationStructure,
  type OptionalKind,
} from "ts-morph";
import type { ModuleText } from "./module-text.js";

// One in-memory project for the whole run: creating a Project loads compiler state we reuse.
let project: Project | undefined;

function importStructure(
  values: string[],
  types: string[],
  from: string,
): OptionalKind<ImportDeclarationStructure> {
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: from,
    namedImports: [
      ...[...new Set(values)].sort().map((name) => ({ name })),
      ...[...new Set(types)].sort().map((name) => ({ name, isTypeOnly: true })),
    ],
  };
}

/** The file's text: header, imports, statements separated by blank lines. */
export function printModule(path: string, header: string, module: ModuleText): string {
  project ??= new Project({ useInMemoryFileSystem: true });
  const imports: OptionalKind<ImportDeclarationStructure>[] = [
    importStructure(module.imports.values, module.imports.types, module.imports.from),
    ...(module.localImports ?? []).map((local) => importStructure(local.names, [], local.from)),
  ];
  const file = project.createSourceFile(
    path,
    {
      leadingTrivia: `${header}\n`,
      // A trailing newline on each statement keeps a blank line between declarations.
      statements: [...imports, ...module.statements.map((statement) => `\n${statement}`)],
    },
    { overwrite: true },
  );
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}
