/**
 * The single formatting pass over generated code, with a pinned prettier configuration so the
 * output does not change with a user's own prettier settings or editor. Prettier is loaded on
 * first use, so a run served entirely from the cache never loads it.
 *
 * Modules are formatted in batches: one prettier call over many modules joined with a separator
 * line, then split again. Prettier formats top-level statements independently, so each module
 * comes out exactly as it would alone (a test holds this), and a call's fixed cost is paid once
 * per batch instead of once per module: with a thousand tools that is most of the time.
 */
import { randomBytes } from "node:crypto";
import type * as Prettier from "prettier";
import type { Options } from "prettier";

/** Pinned: changing any of these changes every generated file. */
export const PRETTIER_OPTIONS: Readonly<Options> = Object.freeze({
  // Babel's TypeScript parser: the same output as the `typescript` parser on everything we emit
  // (the golden corpus holds that), and a quarter faster.
  parser: "babel-ts",
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
  // Says the text is `.ts`, not `.tsx`: prettier then skips its JSX sniffing, a regex that is
  // slow over long string literals such as the embedded tool definitions.
  filepath: "generated.ts",
});

/** Modules per prettier call: large enough to amortise the call, small enough to stay responsive. */
const BATCH_SIZE = 64;

let prettier: Promise<typeof Prettier> | undefined;

/** Formats one TypeScript module. */
export async function formatTypeScript(text: string): Promise<string> {
  prettier ??= import("prettier");
  return (await prettier).format(text, PRETTIER_OPTIONS);
}

/**
 * How generated modules are formatted. `direct` (the default): printed by `printDirect` in
 * prettier's layout, and only a module it cannot print goes to prettier, which is then loaded.
 * `prettier`: prettier formats every module (what the equivalence test compares against). Either
 * way each module's text equals `formatTypeScript` of it (see render-module.ts).
 */
export type FormatMode = "direct" | "prettier";

/** Formats many modules, in order; the result for each equals `formatTypeScript` of it. */
export async function formatModules(texts: readonly string[]): Promise<string[]> {
  const results: string[] = [];
  for (let start = 0; start < texts.length; start += BATCH_SIZE) {
    results.push(...(await formatBatch(texts.slice(start, start + BATCH_SIZE))));
  }
  return results;
}

async function formatBatch(texts: readonly string[]): Promise<string[]> {
  if (texts.length === 1) return [await formatTypeScript(texts[0]!)];
  // A random line no server text can forge: it only ever exists inside this call.
  const separator = `// mcp-codegen:module-boundary:${randomBytes(12).toString("hex")}`;
  const joined = texts.map((text) => `${separator}\n${text}`).join("\n\n");
  let formatted: string;
  try {
    formatted = await formatTypeScript(joined);
  } catch {
    // Report the module that does not parse, not the batch.
    return Promise.all(texts.map(formatTypeScript));
  }
  const parts = formatted.split(`${separator}\n`).slice(1);
  if (parts.length !== texts.length) return Promise.all(texts.map(formatTypeScript));
  // trimEnd, not /\s+$/: that regex is quadratic on a long run of spaces inside a string literal.
  return parts.map((part) => `${part.trimEnd()}\n`);
}
