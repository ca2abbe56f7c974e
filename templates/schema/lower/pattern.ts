/**
 * `pattern` and `patternProperties` keys → what a generated validator checks them with: the
 * pattern in RE2 syntax, run by the runtime's linear-time engine (runtime/generated/linear-pattern.ts).
 *
 * Why not the JavaScript `RegExp`: output validation runs a server's pattern on a server's string,
 * and a backtracking engine gives the server the event loop (`^(a+)+$` on thirty characters takes
 * tens of seconds; `\d+\d+x` is cubic, `a*b` quadratic, so refusing nested quantifiers would not
 * be enough, and a static test of "safe for backtracking" is either unsound or refuses most real
 * patterns). `npm run bench:patterns` measures the price: RE2 is 10–60 times slower per test on
 * ordinary patterns, 1–4 µs, and linear on every pattern. What RE2 cannot do in linear time
 * (lookaround, back-references) is left out of the validator with a warning.
 *
 * Patterns are parsed, measured (pattern-size.ts) and translated here, and a cut-down copy is
 * compiled, all in time linear in the pattern; none is run: the generator does not execute a
 * server's pattern on anything.
 */
import { RegExpParser, type AST } from "@eslint-community/regexpp";
import { RE2JS } from "re2js";
import { toRe2 } from "./pattern-re2.js";
import { programSize, repeatsWithinLimit } from "./pattern-size.js";
import type { CompiledPattern } from "../schema-node.js";

// Which patterns are ECMAScript is decided by regexpp at a fixed edition, not by the engine that
// happens to run the generator, so the same schema gives the same code everywhere. ES2022 is what
// Node 20 and TypeScript both read; later syntax (modifiers, duplicate group names) is left out.
const PARSER = new RegExpParser({ ecmaVersion: 2022 });

/** A pattern a validator can check, or why it cannot (for the warning). */
export type PatternResult =
  | { readonly pattern: CompiledPattern }
  | { readonly problem: string; readonly pattern?: undefined };

/**
 * Reads `text` as JSON Schema means it, an ECMAScript regular expression with unicode semantics.
 * There is no fallback to the legacy syntax: without `u`, Java and PCRE constructs (`\p{Punct}`,
 * `\Z`, `(?i)`) parse as something else (`p{Punct}`, `Z`), so the validator would silently check
 * another pattern.
 */
export function compilePattern(text: string): PatternResult {
  if (groupDepth(text) > MAX_GROUP_DEPTH) return { problem: TOO_DEEP };
  let parsed: AST.Pattern;
  try {
    parsed = PARSER.parsePattern(text, 0, text.length, { unicode: true });
  } catch (error) {
    // regexpp descends recursively: thousands of nested groups overflow the stack.
    if (error instanceof RangeError) return { problem: TOO_DEEP };
    return { problem: "is not an ECMAScript regular expression with the u flag" };
  }
  // Sizes first: they need no translation, which is as long as the program for huge counts.
  if (!repeatsWithinLimit(parsed)) return { problem: BEYOND };
  if (programSize(parsed) > MAX_PROGRAM_SIZE) return { problem: TOO_LARGE };
  const translated = toRe2(parsed);
  if ("refused" in translated)
    return { problem: `uses ${translated.refused}, which cannot be checked in linear time` };
  // Compiling a copy with every count cut to 2 finds what else RE2 refuses (a script name it
  // does not know, a lone surrogate) in time linear in the pattern; the full program could take
  // seconds to build, and its size is known already. Nothing is run.
  const cutDown = toRe2(parsed, 2);
  try {
    if ("source" in cutDown) RE2JS.compile(cutDown.source);
  } catch {
    return { problem: BEYOND };
  }
  return { pattern: { source: translated.source, text } };
}

// Parsing, measuring and RE2 all recurse per group: a fixed bound, rather than wherever the stack
// of the machine at hand runs out, keeps the decision the same everywhere.
const MAX_GROUP_DEPTH = 256;
const TOO_DEEP = `nests groups more than ${MAX_GROUP_DEPTH} deep`;

/** The deepest nesting of groups, by a scan that skips escapes and character classes. */
function groupDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inClass = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\\") i += 1;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") deepest = Math.max(deepest, ++depth);
    else if (c === ")") depth -= 1;
  }
  return deepest;
}

// RE2's work per input character grows with the program: about 40 ns per instruction here
// (bench:patterns), so 2048 instructions bound a check at some 80 µs per character. One
// `.{0,1000}` fits; a server's schema rarely needs more, and `maxLength` says it better.
const MAX_PROGRAM_SIZE = 2048;
const TOO_LARGE = `is larger than ${MAX_PROGRAM_SIZE} instructions of the linear-time engine (counted repetitions add up)`;
const BEYOND =
  "is beyond what the linear-time engine accepts (repetition counts above 1000, Unicode names it does not know)";
