/**
 * A tool's schema with the text a model reads (`title`, `description`) made as `allTools` makes
 * it (`textForModel`: invisible characters removed, length capped), so the property docs in
 * api.d.ts say exactly what a reviewer of the server's text sees. Values that are data rather
 * than prose (`const`, `enum`, `default`, `examples`) are kept as they are: they shape types.
 */
import { textForModel, TITLE_MAX_BYTES } from "@mcp-codegen/runtime/internal";

const DATA_KEYWORDS: ReadonlySet<string> = new Set(["const", "enum", "default", "examples"]);

/** A copy of `schema` with every schema's `title` and `description` sanitised for a model. */
export function schemaForModel(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaForModel);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    let next: unknown;
    if (DATA_KEYWORDS.has(key)) next = value;
    else if (key === "description" && typeof value === "string") next = textForModel(value);
    else if (key === "title" && typeof value === "string")
      next = textForModel(value, { singleLine: true, maxBytes: TITLE_MAX_BYTES });
    else next = schemaForModel(value);
    // defineProperty: a key named `__proto__` stays a plain key of the copy.
    Object.defineProperty(copy, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
