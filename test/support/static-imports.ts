/**
 * The modules a source file loads before any of its code runs: the closure of its static imports
 * and re-exports, as Node runs the build of it. `import type` / `export type` are left out (the
 * compiler erases them); `import { type X }` is kept, since under `verbatimModuleSyntax` it still
 * loads its module. `import()` is left out: it loads when the code asks.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import ts from "typescript";

/** The repository's root folder. */
export const REPOSITORY = join(import.meta.dirname, "..", "..");

/** The specifiers `file` (repository-relative) loads statically. */
function staticSpecifiers(file: string): string[] {
  const text = readFileSync(join(REPOSITORY, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly === true) return [];
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
      if (statement.isTypeOnly) return [];
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    return [];
  });
}

/** A source file for a relative specifier, or the bare specifier itself (a package, `node:`). */
function resolveSpecifier(from: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const base = normalize(join(dirname(from), specifier))
    .split(sep)
    .join("/")
    .replace(/\.js$/, "");
  const found = [`${base}.ts`, `${base}/index.ts`].find((file) =>
    existsSync(join(REPOSITORY, file)),
  );
  if (found === undefined) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

/**
 * Every module `entry` (repository-relative, e.g. `cli/commands/pull.ts`) loads statically,
 * itself included: repository files by path, packages by their specifier (not followed).
 */
export function staticClosure(entry: string): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (!file.endsWith(".ts")) continue;
    for (const specifier of staticSpecifiers(file)) {
      const target = resolveSpecifier(file, specifier);
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}
