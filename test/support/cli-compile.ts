/**
 * Type-checking generated code with the TypeScript compiler API under the settings the design
 * promises it compiles with: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, for
 * both nodenext and bundler resolution. `@mcp-codegen/runtime` resolves through the package's
 * self-reference to dist/, as it would from an installed package.
 */
import ts from "typescript";

export type Resolution = "nodenext" | "bundler";

const SHARED: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  target: ts.ScriptTarget.ES2023,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  noEmit: true,
  // Declaration files of dependencies are not what is under test.
  skipLibCheck: true,
};

const RESOLUTION: Record<Resolution, ts.CompilerOptions> = {
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
};

/** Every diagnostic of compiling `files`, one formatted line each; empty when it compiles. */
export function compileStrict(files: readonly string[], resolution: Resolution): string[] {
  const program = ts.createProgram(files, { ...SHARED, ...RESOLUTION[resolution] });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}:${character + 1} ${message}`;
  });
}
