/**
 * `--runtime vendored`: the compiled runtime package (JavaScript and declarations) copied into the
 * output folder under `runtime/`, so generated code needs no `@mcp-codegen/runtime` dependency at
 * run time (it still needs zod, re2js, undici, eventsource-parser and yaml). Generated code imports the
 * copy's Node entry: a copy has no export conditions to pick another platform's. Each copied file
 * gets the generated marker, so `check` compares it and a later run without vendoring removes it.
 */
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { generatedBanner, RUNTIME_PACKAGE, type GeneratedFile } from "../../templates/index.js";
import { CliError, ExitCode } from "../terminal/index.js";
import { PACKAGE_VERSION } from "./package-info.js";

/** The installed runtime package's build, found the way Node resolves the package. */
function runtimeBuildFolder(): string {
  const manifest = createRequire(import.meta.url).resolve(`${RUNTIME_PACKAGE}/package.json`);
  return join(dirname(manifest), "dist");
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

export async function vendoredRuntimeFiles(): Promise<GeneratedFile[]> {
  let root = RUNTIME_PACKAGE;
  let paths: string[];
  try {
    root = runtimeBuildFolder();
    paths = await walk(root);
  } catch {
    throw new CliError(
      `--runtime vendored needs the built runtime package in ${root}; install ${RUNTIME_PACKAGE}, or run \`npm run build\` in mcp-codegen`,
      ExitCode.Internal,
    );
  }
  const wanted = paths.filter((path) => path.endsWith(".js") || path.endsWith(".d.ts")).sort();
  return Promise.all(
    wanted.map(async (path) => {
      const text = await readFile(path, "utf8");
      const body = text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
      return {
        path: `runtime/${relative(root, path).split(sep).join("/")}`,
        content: `${generatedBanner(`${PACKAGE_VERSION} (vendored runtime). Do not edit.`)}\n${body}`,
      };
    }),
  );
}
