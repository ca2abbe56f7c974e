/**
 * The one table of JSON Schema keywords whose values are subschemas (2020-12 plus the draft-07
 * spellings servers still emit). The runtime's `x-mcp-header` walk, the generator's scanner and
 * the CLI's drift comparison all read schemas through it, so a keyword one of them knows to be a
 * schema the others know too. Lists are in the order the scanner visits them (which orders its
 * diagnostics).
 */
export const SUBSCHEMA_KEYWORDS = {
  /** The value is one subschema. */
  single: [
    "additionalProperties",
    "additionalItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
  ],
  /** The value maps names to subschemas. */
  maps: ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"],
  /** The value is a list of subschemas. */
  lists: ["allOf", "anyOf", "oneOf", "prefixItems"],
  /** `items`: one subschema (2020-12), or a list of them (draft-07 tuples). */
  singleOrList: ["items"],
  /** draft-07 `dependencies`: a map whose values are subschemas or lists of property names. */
  mixedMaps: ["dependencies"],
} as const;
