/**
 * The docs site's markdown pages: every `.md` under docs/, without the API reference TypeDoc
 * writes (docs/api/) and VitePress's own folders (`.vitepress`). Read by the link and example tests.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Paths of the markdown pages under `folder`, recursively. */
export function docsPages(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === "api" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return docsPages(path);
    return name.endsWith(".md") ? [path] : [];
  });
}
