/**
 * `pattern` and `patternProperties` keys as JavaScript regular expressions. Patterns are only
 * parsed and compiled here, never run: running an untrusted pattern at generation time could
 * backtrack for ever. The `source` of a compiled `RegExp` is escaped by the engine so that
 * `/${source}/${flags}` is a literal for the same expression; we still refuse any source with a
 * raw line terminator.
 */
import { RegExpParser } from "@eslint-community/regexpp";
import type { CompiledPattern } from "./schema-node.js";

// Which patterns are ECMAScript is decided by regexpp at a fixed edition, not by the engine that
// happens to run the generator: a newer Node accepts syntax (modifiers `(?i:…)`, duplicate group
// names, newer Unicode property values) that an older runtime or `tsc` rejects at import. ES2022
// is what Node 20 and TypeScript both read.
const PARSER = new RegExpParser({ ecmaVersion: 2022 });

/**
 * Compiles `pattern` with unicode semantics, what JSON Schema means; `undefined` when it is not a
 * valid ECMAScript regular expression with the `u` flag. There is no fallback to the legacy
 * syntax: without `u`, Java and PCRE constructs (`\p{Punct}`, `\Z`) parse as something else
 * (`p{Punct}`, `Z`), so the validator would silently check another pattern.
 */
export function compilePattern(pattern: string): CompiledPattern | undefined {
  try {
    PARSER.parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    // A syntax error, or a stack overflow on absurd nesting: either way not a pattern we emit.
    return undefined;
  }
  return tryCompile(pattern);
}

function tryCompile(source: string): CompiledPattern | undefined {
  try {
    const compiled = new RegExp(source, "u").source;
    return /[\n\r\u2028\u2029]/.test(compiled) ? undefined : { source: compiled, flags: "u" };
  } catch {
    return undefined;
  }
}

/**
 * A pattern matching exactly the keys that are neither in `declared` nor matched (anywhere, as
 * JSON Schema patterns are unanchored) by one of `patterns`: what `additionalProperties` applies
 * to next to `patternProperties`. `undefined` when the patterns cannot be combined
 * (back-references, whose numbering would shift).
 */
export function additionalKeysPattern(
  declared: readonly string[],
  patterns: readonly CompiledPattern[],
): CompiledPattern | undefined {
  if (patterns.some((p) => hasBackReference(p.source))) return undefined;
  const names = declared.length === 0 ? "" : `(?!(?:${declared.map(escapeLiteral).join("|")})$)`;
  const exclusions = patterns.map((p) => `(?![\\s\\S]*?(?:${p.source}))`).join("");
  return tryCompile(`^${names}${exclusions}`);
}

/** Escapes text so that a pattern matches it literally (valid with and without the `u` flag). */
export function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

function hasBackReference(source: string): boolean {
  for (let i = 0; i < source.length; i += 1) {
    if (source[i] !== "\\") continue;
    const next = source[i + 1] ?? "";
    if (/[1-9k]/.test(next)) return true;
    i += 1;
  }
  return false;
}
