/**
 * Which keys each member of a union of objects must not have. TypeScript admits a value that
 * mixes the members of a union of object types (`{ path, body } | { position, line }` accepts all
 * four keys, as excess keys are checked against the union as a whole), while the validator
 * rejects it. Each closed member therefore says `key?: never` for the keys only the others
 * declare.
 *
 * A member is closed when its schema says `additionalProperties: false` (then in any union: the
 * validator rejects those keys whatever else holds), or when it is closed only for typing
 * (`closeUnstatedObjects`, input types) and the union is a `oneOf`. Not for such a member of an
 * `anyOf`: there the keys may come from a schema beside the union (`required` in one branch,
 * properties declared next to it), and a value matching both branches is valid.
 */
import type { ObjectNode, SchemaNode } from "../schema-node.js";

/** Closed by `closeUnstatedObjects` (see typescript.ts), not by the schema. */
function closedForTyping(node: ObjectNode, closeUnstated: boolean): boolean {
  return closeUnstated && node.additionalUnstated === true && node.properties.length > 0;
}

/**
 * For each union member, the keys to type as `?: never` (empty for most). `objectOf` gives the
 * object a member is typed as (through a reference or refinement), if any.
 */
export function forbiddenKeys(
  members: readonly SchemaNode[],
  exclusive: boolean,
  closeUnstated: boolean,
  objectOf: (node: SchemaNode) => ObjectNode | undefined,
): string[][] {
  const objects = members.map(objectOf);
  if (objects.filter((object) => object !== undefined).length < 2) return members.map(() => []);
  return objects.map((object, i) => {
    if (object === undefined || object.properties.length === 0) return [];
    const closed =
      object.patternProperties.length === 0 &&
      (object.additional.kind === "never" || (exclusive && closedForTyping(object, closeUnstated)));
    if (!closed) return [];
    const own = new Set(object.properties.map((property) => property.name));
    const others = objects.flatMap((other, j) =>
      j === i || other === undefined ? [] : other.properties.map((property) => property.name),
    );
    return [...new Set(others)].filter((name) => !own.has(name));
  });
}
