/**
 * Bounds the unions TypeScript expands. An intersection of unions is distributed by the compiler
 * into one union of every combination (`(A | B) & (C | D)` is `A & C | A & D | B & C | B & D`),
 * so `allOf` over n two-branch `anyOf`s is 2^n members; at 100,000 the compiler gives up with
 * TS2590 ("union type that is too complex to represent"), and long before that every file that
 * uses the type pays for it. An intersection that would expand past `MAX_EXPANDED_UNION` keeps
 * only its members that are not unions in the type (wider, never wrong); the validator still
 * checks every member, and a warning names the schema.
 */
import type { SchemaDiagnostic } from "../schema-error.js";
import type {
  IntersectionNode,
  RefinedNode,
  RefinementRule,
  SchemaDefinition,
  SchemaNode,
} from "../schema-node.js";

/**
 * The most members an expanded intersection may have. Measured with tsc on this generator's
 * output: 2^10 object members cost about a second of checking, 2^16 six seconds and 250 MB, and
 * TypeScript refuses 100,000. Real schemas stay far below (an `enum` of a few hundred currencies
 * intersected with `string` is a few hundred); hostile ones are cut off here.
 */
export const MAX_EXPANDED_UNION = 1024;

interface Bounded {
  readonly node: SchemaNode;
  /** How many members TypeScript makes of the node's type once unions are distributed. */
  readonly size: number;
}

/**
 * Returns the definitions' nodes with every oversized intersection narrowed in its type
 * (`typeMembers`), and one warning per narrowed intersection.
 */
export function boundUnions(definitions: readonly SchemaDefinition[]): {
  nodes: SchemaNode[];
  diagnostics: SchemaDiagnostic[];
} {
  const diagnostics: SchemaDiagnostic[] = [];
  const results = new Map<number, Bounded>();
  const pending = new Set<number>();

  const definition = (index: number): Bounded => {
    const known = results.get(index);
    if (known !== undefined) return known;
    const target = definitions[index];
    // A reference back into a definition being sized is a recursive type: TypeScript keeps it
    // named (not expanded) there, so it counts as one member.
    if (target === undefined || pending.has(index)) return { node: { kind: "unknown" }, size: 1 };
    pending.add(index);
    const result = bound(target.node, target.pointer);
    pending.delete(index);
    results.set(index, result);
    return result;
  };

  // A node none of whose parts changed is returned as it is: most schemas have no oversized
  // intersection, and copying every node of every tool's tree was most of this pass's cost.
  const bound = (node: SchemaNode, pointer: string): Bounded => {
    switch (node.kind) {
      case "boolean":
        return { node, size: 2 };
      case "literal":
        return { node, size: Math.max(node.values.length, 1) };
      case "ref":
        return { node, size: definition(node.index).size };
      case "union": {
        let size = 0;
        const members = mapSame(node.members, (member) => {
          const result = bound(member, pointer);
          size += result.size;
          return result.node;
        });
        return { node: members === node.members ? node : { ...node, members }, size };
      }
      case "intersection":
        return intersection(node, node.pointer ?? pointer);
      case "refined":
        return refined(node, pointer);
      case "array": {
        const prefix = mapSame(node.prefix, (element) => bound(element, pointer).node);
        const rest = bound(node.rest, pointer).node;
        const same = prefix === node.prefix && rest === node.rest;
        return { node: same ? node : { ...node, prefix, rest }, size: 1 };
      }
      case "object": {
        const properties = mapSame(node.properties, (property) => {
          const child = bound(property.node, pointer).node;
          return child === property.node ? property : { ...property, node: child };
        });
        const patternProperties = mapSame(node.patternProperties, (entry) => {
          const child = bound(entry.node, pointer).node;
          return child === entry.node ? entry : { ...entry, node: child };
        });
        const additional = bound(node.additional, pointer).node;
        const same =
          properties === node.properties &&
          patternProperties === node.patternProperties &&
          additional === node.additional;
        return {
          node: same ? node : { ...node, properties, patternProperties, additional },
          size: 1,
        };
      }
      default:
        return { node, size: 1 };
    }
  };

  const refined = (node: RefinedNode, pointer: string): Bounded => {
    const inner = bound(node.base, pointer);
    const sub = (child: SchemaNode): SchemaNode => bound(child, pointer).node;
    const rules = mapSame(node.rules, (rule): RefinementRule => {
      if (rule.kind === "not") {
        const child = sub(rule.node);
        return child === rule.node ? rule : { kind: "not", node: child };
      }
      const [condition, then, otherwise] = [sub(rule.if), sub(rule.then), sub(rule.else)];
      return condition === rule.if && then === rule.then && otherwise === rule.else
        ? rule
        : { kind: "if", if: condition, then, else: otherwise };
    });
    const same = inner.node === node.base && rules === node.rules;
    return {
      node: same ? node : { kind: "refined", base: inner.node, rules },
      size: inner.size,
    };
  };

  const intersection = (node: IntersectionNode, pointer: string): Bounded => {
    const members = node.members.map((member) => bound(member, pointer));
    const size = members.reduce((product, member) => product * member.size, 1);
    const nodes = mapSame(node.members, (_, i) => members[i]!.node);
    const rebuilt: IntersectionNode = nodes === node.members ? node : { ...node, members: nodes };
    if (size <= MAX_EXPANDED_UNION) return { node: rebuilt, size };
    diagnostics.push({
      pointer,
      level: "warning",
      message: `the type of this schema would be a union of ${size > 1e9 ? "more than 10^9" : size} members (its anyOf/oneOf combined through allOf), more than ${MAX_EXPANDED_UNION}; the type leaves the unions out, the validator checks them`,
    });
    const typeMembers = members.filter((member) => member.size <= 1).map((member) => member.node);
    return { node: { ...rebuilt, typeMembers }, size: 1 };
  };

  const nodes = definitions.map((_, index) => definition(index).node);
  return { nodes, diagnostics };
}

/**
 * `items.map(change)`, but `items` itself when every item maps to itself (compared with `===`):
 * an unchanged tree is shared, not copied.
 */
function mapSame<T>(items: readonly T[], change: (item: T, index: number) => T): readonly T[] {
  let changed: T[] | undefined;
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as T;
    const next = change(item, i);
    if (changed === undefined && next !== item) changed = items.slice(0, i);
    changed?.push(next);
  }
  return changed ?? items;
}
