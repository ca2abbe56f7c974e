/**
 * Building unions and intersections of schema nodes with the simplifications every reader of
 * the tree would otherwise repeat: `unknown` is the identity of an intersection and absorbs an
 * inclusive union, `never` the reverse, and nested combinations of the same kind are flattened.
 */
import { NEVER, UNKNOWN, type SchemaNode } from "../schema-node.js";

/** All of `members` (JSON Schema `allOf`, or keywords side by side). */
export function intersect(members: readonly SchemaNode[]): SchemaNode {
  const flat: SchemaNode[] = [];
  for (const member of members) {
    if (member.kind === "never") return NEVER;
    if (member.kind === "unknown") continue;
    if (member.kind === "intersection") flat.push(...member.members);
    else flat.push(member);
  }
  if (flat.length === 0) return UNKNOWN;
  if (flat.length === 1) return flat[0] as SchemaNode;
  return { kind: "intersection", members: flat };
}

/**
 * Any of `members` (`anyOf`, type arrays), or exactly one of them (`oneOf`, `exclusive`). An
 * exclusive union keeps `unknown` members: `oneOf: [true, S]` means "not S", which validators
 * can still check.
 */
export function unite(members: readonly SchemaNode[], exclusive: boolean): SchemaNode {
  const flat: SchemaNode[] = [];
  for (const member of members) {
    if (member.kind === "never") continue;
    if (!exclusive && member.kind === "unknown") return UNKNOWN;
    if (!exclusive && member.kind === "union" && !member.exclusive) flat.push(...member.members);
    else flat.push(member);
  }
  if (flat.length === 0) return NEVER;
  if (flat.length === 1) return flat[0] as SchemaNode;
  return { kind: "union", members: flat, exclusive };
}
