/**
 * What an app weighs in the browser: bundled with esbuild as a production build would (minified,
 * code split, the runtime resolved through its export conditions to runtime/dist, so run
 * `npm run build` first), the sizes read from esbuild's metafile and gzipped with node:zlib.
 * Only the initial load counts: the entry's chunk and the chunks it imports statically. A dynamic
 * `import()` (the RE2 engine a RegExp tool selection loads) is a chunk fetched when used.
 */
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { REPOSITORY_ROOT } from "./golden-cases.js";

/** An app's initial load in the browser. */
export interface BundleWeight {
  /** Minified bytes of the initial load's chunks. */
  bytes: number;
  /** The same chunks gzipped one by one (as a server sends them), summed. */
  gzipBytes: number;
  /** Minified bytes each group of inputs contributes to the initial load (see `inputGroup`). */
  groups: Record<string, number>;
  /** Every input file in the initial load, relative to the repository. */
  inputs: string[];
  /** The input files of the chunks only a dynamic `import()` loads. */
  lazyInputs: string[];
}

/**
 * The group an input file is counted in: an npm package by name (zod's locales apart, the
 * biggest part zod could bring), a runtime room (`runtime/client`), else the file itself.
 */
export function inputGroup(path: string): string {
  const parts = path.split("/");
  const modules = parts.lastIndexOf("node_modules");
  if (modules >= 0) {
    const scoped = parts[modules + 1]?.startsWith("@") === true;
    const name = parts.slice(modules + 1, modules + (scoped ? 3 : 2)).join("/");
    return name === "zod" && parts.includes("locales") ? "zod (locales)" : name;
  }
  if (parts[0] === "runtime" && parts[1] === "dist") {
    return parts.length > 3 ? `runtime/${parts[2]}` : "runtime";
  }
  return path;
}

/** Bundles `entry` for the browser, minified and split, and weighs its initial load. */
export async function weighBrowserBundle(entry: string, outdir: string): Promise<BundleWeight> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    target: "es2022",
    outdir,
    write: false,
    // Metafile paths relative to the repository, whatever the working directory.
    absWorkingDir: REPOSITORY_ROOT,
    metafile: true,
    logLevel: "silent",
    // Not the repository's tsconfig.json: its "paths" point the runtime at its sources.
    tsconfigRaw: {},
  });
  const contents = new Map((result.outputFiles ?? []).map((file) => [file.path, file.contents]));
  const chunks = initialLoad(result.metafile);
  const weight: BundleWeight = { bytes: 0, gzipBytes: 0, groups: {}, inputs: [], lazyInputs: [] };
  for (const [path, output] of chunks) {
    const bytes = contents.get(resolve(REPOSITORY_ROOT, path));
    if (bytes === undefined) throw new Error(`esbuild wrote no ${path}`);
    weight.bytes += bytes.length;
    weight.gzipBytes += gzipSync(bytes, { level: 9 }).length;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = inputGroup(input);
      weight.groups[group] = (weight.groups[group] ?? 0) + bytesInOutput;
      weight.inputs.push(input);
    }
  }
  weight.inputs.sort();
  const initial = new Set(chunks.map(([path]) => path));
  weight.lazyInputs = Object.entries(result.metafile.outputs)
    .filter(([path]) => !initial.has(path))
    .flatMap(([, output]) => Object.keys(output.inputs))
    .sort();
  return weight;
}

type Output = Metafile["outputs"][string];

/** The entry's chunk and every chunk reachable from it by static imports. */
function initialLoad(metafile: Metafile): [string, Output][] {
  const outputs = Object.entries(metafile.outputs).filter(([path]) => !path.endsWith(".map"));
  const entry = outputs.find(([, output]) => output.entryPoint !== undefined);
  if (entry === undefined) throw new Error("esbuild wrote no entry chunk");
  const seen = new Map<string, Output>();
  const visit = (path: string): void => {
    const output = metafile.outputs[path];
    if (output === undefined || seen.has(path)) return;
    seen.set(path, output);
    for (const imported of output.imports) {
      if (imported.kind === "import-statement" && imported.external !== true) visit(imported.path);
    }
  };
  visit(entry[0]);
  return [...seen];
}

/** A weight recorded earlier, to name what grew since. */
export interface BundleBaseline {
  gzipBytes: number;
  groups: Record<string, number>;
}

/** The groups that grew since `baseline` (new ones from 0), by growth in bytes, biggest first. */
export function grownGroups(weight: BundleWeight, baseline: BundleBaseline): [string, number][] {
  return Object.entries(weight.groups)
    .map(([group, bytes]): [string, number] => [group, bytes - (baseline.groups[group] ?? 0)])
    .filter(([, growth]) => growth > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Why `weight` fails a gzipped `budget` (in bytes), or undefined when it fits: the size, then
 * the five groups that grew most since `baseline` and the five biggest, so the message alone
 * says where to look.
 */
export function budgetFailure(
  app: string,
  weight: BundleWeight,
  baseline: BundleBaseline,
  budget: number,
): string | undefined {
  if (weight.gzipBytes <= budget) return undefined;
  const grown = grownGroups(weight, baseline)
    .slice(0, 5)
    .map(([group, growth]) => `${group} +${kb(growth)}`);
  const biggest = Object.entries(weight.groups)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 5)
    .map(([group, bytes]) => `${group} ${kb(bytes)}`);
  return (
    `${app} loads ${kb(weight.gzipBytes)} gzipped in the browser, over its ${kb(budget)} budget ` +
    `(${kb(baseline.gzipBytes)} at the baseline). ` +
    `Grown since the baseline (minified): ${grown.join(", ") || "nothing"}. ` +
    `Biggest now: ${biggest.join(", ")}.`
  );
}
