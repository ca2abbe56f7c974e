/**
 * Prints a module: the provenance header, its imports, and its statements separated by blank
 * lines. The output is unformatted; `format.ts` makes it pretty, once.
 */
import { stringLiteral } from "./escape.js";
import type { LocalImport, ModuleText } from "./module-text.js";

/** One name in an import declaration: `name`, `name as alias`, `type name`. */
interface ImportSpecifier {
  name: string;
  alias?: string;
  isTypeOnly?: boolean;
}

/** One import declaration: what it imports, from where. */
interface ImportStructure {
  moduleSpecifier: string;
  namedImports: ImportSpecifier[];
}

/** One import declaration's structure: values first, then type-only names, each sorted. */
export function importStructure(
  values: string[],
  types: string[],
  from: string,
  aliases: Readonly<Record<string, string>> = {},
): ImportStructure {
  const aliased = (name: string) => (Object.hasOwn(aliases, name) ? { alias: aliases[name]! } : {});
  return {
    moduleSpecifier: from,
    namedImports: [
      ...[...new Set(values)].sort().map((name) => ({ name, ...aliased(name) })),
      ...[...new Set(types)].sort().map((name) => ({ name, isTypeOnly: true, ...aliased(name) })),
    ],
  };
}

function printImport(structure: ImportStructure): string {
  const names = structure.namedImports.map((specifier) => {
    const name =
      specifier.alias === undefined ? specifier.name : `${specifier.name} as ${specifier.alias}`;
    return specifier.isTypeOnly === true ? `type ${name}` : name;
  });
  return `import { ${names.join(", ")} } from ${stringLiteral(structure.moduleSpecifier)};`;
}

/** An import declaration, or nothing for an import of no names. */
function printImportOf(structure: ImportStructure): string[] {
  return structure.namedImports.length === 0 ? [] : [printImport(structure)];
}

function printLocalImport(local: LocalImport): string[] {
  if ("typeNamespace" in local) {
    return [`import type * as ${local.typeNamespace} from ${stringLiteral(local.from)};`];
  }
  return printImportOf(importStructure(local.names, [], local.from));
}

/**
 * The module's text. An import of no names is left out: a `js` form whose runtime imports were
 * all types has none (a `ts` module always imports something).
 */
export function printModule(
  header: string,
  module: Pick<ModuleText, "imports" | "localImports" | "statements">,
): string {
  const { values, types, from, aliases } = module.imports;
  const head = [
    header,
    ...printImportOf(importStructure(values, types, from, aliases)),
    ...(module.localImports ?? []).flatMap(printLocalImport),
  ].join("\n");
  return [head, ...module.statements].join("\n\n") + "\n";
}
