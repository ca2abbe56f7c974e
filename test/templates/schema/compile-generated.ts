/**
 * Test helper: type-checks generated TypeScript with the compiler API, under the options the
 * generated code promises to compile with. Files are written to a temporary directory whose
 * `node_modules` links to the project's, so `import { z } from "zod"` resolves.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { prepareSchema } from "../../../templates/schema/prepare.js";
import { schemaToTypeScript } from "../../../templates/schema/emit/typescript.js";
import { schemaToZod } from "../../../templates/schema/emit/zod.js";

/** Compiler options of generated code: strict, exact optional properties, checked indexing. */
export const GENERATED_CODE_OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2023,
  // The web platform's globals (URL, TextEncoder, AbortSignal): the runtime's sources the
  // validators import (linear-pattern.ts, and through its errors the protocol room) use them.
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: [],
};

/**
 * The import of the runtime functions emitted validators call (`ZodOutput.runtimeValues`), from
 * the runtime's source; `""` when there are none.
 */
export function runtimeImport(values: readonly string[]): string {
  if (values.length === 0) return "";
  const path = JSON.stringify(resolve("runtime/generated/linear-pattern.js"));
  return `import { ${values.join(", ")} } from ${path};`;
}

/**
 * A module holding the type `T` and the validator `validator` emitted for `schema`. With `agree`
 * (the default) it also checks the validator's zod type against `T`, which makes the compiler
 * expand zod's inferred types (generated modules never do: they type validators with the
 * runtime's facade), so a very wide product is checked without it.
 */
export function schemaModule(schema: unknown, agree = true): string {
  const prepared = prepareSchema(schema);
  const types = schemaToTypeScript(prepared, { typeName: "T" });
  const zod = schemaToZod(prepared, { constName: "t", typeName: "T" });
  return [
    'import { z } from "zod";',
    runtimeImport(zod.runtimeValues),
    types.declarations,
    zod.declarations,
    `export const validator = ${zod.expression};`,
    agree ? "export const agrees = validator satisfies z.ZodType<T>;" : "export type Used = T;",
  ].join("\n");
}

/** One diagnostic, as `file:line: message`. */
export type CompileDiagnostic = string;

/**
 * Type-checks `files` (name → source) together and returns every diagnostic, formatted. An empty
 * list means the code compiles.
 */
export function compileGenerated(files: Readonly<Record<string, string>>): CompileDiagnostic[] {
  const dir = mkdtempSync(join(tmpdir(), "mcp-codegen-schema-"));
  try {
    symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const roots = Object.entries(files).map(([name, source]) => {
      const path = join(dir, name);
      writeFileSync(path, source);
      return path;
    });
    const program = ts.createProgram(roots, GENERATED_CODE_OPTIONS);
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => format(diagnostic, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function format(diagnostic: ts.Diagnostic, dir: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${diagnostic.file.fileName.slice(dir.length + 1)}:${line + 1}: ${message}`;
}
