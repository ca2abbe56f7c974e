/**
 * A user's project that consumes the checked-in generated client (examples/trip-planner): its own
 * package.json and tsconfig.json, the client copied into `src/`, and `node_modules/<runtime
 * package>` linked to the runtime package in this repository, as `npm install` would leave it.
 *
 * Nothing here names the runtime package: its import specifier is read from the generated
 * client, and its folder is where Node resolves that specifier from the repository, so the tests
 * keep working when the runtime moves to a package of its own.
 */
import { readFileSync } from "node:fs";
import { cp, mkdir, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import type ts from "typescript";
import { createTempProject, REPO_ROOT, type TempProject } from "./cli-run.js";

/** The checked-in generated client every consumer project uses. */
export const EXAMPLE_CLIENT = join(REPO_ROOT, "examples", "trip-planner");

/** The demo server that client was generated from, run over stdio through tsx. */
export const DEMO_SERVER = join(REPO_ROOT, "examples", "demo-server", "stdio.ts");

/**
 * The one bare specifier the generated client imports (`mcp-codegen/runtime` today); every
 * other import in generated code is relative.
 */
export const RUNTIME_SPECIFIER = runtimeSpecifierOf(
  readFileSync(join(EXAMPLE_CLIENT, "index.ts"), "utf8"),
);

/** The package that specifier names: `@scope/name` or `name`, without the subpath. */
export const RUNTIME_PACKAGE = RUNTIME_SPECIFIER.split("/")
  .slice(0, RUNTIME_SPECIFIER.startsWith("@") ? 2 : 1)
  .join("/");

/** The runtime package's folder: where the specifier resolves from the repository root. */
export const RUNTIME_PACKAGE_ROOT = packageRootOf(
  createRequire(join(REPO_ROOT, "package.json")).resolve(RUNTIME_SPECIFIER),
  RUNTIME_PACKAGE,
);

function runtimeSpecifierOf(source: string): string {
  const bare = new Set(
    [...source.matchAll(/\bfrom\s+"([^"]+)"/g)]
      .map((match) => match[1] ?? "")
      .filter((specifier) => !specifier.startsWith(".")),
  );
  if (bare.size !== 1)
    throw new Error(`expected one bare import in the generated index.ts, found: ${[...bare]}`);
  return [...bare][0] ?? "";
}

function packageRootOf(resolvedFile: string, name: string): string {
  for (let dir = dirname(resolvedFile); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: unknown;
      };
      if (manifest.name === name) return dir;
    } catch {
      // No package.json here (or an unreadable one): keep walking up.
    }
  }
  throw new Error(`no package.json named ${name} above ${resolvedFile}`);
}

/** What a consumer project writes besides the client: its package.json, tsconfig and sources. */
export interface ConsumerFiles {
  readonly packageJson: Record<string, unknown>;
  readonly tsconfig: Record<string, unknown>;
  /** Paths relative to the project, e.g. `src/main.ts`. */
  readonly sources: Readonly<Record<string, string>>;
}

/**
 * A project under the repository's `.tmp/` with the generated client in `src/trip-planner/`.
 * Being inside the repository, TypeScript and Node find `@types/node` and the runtime's own
 * dependencies by walking up to the repository's node_modules, as they would in a hoisted
 * install.
 */
export async function createConsumerProject(
  label: string,
  files: ConsumerFiles,
): Promise<TempProject> {
  const project = await createTempProject(label);
  await cp(EXAMPLE_CLIENT, project.path("src", "trip-planner"), { recursive: true });
  const link = project.path("node_modules", ...RUNTIME_PACKAGE.split("/"));
  await mkdir(dirname(link), { recursive: true });
  await symlink(RUNTIME_PACKAGE_ROOT, link, "dir");
  await project.write("package.json", files.packageJson);
  await project.write("tsconfig.json", files.tsconfig);
  for (const [path, text] of Object.entries(files.sources)) await project.write(path, text);
  return project;
}

/** One diagnostic: its code, and `path:line:column TS1234 message` to print on failure. */
export interface ProjectDiagnostic {
  readonly code: number;
  readonly text: string;
}

/** What compiling a project gave: every diagnostic, and the source files in the program. */
export interface ProjectCompile {
  readonly diagnostics: readonly ProjectDiagnostic[];
  readonly files: readonly string[];
}

/**
 * Compiles the project at `dir` from its tsconfig.json with `compiler` (any TypeScript 5.x, read
 * through the subset of the API every 5.x has), emitting when the tsconfig does not say `noEmit`;
 * `overrides` replace options of the tsconfig (only flags whose values mean the same in every 5.x).
 */
export function compileProject(
  compiler: typeof ts,
  dir: string,
  overrides: ts.CompilerOptions = {},
): ProjectCompile {
  const configPath = join(dir, "tsconfig.json");
  const config = compiler.readConfigFile(configPath, compiler.sys.readFile);
  if (config.error !== undefined) return { diagnostics: [format(config.error)], files: [] };
  const parsed = compiler.parseJsonConfigFileContent(config.config, compiler.sys, dir);
  const options = { ...parsed.options, ...overrides };
  const program = compiler.createProgram({ rootNames: parsed.fileNames, options });
  const diagnostics = [
    ...parsed.errors,
    ...compiler.getPreEmitDiagnostics(program),
    ...(options.noEmit === true ? [] : program.emit().diagnostics),
  ];
  return {
    diagnostics: diagnostics.map(format),
    files: program.getSourceFiles().map((file) => file.fileName),
  };

  function format(diagnostic: ts.Diagnostic): ProjectDiagnostic {
    const message = compiler.flattenDiagnosticMessageText(diagnostic.messageText, "\n  ");
    const head = `TS${diagnostic.code} ${message}`;
    if (diagnostic.file === undefined || diagnostic.start === undefined)
      return { code: diagnostic.code, text: head };
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const path = relative(dir, diagnostic.file.fileName).split("\\").join("/");
    const source = diagnostic.file.text.split("\n")[line]?.trim() ?? "";
    return {
      code: diagnostic.code,
      text: `${path}:${line + 1}:${character + 1} ${head}\n    > ${source}`,
    };
  }
}
