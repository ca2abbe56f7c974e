/**
 * Prints a module: the provenance header, its imports, and its statements separated by blank
 * lines. Imports are ts-morph `ImportDeclarationStructure`s, printed here rather than by
 * ts-morph's `printStructure`: loading ts-morph loads the whole TypeScript compiler, a tenth of a
 * cold generation, to print a few import lines. The output is unformatted; `format.ts` makes it
 * pretty, once.
 */
import type { ImportDeclarationStructure, ImportSpecifierStructure, OptionalKind } from "ts-morph";
import { stringLiteral } from "./escape.js";
import type { ModuleText } from "./module-text.js";

type ImportStructure = OptionalKind<ImportDeclarationStructure> & {
  namedImports: OptionalKind<ImportSpecifierStructure>[];
};

/** One import declaration's structure: values first, then type-only names, each sorted. */
export function importStructure(values: string[], types: string[], from: string): ImportStructure {
  return {
    moduleSpecifier: from,
    namedImports: [
      ...[...new Set(values)].sort().map((name) => ({ name })),
      ...[...new Set(types)].sort().map((name) => ({ name, isTypeOnly: true })),
    ],
  };
}

function printImport(structure: ImportStructure): string {
  const names = structure.namedImports.map((specifier) =>
    specifier.isTypeOnly === true ? `type ${specifier.name}` : specifier.name,
  );
  return `import { ${names.join(", ")} } from ${stringLiteral(structure.moduleSpecifier)};`;
}

/** The module's text. */
export function printModule(header: string, module: ModuleText): string {
  const imports = [
    importStructure(module.imports.values, module.imports.types, module.imports.from),
    ...(module.localImports ?? []).map((local) => importStructure(local.names, [], local.from)),
  ];
  const head = `${header}\n${imports.map(printImport).join("\n")}`;
  return [head, ...module.statements].join("\n\n") + "\n";
}
