/**
 * A `SKILL.md`'s YAML frontmatter, parsed and compared field by field with the entry's (spec
 * "Frontmatter Verification"): what a user approved from the entry must be what the model gets.
 * The YAML parser (`yaml`: no dependencies, runs in browsers and Workers) is imported on first
 * use, so an application that never loads a skill does not bundle it into its entry chunk.
 */

/** The frontmatter block: a first line `---`, the YAML, a line `---` (a BOM before it is allowed). */
const FRONTMATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * The frontmatter of `text` as a JSON object, or a sentence saying why there is none: no leading
 * `---` block, YAML that does not parse (aliases are capped, duplicate keys refused), or YAML
 * whose top level is not a mapping.
 */
export async function parseFrontmatter(
  text: string,
): Promise<{ fields: Record<string, unknown> } | { problem: string }> {
  const match = FRONTMATTER.exec(text.startsWith("\uFEFF") ? text.slice(1) : text);
  if (match === null) return { problem: "it has no --- delimited YAML frontmatter" };
  const { parse } = await import("yaml");
  let fields: unknown;
  try {
    // The core schema: no timestamps or other types JSON cannot hold, as the entry is JSON.
    fields = parse(match[1] ?? "", { schema: "core", maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    return { problem: `its frontmatter is not valid YAML (${(error as Error).message})` };
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
    return { problem: "its frontmatter is not a YAML mapping" };
  }
  return { fields: fields as Record<string, unknown> };
}

/**
 * The fields whose values differ between the file's frontmatter and the entry's, sorted: a field
 * present in one and absent from the other differs, and values compare as JSON (key order in
 * mappings does not matter, order in lists does).
 */
export function differingFields(
  file: Record<string, unknown>,
  entry: Record<string, unknown>,
): string[] {
  const names = new Set([...Object.keys(file), ...Object.keys(entry)]);
  return [...names]
    .filter(
      (name) =>
        !(Object.hasOwn(file, name) && Object.hasOwn(entry, name)) ||
        !sameJson(file[name], entry[name]),
    )
    .sort();
}

/** Structural equality of two JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}
