/**
 * A server's `include` and `exclude` name patterns: which tools, prompts and resource templates
 * get generated. Patterns are simple globs, because names are plain strings and users write
 * `get_*`, not regular expressions.
 */

/**
 * A matcher for a server's `include`/`exclude`: a name is kept when it matches an `include`
 * pattern (or there is no `include`) and no `exclude` pattern. `*` matches any run of
 * characters (also none); every other character matches itself, case-sensitively.
 */
export function createNameFilter(filter: {
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
}): (name: string) => boolean {
  const { include, exclude = [] } = filter;
  return (name) =>
    (include === undefined || include.some((pattern) => globMatches(pattern, name))) &&
    !exclude.some((pattern) => globMatches(pattern, name));
}

/**
 * The patterns that match none of `names`, in their given order: an `include`, `exclude` or
 * `rename` entry that matches nothing is usually a typo, which the caller should report.
 */
export function findUnmatchedPatterns(
  patterns: readonly string[],
  names: readonly string[],
): string[] {
  return patterns.filter((pattern) => !names.some((name) => globMatches(pattern, name)));
}

/**
 * Whether `name` matches `glob` as a whole. Hand-written rather than a glob library, which would
 * compile to a backtracking regex: `^.*a.*a.*a.*b$` on a long server-chosen name takes time
 * polynomial in its length with one power per star. This walk keeps only the last star's
 * position, so it takes at most (name length × glob length) steps.
 */
export function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  // Where the last star was, and the name position it currently stands for up to.
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
      // Let the last star take one more character and retry what follows it.
      g = star + 1;
      n = ++resume;
    } else return false;
  }
  while (glob[g] === "*") g++;
  return g === glob.length;
}
