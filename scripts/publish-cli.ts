/**
 * The last step of `npm run release`, after `changeset publish` has published the runtime:
 * publishes the CLI (this repository's root, which changesets does not publish) when its
 * version is not on the registry yet, so running the release again publishes nothing twice.
 * Provenance and access come from package.json's publishConfig.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const { name, version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
};
const shell = process.platform === "win32";

function published(): boolean {
  try {
    const found = execFileSync("npm", ["view", `${name}@${version}`, "version"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      shell,
    });
    return found.trim() === version;
  } catch {
    // E404: neither the package nor this version is on the registry yet.
    return false;
  }
}

if (published()) {
  console.log(`${name}@${version} is on the registry already; nothing to publish.`);
} else {
  execFileSync("npm", ["publish", "--ignore-scripts"], { cwd: ROOT, stdio: "inherit", shell });
  // changesets/action reads this line to tag the release.
  console.log(`New tag: ${name}@${version}`);
}
