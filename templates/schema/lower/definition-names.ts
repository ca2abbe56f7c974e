/**
 * Names for `$ref` targets. A definition is named by the caller's prefix plus a suffix made from
 * where it sits (`#/$defs/tree-node` → `TreeNode`). Keys are untrusted, so a suffix keeps only
 * ASCII letters and digits: it can never form anything but part of an identifier. Suffixes are
 * unique within one schema, numbered in first-use order, so the same schema always gives the same
 * names.
 */
import { parsePointer } from "../schema-error.js";

const MAX_SUFFIX = 48;

// Keys that say where a schema sits rather than what it is; a suffix names the key before them too.
const POSITIONAL = new Set([
  "items",
  "prefixItems",
  "additionalProperties",
  "additionalItems",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "allOf",
  "anyOf",
  "oneOf",
]);

/** Creates a namer; call it once per definition, root excluded, in a deterministic order. */
export function createDefinitionNamer(): (pointer: string) => string {
  const used = new Set<string>([""]);
  return (pointer) => {
    const base = suffixFor(pointer);
    let suffix = base;
    for (let n = 2; used.has(suffix); n += 1) suffix = `${base}${n}`;
    used.add(suffix);
    return suffix;
  };
}

/** The unnumbered suffix for a pointer: PascalCase of its last meaningful key(s), or `Def`. */
export function suffixFor(pointer: string): string {
  const keys = parsePointer(pointer) ?? [];
  const last = keys[keys.length - 1];
  if (last === undefined) return "Def";
  const before = keys[keys.length - 2];
  const positional = /^[0-9]+$/.test(last) || POSITIONAL.has(last);
  const words = positional && before !== undefined ? `${before} ${last}` : last;
  const suffix = pascalCase(words).slice(0, MAX_SUFFIX);
  return suffix === "" ? "Def" : suffix;
}

/** `tree-node.v2` → `TreeNodeV2`: ASCII words, each capitalised, everything else dropped. */
export function pascalCase(text: string): string {
  return (text.match(/[A-Za-z0-9]+/g) ?? [])
    .map((word) => (word[0] ?? "").toUpperCase() + word.slice(1))
    .join("");
}
