/**
 * `--runtime vendored`: the compiled runtime (JavaScript and declarations) copied into the output
 * folder under `runtime/`, so generated code needs no `mcp-codegen` dependency at run time (it
 * still needs zod, re2js, undici and eventsource-parser). Each copied file gets the generated marker, so
 * `check` compares it and a later run without vendoring removes it.
 */
import { readFile, readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { GENERATED_MARKER } from "../templates/header.js";
import type { GeneratedFile } from "../templates/generate.js";
import { CliError, ExitCode } from "./exit-codes.js";
import { PACKAGE_ROOT, PACKAGE_VERSION } from "./package-info.js";

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
  const root = join(PACKAGE_ROOT, "dist", "runtime");
  let paths: string[];
  try {
    paths = await walk(root);
  } catch {
    throw new CliError(
      `--runtime vendored needs the built runtime in ${root}; run \`npm run build\` in mcp-codegen`,
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
        content: `${GENERATED_MARKER} ${PACKAGE_VERSION} (vendored runtime). Do not edit.\n${body}`,
      };
    }),
  );
}
