/**
 * Bundles a one-module entry with rolldown (as an app's bundler would) and returns the code, so a
 * test can see what a bundle keeps. The entry is written under `dir`; imports of the repository's
 * `.js` paths resolve to their `.ts` sources.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { rolldown } from "rolldown";

export async function bundleEntry(
  dir: string,
  source: string,
  external: (id: string) => boolean,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(entry, source);
  const build = await rolldown({
    input: entry,
    external,
    resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
    logLevel: "silent",
  });
  const { output } = await build.generate({ format: "esm" });
  await build.close();
  return output[0].code;
}
