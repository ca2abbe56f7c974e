/**
 * The one project setup the `js+dts` form breaks: `tsc` building into an `outDir`. It compiles the
 * project's `.ts` files there, but copies a `.js` file only under `allowJs`, so a client of `.js`
 * and `.d.ts` files type-checks, and the built code then fails to import it. Said when such a
 * client is written; the `.ts` form, the default, has no such trap.
 */
import { join } from "node:path";
import { createFilesMatcher, getTsconfig } from "get-tsconfig";

/**
 * Why `tsc` would leave the `js+dts` client in `out` out of its build, as a sentence, or
 * undefined: no tsconfig.json above `out`, one that cannot be read (tsc says why, not us), one
 * whose include/exclude leave `out` out (a folder it does not build), or one that emits no
 * JavaScript into an outDir, or copies `.js` files there.
 */
export function jsDtsBuildProblem(out: string): string | undefined {
  let found: ReturnType<typeof getTsconfig>;
  try {
    found = getTsconfig(out);
  } catch {
    return undefined;
  }
  const options = found?.config.compilerOptions;
  if (found === null || options?.outDir === undefined) return undefined;
  // A client outside the project's files (excluded, or beside `include`) is not its to build.
  if (createFilesMatcher(found)(join(out, "index.d.ts")) === undefined) return undefined;
  if (options.allowJs === true || options.noEmit === true || options.emitDeclarationOnly === true)
    return undefined;
  return `${found.path} builds into outDir ${JSON.stringify(options.outDir)} without allowJs, so tsc will not copy this client's .js files there and the built code will not find them: set "allowJs": true there, or pull with --emit ts`;
}
