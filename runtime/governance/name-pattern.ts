/**
 * Tool-name patterns for the client's selection and policy: exact names and `*` globs (as the
 * CLI config's `include`/`exclude` write them), and, for selection, regular expressions. The
 * names are the server's choice, so every match runs in time linear in the name: the glob walk
 * below never backtracks more than one star, and a `RegExp` runs on the RE2 engine (re2js, as
 * generated validators' patterns do) rather than on `RegExp`'s backtracking one.
 */
import { localError } from "../protocol/index.js";

/** An exact name, a glob where `*` matches any run of characters (also none), or a RegExp. */
export type NamePattern = string | RegExp;

/** A compiled pattern: does it match the whole name (globs) or some of it (a RegExp's test)? */
export type NameMatcher = (name: string) => boolean;

/**
 * Whether `name` matches `glob` as a whole, case-sensitively. Hand-written rather than a glob
 * library, which would compile to a backtracking regex (`^.*a.*a.*a.*b$` on a long server-chosen
 * name takes time polynomial in its length, one power per star). Only the last star's position
 * is kept, so the walk takes at most (name length × glob length) steps whatever the name. The
 * CLI's config `include`/`exclude` use it too (through runtime/internal).
 */
export function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (glob[g] === "*") {
      star = g++;
      resume = n;
    } else if (g < glob.length && glob[g] === name[n]) {
      g++;
      n++;
    } else if (star >= 0) {
      // The last star takes one more character; what follows it is matched again from there.
      g = star + 1;
      n = ++resume;
    } else return false;
  }
  while (glob[g] === "*") g++;
  return g === glob.length;
}

/** A matcher for string patterns only (exact names and globs), compiled synchronously. */
export function globMatcher(patterns: readonly string[], where: string): NameMatcher {
  for (const pattern of patterns) {
    if (typeof pattern !== "string") {
      throw localError(
        "input",
        `${where} takes tool names and "*" globs, got ${describePattern(pattern)}`,
      );
    }
  }
  return (name) => patterns.some((pattern) => globMatches(pattern, name));
}

/**
 * A matcher for names, globs and regular expressions. A RegExp is compiled here on the RE2
 * engine, loaded only when one is given, so a bad one fails at `connect()`, not on first use.
 * @throws McpError of kind `input` for a pattern that is neither, or a RegExp RE2 cannot run.
 */
export async function namePatternMatcher(
  patterns: readonly NamePattern[],
  where: string,
): Promise<NameMatcher> {
  const globs: string[] = [];
  const expressions: RegExp[] = [];
  for (const pattern of patterns) {
    if (typeof pattern === "string") globs.push(pattern);
    else if (pattern instanceof RegExp) expressions.push(pattern);
    else {
      throw localError(
        "input",
        `${where} takes tool names, "*" globs and RegExps, got ${describePattern(pattern)}`,
      );
    }
  }
  const tests = expressions.length === 0 ? [] : await compileLinear(expressions, where);
  return (name) =>
    globs.some((glob) => globMatches(glob, name)) || tests.some((matches) => matches(name));
}

/** Flags RE2 takes inline; `g`, `y` and `d` change nothing for a one-off test, `u` is its default. */
const INLINE_FLAGS: Readonly<Record<string, string>> = { i: "i", m: "m", s: "s" };
const IGNORED_FLAGS = new Set(["g", "y", "d", "u"]);

async function compileLinear(
  expressions: readonly RegExp[],
  where: string,
): Promise<NameMatcher[]> {
  // The engine itself, not generated/linear-pattern.js: the runtime's entry re-exports that
  // module for generated validators, and once a dynamic import kept its exports alive, esbuild
  // put it (and the engine's 150 KB) in the initial load of every app, patterns or none.
  const { RE2JS } = await import("re2js");
  return expressions.map((expression) => {
    const flags = [...expression.flags].filter((flag) => !IGNORED_FLAGS.has(flag));
    const unknown = flags.find((flag) => INLINE_FLAGS[flag] === undefined);
    if (unknown !== undefined) {
      throw localError(
        "input",
        `${where}: ${String(expression)} uses the "${unknown}" flag, which tool-name patterns do not support; use a pattern without it`,
      );
    }
    const inline = flags.length === 0 ? "" : `(?${flags.join("")})`;
    try {
      // Compiled now, so a bad pattern fails at connect().
      const compiled = RE2JS.compile(`${inline}${expression.source}`);
      return (name: string) => compiled.test(name);
    } catch (error) {
      throw localError(
        "input",
        `${where}: ${String(expression)} cannot run in linear time (lookaround and backreferences are not supported); rewrite it without them or use a "*" glob`,
        {},
        error,
      );
    }
  });
}

function describePattern(pattern: unknown): string {
  return pattern === null ? "null" : `a ${typeof pattern}`;
}
