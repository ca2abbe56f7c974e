/**
 * Type-checks files inside the repository with the TypeScript compiler API, under the options
 * generated code promises to compile with (DESIGN.md §2), for both module resolutions users pick.
 * Files must live inside the repository: `@mcp-codegen/runtime` then resolves through the
 * workspace package's `exports` to runtime/dist, exactly as it would for a user who
 * installed the package.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { REPOSITORY_ROOT } from "./golden-cases.js";

/**
 * The strictest flags a user may reasonably turn on, as plain values: the same in compiler-API
 * options and in a tsconfig.json (TypeScript 7 is run on one, see generated-compile-ts7.test.ts).
 */
export const STRICT_FLAGS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  // Users with these on must not get errors from generated files either (unused imports).
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noEmit: true,
  // Generated code must not need @types/node: it may run in a browser bundle.
  types: [] as string[],
  // Declaration files (the runtime's, zod's) are not what is under test here.
  skipLibCheck: true,
} as const satisfies ts.CompilerOptions;

/** What every configuration shares: the flags, ES2023 and its standard library only. */
const STRICT: ts.CompilerOptions = {
  ...STRICT_FLAGS,
  target: ts.ScriptTarget.ES2023,
  lib: ["lib.es2023.d.ts"],
};

export interface TypecheckConfig {
  readonly label: string;
  readonly options: ts.CompilerOptions;
}

/** The two configurations DESIGN.md promises: Node's ESM resolution and a bundler's. */
export const GENERATED_CODE_CONFIGS: readonly TypecheckConfig[] = [
  {
    label: "module nodenext",
    options: {
      ...STRICT,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  },
  {
    label: "module esnext, moduleResolution bundler",
    options: {
      ...STRICT,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    },
  },
];

export const RUNTIME_TYPES = join(REPOSITORY_ROOT, "runtime", "dist", "index.d.ts");

/** Throws a message that says what to run when the runtime's declarations were never built. */
export function assertRuntimeBuilt(): void {
  if (!existsSync(RUNTIME_TYPES)) {
    throw new Error(
      `${relative(REPOSITORY_ROOT, RUNTIME_TYPES)} is missing: generated code imports ` +
        "@mcp-codegen/runtime, which resolves to the build. Run `npm run build` first " +
        "(`npm test` does).",
    );
  }
}

/** One program over all `files`; every diagnostic as `path:line:column TS1234 message`. */
export function typecheck(files: readonly string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram({ rootNames: [...files], options });
  return ts.getPreEmitDiagnostics(program).map(formatDiagnostic);
}

/**
 * Where `specifier` resolves from `fromFile` under `options`, relative to the repository; proves
 * the self-reference goes to the build rather than to the sources.
 */
export function resolvedPath(
  specifier: string,
  fromFile: string,
  options: ts.CompilerOptions,
): string | undefined {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
  return resolvedModule === undefined
    ? undefined
    : relative(REPOSITORY_ROOT, resolvedModule.resolvedFileName).split("\\").join("/");
}

function formatDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n  ");
  const code = `TS${diagnostic.code}`;
  if (diagnostic.file === undefined || diagnostic.start === undefined) return `${code} ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const path = relative(REPOSITORY_ROOT, diagnostic.file.fileName).split("\\").join("/");
  // The offending line itself, so a failure reads without opening a temporary file.
  const source = diagnostic.file.text.split("\n")[line]?.trim() ?? "";
  return `${path}:${line + 1}:${character + 1} ${code} ${message}\n    > ${source}`;
}
