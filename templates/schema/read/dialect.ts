/**
 * Which JSON Schema dialect a document is written in. MCP says: no `$schema` means 2020-12; a
 * server may name another dialect; an unsupported one must fail with an error that says so.
 */
import { SchemaError, describeText } from "../schema-error.js";
import type { Dialect } from "../schema-node.js";

const DIALECTS: ReadonlyMap<string, Dialect> = new Map([
  ["json-schema.org/draft/2020-12/schema", "2020-12"],
  ["json-schema.org/draft/2019-09/schema", "2019-09"],
  ["json-schema.org/draft-07/schema", "draft-07"],
  ["json-schema.org/draft-06/schema", "draft-06"],
  ["json-schema.org/draft-04/schema", "draft-04"],
]);

/** The dialects `detectDialect` accepts, newest first, for messages and documentation. */
export const SUPPORTED_DIALECTS: readonly Dialect[] = [...DIALECTS.values()];

/**
 * Reads `$schema` at `pointer`: absent means 2020-12. The http and https spellings, with or
 * without the empty fragment, are accepted; anything else throws a `SchemaError`.
 */
export function detectDialect(schemaKeyword: unknown, pointer: string): Dialect {
  if (schemaKeyword === undefined) return "2020-12";
  if (typeof schemaKeyword !== "string") {
    throw new SchemaError(pointer, "$schema must be a string naming a JSON Schema dialect");
  }
  const key = schemaKeyword
    .trim()
    .replace(/^https?:\/\//, "")
    .replace(/#$/, "");
  const dialect = DIALECTS.get(key);
  if (dialect === undefined) {
    throw new SchemaError(
      pointer,
      `unsupported JSON Schema dialect ${describeText(schemaKeyword)}; supported: ${SUPPORTED_DIALECTS.join(", ")}`,
    );
  }
  return dialect;
}

/** Whether `$ref` makes its sibling keywords ignored, as in draft-07 and earlier. */
export function refHidesSiblings(dialect: Dialect): boolean {
  return dialect === "draft-07" || dialect === "draft-06" || dialect === "draft-04";
}

/** The keyword that names a schema resource: `id` in draft-04, `$id` after. */
export function idKeyword(dialect: Dialect): "id" | "$id" {
  return dialect === "draft-04" ? "id" : "$id";
}
