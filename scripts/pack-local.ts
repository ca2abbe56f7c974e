/**
 * `npm run pack:local`: packs both packages from a clone, for installing before (or without) a
 * release, and prints the install lines. The CLI's tarball names the runtime's by its absolute
 * path (`file:`) instead of a registry version, so `npm install` works from the two tarballs in
 * either order, or from the CLI's alone; the registry copy of either package is never asked
 * for. A release (`npm run release`) publishes the package.json as it is in the repository.
 *
 * Usage: `npm run pack:local [-- --out DIR]` (default `.tmp/packages`). Builds first, unless
 * `--skip-build` (the test suite's run, after its own build).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNTIME_NAME = "@mcp-codegen/runtime";

/** One `npm pack` entry of `--json` output. */
interface PackEntry {
  filename: string;
  files: { path: string }[];
}

function npm(args: string[], cwd = ROOT): string {
  return execFileSync("npm", [...args, "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    // npm is npm.cmd on Windows, which only a shell runs.
    shell: process.platform === "win32",
  });
}

function pack(args: string[], destination: string, cwd = ROOT): PackEntry {
  const out = npm(
    ["pack", ...args, "--ignore-scripts", "--json", "--pack-destination", destination],
    cwd,
  );
  const [entry] = JSON.parse(out) as PackEntry[];
  if (entry === undefined) throw new Error(`npm pack ${args.join(" ")} made no tarball`);
  return entry;
}

/**
 * Copies the files `npm pack` would put in the CLI's tarball into `stage`, with a package.json
 * whose runtime dependency is `file:<runtimeTarball>`, and packs that.
 */
function packCli(runtimeTarball: string, out: string): string {
  const listed = JSON.parse(
    npm(["pack", "--dry-run", "--ignore-scripts", "--json"]),
  ) as PackEntry[];
  const stage = join(out, ".stage-cli");
  rmSync(stage, { recursive: true, force: true });
  for (const { path } of listed[0]?.files ?? []) {
    mkdirSync(dirname(join(stage, path)), { recursive: true });
    cpSync(join(ROOT, path), join(stage, path));
  }
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  manifest.dependencies[RUNTIME_NAME] = `file:${runtimeTarball}`;
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    return join(out, pack([stage], out).filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: ".tmp/packages" },
      "skip-build": { type: "boolean", default: false },
    },
  });
  const out = resolve(ROOT, values.out);
  mkdirSync(out, { recursive: true });
  if (!values["skip-build"]) npm(["run", "build"]);
  const runtimeTarball = join(out, pack(["--workspace", "runtime"], out).filename);
  const cliTarball = packCli(runtimeTarball, out);
  console.log(`Packed into ${out}. In your project (either order, or the second line alone):`);
  console.log(`  npm install ${runtimeTarball}`);
  console.log(`  npm install -D ${cliTarball}`);
}

main();
