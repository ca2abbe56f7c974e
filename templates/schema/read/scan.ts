/**
 * The first pass over a schema document: checks that every subschema is a schema, enforces the
 * bounds, and indexes what `$ref` can name (resources by `$id`, `$anchor`s, every subschema by
 * JSON pointer) and every reference to resolve. Nothing is resolved or converted here.
 */
import { SUBSCHEMA_KEYWORDS } from "@mcp-codegen/runtime/internal";
import type { Budget } from "./bounds.js";
import { idKeyword } from "./dialect.js";
import { isPlainObject, own, type RawObject } from "./json-value.js";
import {
  SchemaError,
  appendPointer,
  describeText,
  isLocalSchemaError,
  type SchemaDiagnostic,
} from "../schema-error.js";
import type { Dialect } from "../schema-node.js";

/** A subschema found in the document. */
export interface ScannedSchema {
  readonly raw: boolean | RawObject;
  /** Absolute URI (without fragment) of the resource it belongs to; refs resolve against it. */
  readonly base: string;
  /** Nesting level in the document, for the depth bound of values read later. */
  readonly depth: number;
  /** Why the subschema was set aside (then `raw` is `true`): it could not be read as a schema. */
  readonly setAside?: string;
}

/** A `$ref` (or `$dynamicRef`, `$recursiveRef`) waiting to be resolved. */
export interface PendingRef {
  /** Pointer of the schema that holds the reference. */
  readonly pointer: string;
  readonly keyword: "$ref" | "$dynamicRef" | "$recursiveRef";
  readonly ref: string;
  readonly base: string;
}

/** Everything the first pass learnt. */
export interface SchemaIndex {
  readonly dialect: Dialect;
  readonly document: unknown;
  readonly schemas: Map<string, ScannedSchema>;
  /** Absolute resource URI → pointer of the schema that declared it. */
  readonly resources: Map<string, string>;
  /** `${resource URI}#${anchor}` → pointer. */
  readonly anchors: Map<string, string>;
  readonly refs: PendingRef[];
  readonly diagnostics: SchemaDiagnostic[];
  readonly budget: Budget;
}

/** The base URI of a document without an absolute `$id`; nothing is ever fetched from it. */
export const DEFAULT_BASE = "https://mcp-codegen.invalid/schema.json";

const { single: SINGLE, maps: MAPS, lists: ARRAYS } = SUBSCHEMA_KEYWORDS;
const REF_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

/** Creates the index and scans the whole document from its root. */
export function scanDocument(document: unknown, dialect: Dialect, budget: Budget): SchemaIndex {
  const index: SchemaIndex = {
    dialect,
    document,
    schemas: new Map(),
    resources: new Map([[DEFAULT_BASE, ""]]),
    anchors: new Map(),
    refs: [],
    diagnostics: [],
    budget,
  };
  scanSchema(index, document, "", DEFAULT_BASE, 0);
  return index;
}

/**
 * Scans the schema `value` at `pointer` and everything under it. Also used for a `$ref` target
 * found at a place the first pass did not visit (inside an unknown keyword).
 */
export function scanSchema(
  index: SchemaIndex,
  value: unknown,
  pointer: string,
  base: string,
  depth: number,
): void {
  index.budget.subschema(pointer);
  try {
    scanOne(index, value, pointer, base, depth);
  } catch (error) {
    // A problem inside this subschema (not a bound on the whole document) sets only this
    // subschema aside: it is read as `true`, what every value satisfies, and the rest is typed.
    if (!isLocalSchemaError(error)) throw error;
    index.diagnostics.push(setAside(error));
    index.schemas.set(pointer, { raw: true, base, depth, setAside: error.reason });
  }
}

/** The warning for a subschema read as `{}` because of `error`. */
export function setAside(error: SchemaError): SchemaDiagnostic {
  return {
    pointer: error.pointer,
    message: `${error.reason}; typed as unknown`,
    level: "warning",
  };
}

function scanOne(
  index: SchemaIndex,
  value: unknown,
  pointer: string,
  base: string,
  depth: number,
): void {
  const { budget } = index;
  budget.depth(depth, pointer);
  if (typeof value === "boolean") {
    index.schemas.set(pointer, { raw: value, base, depth });
    return;
  }
  if (!isPlainObject(value)) {
    throw new SchemaError(
      pointer,
      `a schema must be an object or a boolean, not ${describeKind(value)}`,
    );
  }
  for (const key of Object.keys(value)) budget.key(key, pointer);
  const ownBase = registerIdentifiers(index, value, pointer, base);
  index.schemas.set(pointer, { raw: value, base: ownBase, depth });
  collectRefs(index, value, pointer, ownBase);
  scanChildren(index, value, pointer, ownBase, depth);
}

/**
 * Every keyword whose value holds subschemas, in the order they are scanned (which fixes the
 * order of the index, of diagnostics, and which subschema a bound stops at), with its shape.
 */
const CHILD_KEYWORDS: ReadonlyMap<string, { rank: number; shape: ChildShape }> = new Map(
  [
    ...SINGLE.map((keyword) => [keyword, "single"] as const),
    ...MAPS.map((keyword) => [keyword, "map"] as const),
    ...ARRAYS.map((keyword) => [keyword, "list"] as const),
    ["items", "items"] as const,
    ["dependencies", "mixed map"] as const,
  ].map(([keyword, shape], rank) => [keyword, { rank, shape }]),
);

type ChildShape = "single" | "map" | "list" | "items" | "mixed map";

function scanChildren(
  index: SchemaIndex,
  value: RawObject,
  pointer: string,
  base: string,
  depth: number,
): void {
  // Driven by the schema's own keys (a handful) rather than by the twenty-two keywords: most
  // subschemas are leaves with none of them.
  let found: string[] | undefined;
  for (const key of Object.getOwnPropertyNames(value)) {
    if (CHILD_KEYWORDS.has(key)) (found ??= []).push(key);
  }
  if (found === undefined) return;
  if (found.length > 1) found.sort((a, b) => rankOf(a) - rankOf(b));
  for (const keyword of found) {
    const child = value[keyword];
    const at = appendPointer(pointer, keyword);
    switch (CHILD_KEYWORDS.get(keyword)?.shape) {
      case "single":
        scanSchema(index, child, at, base, depth + 1);
        break;
      case "map":
        scanMap(index, child, at, base, depth + 1, false);
        break;
      case "list":
        scanArray(index, child, at, base, depth + 1);
        break;
      case "items":
        if (Array.isArray(child)) scanArray(index, child, at, base, depth + 1);
        else if (child !== undefined) scanSchema(index, child, at, base, depth + 1);
        break;
      case "mixed map":
        // draft-07 `dependencies` mixes schemas and lists of property names.
        scanMap(index, child, at, base, depth + 1, true);
        break;
    }
  }
}

function rankOf(keyword: string): number {
  return CHILD_KEYWORDS.get(keyword)?.rank ?? 0;
}

function scanMap(
  index: SchemaIndex,
  map: unknown,
  pointer: string,
  base: string,
  depth: number,
  mixed: boolean,
): void {
  index.budget.depth(depth, pointer);
  if (!isPlainObject(map))
    throw new SchemaError(pointer, "must be an object whose values are schemas");
  for (const key of Object.keys(map)) {
    index.budget.key(key, pointer);
    const child = map[key];
    if (mixed && Array.isArray(child)) continue;
    scanSchema(index, child, appendPointer(pointer, key), base, depth + 1);
  }
}

function scanArray(
  index: SchemaIndex,
  list: unknown,
  pointer: string,
  base: string,
  depth: number,
): void {
  index.budget.depth(depth, pointer);
  if (!Array.isArray(list)) throw new SchemaError(pointer, "must be an array of schemas");
  list.forEach((child, i) => scanSchema(index, child, appendPointer(pointer, i), base, depth + 1));
}

/** Registers `$id`, `$anchor` and `$dynamicAnchor`; returns the base URI for this schema. */
function registerIdentifiers(
  index: SchemaIndex,
  value: RawObject,
  pointer: string,
  base: string,
): string {
  let ownBase = base;
  const id = own(value, idKeyword(index.dialect));
  if (typeof id === "string") {
    index.budget.text(id, "$id", pointer);
    if (id.startsWith("#")) {
      // draft-06/07: an `$id` that is only a fragment is an anchor.
      registerAnchor(index, `${base}#${id.slice(1)}`, pointer);
    } else {
      ownBase = resolveId(index, id, base, pointer);
    }
  }
  for (const keyword of ["$anchor", "$dynamicAnchor"]) {
    const anchor = own(value, keyword);
    if (typeof anchor === "string") registerAnchor(index, `${ownBase}#${anchor}`, pointer);
  }
  return ownBase;
}

function resolveId(index: SchemaIndex, id: string, base: string, pointer: string): string {
  let url: URL;
  try {
    url = new URL(id, base);
  } catch {
    throw new SchemaError(pointer, `$id ${describeText(id)} is not a valid URI reference`);
  }
  if (url.hash !== "" && url.hash !== "#") {
    index.diagnostics.push({ pointer, message: "the fragment of $id is ignored", level: "note" });
  }
  url.hash = "";
  const resource = url.href;
  const existing = index.resources.get(resource);
  if (existing === undefined) index.resources.set(resource, pointer);
  else if (existing !== pointer)
    index.diagnostics.push({
      pointer,
      message: "duplicate $id; the first one wins",
      level: "note",
    });
  return resource;
}

function registerAnchor(index: SchemaIndex, key: string, pointer: string): void {
  if (index.anchors.has(key)) {
    index.diagnostics.push({
      pointer,
      message: "duplicate anchor; the first one wins",
      level: "note",
    });
    return;
  }
  index.anchors.set(key, pointer);
}

function collectRefs(index: SchemaIndex, value: RawObject, pointer: string, base: string): void {
  for (const keyword of REF_KEYWORDS) {
    const ref = own(value, keyword);
    if (ref === undefined) continue;
    if (typeof ref !== "string")
      throw new SchemaError(appendPointer(pointer, keyword), `${keyword} must be a string`);
    index.budget.text(ref, keyword, pointer);
    index.refs.push({ pointer, keyword, ref, base });
  }
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "a non-plain object" : `a ${typeof value}`;
}
