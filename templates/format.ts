/**
 * The single formatting pass over generated code, with a pinned prettier configuration so the
 * output does not change with a user's own prettier settings or editor. Prettier is loaded on
 * first use, so a run served entirely from the cache never loads it.
 */
import type { Options } from "prettier";

/** Pinned: changing any of these changes every generated file. */
export const PRETTIER_OPTIONS: Readonly<Options> = Object.freeze({
  parser: "typescript",
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
});

let prettier: Promise<typeof import("prettier")> | undefined;

/** Formats one TypeScript module. */
export async function formatTypeScript(text: string): Promise<string> {
  prettier ??= import("prettier");
  return (await prettier).format(text, PRETTIER_OPTIONS);
}
