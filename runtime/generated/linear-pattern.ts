/**
 * The checks generated validators run server patterns with: RE2 (the `re2js` port), whose
 * matching time is linear in the input whatever the pattern. A server chooses both the pattern
 * (in its schema) and the string (in its output); with a backtracking engine such as `RegExp`,
 * `^(a+)+$` on 30 characters blocks the event loop for tens of seconds and no timeout can fire,
 * and even `a*b` is quadratic. Measured by `npm run bench:patterns`: on typical patterns re2js
 * costs 1–4 µs per test where `RegExp` costs 50–100 ns (10–60 times more, noise beside a network
 * round trip), and it stays linear where `RegExp` does not finish. The engine is 64 KiB gzipped:
 * a bundler leaves it out of an app none of whose validators checks a pattern (tested by
 * linear-pattern-bundle.test.ts); unbundled Node loads it with the runtime's entry.
 *
 * The generator writes the pattern in RE2 syntax with ECMAScript's meaning (see
 * templates/schema/lower/pattern-re2.ts), and checks that it compiles, so a failure here is a bug.
 * Each pattern is compiled on its first test, never at import.
 */
import { RE2JS } from "re2js";

/** A predicate: does a string contain a match of `source` (RE2 syntax)? Non-strings do not. */
export function linearPattern(source: string): (value: unknown) => boolean {
  let compiled: RE2JS | undefined;
  return (value) => typeof value === "string" && (compiled ??= RE2JS.compile(source)).test(value);
}

/**
 * A predicate for the keys `additionalProperties` applies to next to `patternProperties`: strings
 * that are none of `names` and contain a match of none of `sources` (RE2 syntax).
 */
export function outsidePatterns(
  names: readonly string[],
  sources: readonly string[],
): (value: unknown) => boolean {
  const declared = new Set(names);
  const patterns = sources.map(linearPattern);
  return (value) =>
    typeof value === "string" &&
    !declared.has(value) &&
    !patterns.some((matches) => matches(value));
}
