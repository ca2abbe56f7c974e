/**
 * `x-mcp-header`: tool arguments a server asks to see mirrored into `Mcp-Param-{Name}` HTTP
 * headers. `findMcpParamHeaders` validates a tool's `inputSchema` once (a tool with a bad
 * annotation must be dropped from the tool list on HTTP); `buildMcpParamHeaders` turns one
 * call's arguments into headers. Runtime-neutral and pure.
 */
import { localError } from "../protocol/index.js";
import { encodeHeaderValue } from "../protocol/index.js";
import { SUBSCHEMA_KEYWORDS } from "../basics/index.js";

/** The JSON Schema types an annotated property may have (`number` is forbidden by the spec). */
export type McpParamType = "string" | "integer" | "boolean";

/** One annotated argument: header `Mcp-Param-{name}` carries the value at `path`. */
export interface McpParamHeader {
  /** The annotation's value, e.g. `Region` for the header `Mcp-Param-Region`. */
  name: string;
  /** The chain of `properties` keys from the schema root to the argument. */
  path: string[];
  type: McpParamType;
}

/** The annotated arguments of a valid schema, or why the tool must be rejected. */
export type McpParamHeadersResult =
  { ok: true; headers: McpParamHeader[] } | { ok: false; reason: string };

/** How far the walk goes before it gives up on a schema (hostile or absurd ones). */
export const MCP_PARAM_SCHEMA_LIMITS = { maxDepth: 64, maxSubschemas: 10_000 } as const;

const ANNOTATION = "x-mcp-header";

// RFC 9110 token: 1*tchar. Control characters are outside tchar, so this also rejects CR/LF.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const PRIMITIVE_TYPES: ReadonlySet<string> = new Set(["string", "integer", "boolean"]);

// Annotations under any subschema keyword but `properties` (walked first, for the path) are
// unreachable; draft-07 `dependencies` lists of names are skipped as they are not objects.
const SINGLE = [...SUBSCHEMA_KEYWORDS.single, ...SUBSCHEMA_KEYWORDS.singleOrList];
const LISTS = [...SUBSCHEMA_KEYWORDS.lists, ...SUBSCHEMA_KEYWORDS.singleOrList];
const MAPS = [
  ...SUBSCHEMA_KEYWORDS.maps.filter((keyword) => keyword !== "properties"),
  ...SUBSCHEMA_KEYWORDS.mixedMaps,
];

interface Visit {
  schema: Record<string, unknown>;
  /** The `properties` chain when statically reachable; undefined once the walk left it. */
  path: string[] | undefined;
  pointer: string;
  depth: number;
}

/**
 * Finds and validates every `x-mcp-header` annotation in a tool's `inputSchema`.
 *
 * Valid annotations: a non-empty RFC 9110 token, unique among the schema's annotations ignoring
 * case, on a property whose schema has an explicit `type` of `string`, `integer` or `boolean`
 * (not `number`, not a type array), reached from the root through `properties` keys only.
 * One annotation anywhere else (the root, `items`, `anyOf`/`oneOf`/`allOf`/`not`,
 * `if`/`then`/`else`, `$defs`, `additionalProperties`, …) makes the whole tool invalid; `$ref`
 * is never followed, so an annotation behind one sits in `$defs` and is rejected there.
 * Values under data keywords (`const`, `default`, `enum`, `examples`) are not schemas and are
 * not searched.
 *
 * Never throws. A schema deeper than `MCP_PARAM_SCHEMA_LIMITS.maxDepth` or with more than
 * `maxSubschemas` subschemas is rejected rather than walked, so a hostile schema costs little.
 * Headers come back in schema order (properties in key order, depth first).
 */
export function findMcpParamHeaders(inputSchema: unknown): McpParamHeadersResult {
  if (!isSchemaObject(inputSchema)) return { ok: true, headers: [] };
  const headers: McpParamHeader[] = [];
  const seen = new Set<string>();
  const stack: Visit[] = [{ schema: inputSchema, path: [], pointer: "", depth: 0 }];
  let visited = 0;
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    if (++visited > MCP_PARAM_SCHEMA_LIMITS.maxSubschemas) {
      return fail(`has more than ${MCP_PARAM_SCHEMA_LIMITS.maxSubschemas} subschemas`);
    }
    if (visit.depth > MCP_PARAM_SCHEMA_LIMITS.maxDepth) {
      return fail(`nests deeper than ${MCP_PARAM_SCHEMA_LIMITS.maxDepth} levels`);
    }
    if (Object.hasOwn(visit.schema, ANNOTATION)) {
      const found = checkAnnotation(visit, seen);
      if (typeof found === "string") return { ok: false, reason: found };
      headers.push(found);
    }
    pushChildren(visit, stack);
  }
  return { ok: true, headers };
}

function fail(what: string): McpParamHeadersResult {
  return { ok: false, reason: `inputSchema ${what}; x-mcp-header annotations cannot be checked` };
}

/** The header for an annotated property, or why the annotation is invalid. */
function checkAnnotation(visit: Visit, seen: Set<string>): McpParamHeader | string {
  const { schema, path, pointer } = visit;
  const name = schema[ANNOTATION];
  const where = `x-mcp-header at ${JSON.stringify(pointer === "" ? "/" : pointer)}`;
  if (typeof name !== "string" || name === "") return `${where} is not a non-empty string`;
  if (!TOKEN.test(name)) {
    return `${where} (${JSON.stringify(name)}) is not an HTTP token (letters, digits, !#$%&'*+-.^_\`|~)`;
  }
  if (path === undefined || path.length === 0) {
    return `${where} is not on a property reachable from the root through "properties" alone`;
  }
  const type = schema.type;
  if (typeof type !== "string" || !PRIMITIVE_TYPES.has(type)) {
    return `${where} is on a property whose type is ${type === undefined ? "missing" : JSON.stringify(type)}, not "string", "integer" or "boolean"`;
  }
  const key = name.toLowerCase();
  if (seen.has(key)) return `${where} repeats the header name ${JSON.stringify(name)}`;
  seen.add(key);
  return { name, path, type: type as McpParamType };
}

/** Queues every subschema, in reverse so the stack pops them in document order. */
function pushChildren(visit: Visit, stack: Visit[]): void {
  const children: Visit[] = [];
  const { schema, pointer } = visit;
  const depth = visit.depth + 1;
  // `segment` is already a JSON Pointer fragment (keys escaped), for error messages.
  const add = (child: unknown, segment: string, path: string[] | undefined): void => {
    if (isSchemaObject(child)) {
      children.push({ schema: child, path, pointer: `${pointer}/${segment}`, depth });
    }
  };
  const properties = schema.properties;
  if (isSchemaObject(properties)) {
    for (const key of Object.keys(properties)) {
      const path = visit.path === undefined ? undefined : [...visit.path, key];
      add(properties[key], `properties/${escapePointer(key)}`, path);
    }
  }
  for (const keyword of SINGLE) add(schema[keyword], keyword, undefined);
  for (const keyword of LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((item, i) => add(item, `${keyword}/${i}`, undefined));
  }
  for (const keyword of MAPS) {
    const map = schema[keyword];
    if (!isSchemaObject(map)) continue;
    for (const key of Object.keys(map)) {
      add(map[key], `${keyword}/${escapePointer(key)}`, undefined);
    }
  }
  for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Visit);
}

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The `Mcp-Param-{Name}` headers for one call's arguments.
 *
 * Reads each value at its exact path (own properties of plain objects only, so `__proto__`
 * and inherited keys are never read); an absent or `null` value, or a path that runs through a
 * non-object, omits the header. Values are encoded with `encodeHeaderValue`.
 *
 * @throws McpError of kind `input` when a present value does not have the declared type, or is
 *   an integer outside the JavaScript safe range.
 */
export function buildMcpParamHeaders(
  headers: readonly McpParamHeader[],
  args: unknown,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const header of headers) {
    const value = valueAt(args, header.path);
    if (value === undefined || value === null) continue;
    if (!hasType(value, header.type)) {
      throw localError(
        "input",
        `argument ${JSON.stringify(header.path.join("."))} (header Mcp-Param-${header.name}) must be ${describeType(header.type)}, got ${describeValue(value)}`,
      );
    }
    result[`Mcp-Param-${header.name}`] = encodeHeaderValue(value);
  }
  return result;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (!isSchemaObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

function hasType(value: unknown, type: McpParamType): value is string | number | boolean {
  if (type === "integer") return Number.isSafeInteger(value);
  return typeof value === type;
}

function describeType(type: McpParamType): string {
  return type === "integer" ? "an integer within ±(2^53−1)" : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (typeof value === "number") return `the number ${value}`;
  return Array.isArray(value) ? "an array" : typeof value;
}
