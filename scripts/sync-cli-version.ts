/**
 * Run after `changeset version` (`npm run version-packages`): changesets versions the workspace
 * packages only, never a workspace root, and the CLI is this repository's root. So the runtime
 * carries the changesets, and this gives the CLI the runtime's new version, pins its dependency
 * on the runtime to it, and copies the runtime's new CHANGELOG section into the CLI's: the two
 * packages always release at one version (see .changeset/README.md).
 *
 * Usage: `node --import tsx scripts/sync-cli-version.ts [--root DIR]` (default: this repository).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const RUNTIME_NAME = "@mcp-codegen/runtime";

interface Manifest {
  version: string;
  dependencies: Record<string, string>;
}

/** The `## <version>` section of a changesets CHANGELOG, up to the next `## ` heading. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  return lines
    .slice(start, end === -1 ? undefined : end)
    .join("\n")
    .trimEnd();
}

/** Puts `section` above the first `## ` heading of `changelog` (after its title and preamble). */
function prependSection(changelog: string, section: string): string {
  const at = changelog.search(/^## /m);
  if (at === -1) return `${changelog.trimEnd()}\n\n${section}\n`;
  return `${changelog.slice(0, at)}${section}\n\n${changelog.slice(at)}`;
}

function main(): void {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = resolve(values.root ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
  const runtime = JSON.parse(
    readFileSync(join(root, "runtime", "package.json"), "utf8"),
  ) as Manifest;
  const cliPath = join(root, "package.json");
  const cli = JSON.parse(readFileSync(cliPath, "utf8")) as Manifest;
  if (cli.version === runtime.version && cli.dependencies[RUNTIME_NAME] === runtime.version) return;
  cli.version = runtime.version;
  cli.dependencies[RUNTIME_NAME] = runtime.version;
  writeFileSync(cliPath, `${JSON.stringify(cli, null, 2)}\n`);

  const section = changelogSection(
    readFileSync(join(root, "runtime", "CHANGELOG.md"), "utf8"),
    runtime.version,
  );
  const changelogPath = join(root, "CHANGELOG.md");
  const changelog = readFileSync(changelogPath, "utf8");
  if (section !== undefined && changelogSection(changelog, runtime.version) === undefined) {
    writeFileSync(changelogPath, prependSection(changelog, section));
  }
  console.log(`mcp-codegen ${runtime.version}, with ${RUNTIME_NAME} ${runtime.version}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
