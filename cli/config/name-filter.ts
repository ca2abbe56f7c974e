/**
 * A server's `include` and `exclude` name patterns: which tools, prompts and resource templates
 * get generated. Patterns are simple globs, because names are plain strings and users write
 * `get_*`, not regular expressions. The matching is the runtime's own (its governance selection
 * reads the same globs), linear in the name whatever the pattern.
 */
import { globMatches } from "@mcp-codegen/runtime/internal";

export { globMatches };

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
