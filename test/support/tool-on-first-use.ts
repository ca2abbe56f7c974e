/**
 * A package the tests need that must not be a devDependency (its bin would shadow one of the
 * project's own: `tsc`, `node`), installed once under .tmp/<name>-<version>/ from the registry.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPOSITORY_ROOT } from "./golden-cases.js";

/**
 * The folder holding `name@version` in its node_modules, installing it when absent. The install
 * goes to a fresh staging folder renamed into place, so test files running at once cannot race.
 */
export async function toolOnFirstUse(name: string, version: string): Promise<string> {
  const folder = join(REPOSITORY_ROOT, ".tmp", `${name}-${version}`);
  const manifest = join(folder, "node_modules", name, "package.json");
  if (existsSync(manifest)) return folder;
  await mkdir(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
  const staging = await mkdtemp(`${folder}-staging-`);
  await writeFile(join(staging, "package.json"), JSON.stringify({ private: true }));
  await promisify(execFile)(
    "npm",
    ["install", `${name}@${version}`, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: staging },
  );
  try {
    await rename(staging, folder);
  } catch (error) {
    // Another test file installed it first: theirs is as good as ours.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(manifest)) throw error;
  }
  return folder;
}
