/**
 * The package's own version and location, read once from its package.json so the CLI, provenance
 * headers and `clientInfo` never disagree with what is installed.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding mcp-codegen's package.json (works from sources and from dist/). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }
).version;

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
      };
      if (manifest.name === "mcp-codegen") return dir;
    } catch {
      // No package.json here: keep walking up.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("mcp-codegen: cannot find its own package.json");
    dir = parent;
  }
}
