/**
 * `pattern` and `patternProperties` keys as JavaScript regular expressions. Patterns are only
 * compiled here, never run: running an untrusted pattern at generation time could backtrack for
 * ever. The `source` of a compiled `RegExp` is escaped by the engine so that `/${source}/${flags}`
 * is a literal for the same expression; we still refuse any source with a raw line terminator.
 */
import type { CompiledPattern } from "./schema-node.js";

/**
 * Compiles `pattern` with unicode semantics (what JSON Schema means), falling back to the legacy
 * syntax many hand-written patterns use (`\-` outside a class, for example); `undefined` when it
 * is not a JavaScript regular expression at all.
 */
export function compilePattern(pattern: string): CompiledPattern | undefined {
  return tryCompile(pattern, "u") ?? tryCompile(pattern, "");
}

function tryCompile(source: string, flags: "u" | ""): CompiledPattern | undefined {
  try {
    const compiled = new RegExp(source, flags).source;
    return /[\n\r\u2028\u2029]/.test(compiled) ? undefined : { source: compiled, flags };
  } catch {
    return undefined;
  }
}

/**
 * A pattern matching exactly the keys that are neither in `declared` nor matched (anywhere, as
 * JSON Schema patterns are unanchored) by one of `patterns`: what `additionalProperties` applies
 * to next to `patternProperties`. `undefined` when the patterns cannot be combined: mixed flags,
 * or back-references whose numbering would shift.
 */
export function additionalKeysPattern(
  declared: readonly string[],
  patterns: readonly CompiledPattern[],
): CompiledPattern | undefined {
  const flags = patterns[0]?.flags ?? "u";
  if (patterns.some((p) => p.flags !== flags || hasBackReference(p.source))) return undefined;
  const names = declared.length === 0 ? "" : `(?!(?:${declared.map(escapeLiteral).join("|")})$)`;
  const exclusions = patterns.map((p) => `(?![\\s\\S]*?(?:${p.source}))`).join("");
  return tryCompile(`^${names}${exclusions}`, flags);
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
