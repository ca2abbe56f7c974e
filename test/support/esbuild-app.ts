/**
 * Bundles an example app with esbuild for one platform, as an application's build would: the
 * runtime package resolves through node_modules and its export conditions, to its build
 * (runtime/dist), so run `npm run build` first (`npm test` does).
 */
import { build, type Metafile, type Platform } from "esbuild";

export interface AppBundle {
  code: string;
  /** Every file the bundle holds, relative to the repository. */
  inputs: string[];
  /** Imports left outside the bundle (`node:child_process`, …). */
  externals: string[];
}

export async function bundleApp(
  entry: string,
  platform: Platform,
  format: "esm" | "iife" = "esm",
): Promise<AppBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform,
    format,
    ...(format === "iife" ? { globalName: "app" } : {}),
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    // Not the repository's tsconfig.json: its "paths" point the runtime at its sources, and an
    // application's build sees only the installed package.
    tsconfigRaw: {},
  });
  const output = result.outputFiles?.[0];
  const { metafile } = result;
  if (output === undefined || metafile === undefined) {
    throw new Error(`esbuild wrote nothing for ${entry}`);
  }
  return { code: output.text, inputs: inputPaths(metafile), externals: externals(metafile) };
}

function inputPaths(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs);
}

function externals(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) found.add(imported.path);
  }
  return [...found].sort();
}
