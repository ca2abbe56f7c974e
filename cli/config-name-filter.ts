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
  const include = filter.include?.map(globToRegExp);
  const exclude = (filter.exclude ?? []).map(globToRegExp);
  return (name) =>
    (include === undefined || include.some((pattern) => pattern.test(name))) &&
    !exclude.some((pattern) => pattern.test(name));
}

/**
 * The patterns that match none of `names`, in their given order: an `include`, `exclude` or
 * `rename` entry that matches nothing is usually a typo, which the caller should report.
 */
export function findUnmatchedPatterns(
  patterns: readonly string[],
  names: readonly string[],
): string[] {
  return patterns.filter((pattern) => {
    const regExp = globToRegExp(pattern);
    return !names.some((name) => regExp.test(name));
  });
}

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s");
}
