/**
 * Resolving `$ref` inside one document: `#`, JSON pointers (`#/$defs/a~1b`, percent-encoded or
 * not), `$anchor` names, and `$id`-relative references to resources embedded in the document.
 * Anything that names another document, whatever its scheme (http, https, file, urn, a relative
 * path), is an error that names the reference: nothing is ever fetched.
 */
import { isPlainObject, own } from "./json-value.js";
import { scanSchema, setAside, type PendingRef, type SchemaIndex } from "./scan.js";
import {
  SchemaError,
  appendPointer,
  describeText,
  isLocalSchemaError,
  parsePointer,
} from "../schema-error.js";

/**
 * Resolves every reference the scan found (and those in targets scanned on the way) and returns
 * a map from the pointer of each referring schema to the pointers of its targets, in keyword
 * order. A reference that cannot be resolved (another document, a dangling pointer) is the
 * `SchemaError` saying why in that list, with a warning: the part it stands for is typed as
 * unknown.
 */
export function resolveAllRefs(index: SchemaIndex): Map<string, Array<string | SchemaError>> {
  const targets = new Map<string, Array<string | SchemaError>>();
  // `index.refs` grows while targets inside unknown keywords are scanned, so iterate by position.
  for (let i = 0; i < index.refs.length; i += 1) {
    const pending = index.refs[i] as PendingRef;
    const target = resolveOrSetAside(index, pending);
    const list = targets.get(pending.pointer);
    if (list === undefined) targets.set(pending.pointer, [target]);
    else list.push(target);
  }
  return targets;
}

function resolveOrSetAside(index: SchemaIndex, pending: PendingRef): string | SchemaError {
  try {
    return resolveRef(index, pending);
  } catch (error) {
    if (!isLocalSchemaError(error)) throw error;
    // Named at the keyword itself: the schema holding it may have siblings that are still typed.
    const failure = new SchemaError(appendPointer(pending.pointer, pending.keyword), error.reason);
    index.diagnostics.push(setAside(failure));
    return failure;
  }
}

/** Resolves one reference to the JSON pointer of its target schema. */
export function resolveRef(index: SchemaIndex, pending: PendingRef): string {
  const { ref, base, pointer, keyword } = pending;
  if (keyword !== "$ref") {
    index.diagnostics.push({
      pointer,
      message: `${keyword} is resolved statically, like $ref`,
      level: "note",
    });
  }
  const { resource, fragment } = splitReference(ref, base, pointer);
  const resourcePointer = index.resources.get(resource);
  if (resourcePointer === undefined) {
    throw new SchemaError(
      pointer,
      `${keyword} ${describeText(ref)} points outside this schema; only references within the document are resolved, and nothing is fetched`,
    );
  }
  if (fragment === "") return resourcePointer;
  if (fragment.startsWith("/"))
    return resolvePointer(index, resourcePointer, fragment, pointer, ref);
  const anchored = index.anchors.get(`${resource}#${fragment}`);
  if (anchored === undefined)
    throw new SchemaError(
      pointer,
      `${keyword} ${describeText(ref)} names no anchor in this schema`,
    );
  return anchored;
}

function splitReference(
  ref: string,
  base: string,
  pointer: string,
): { resource: string; fragment: string } {
  if (ref.startsWith("#"))
    return { resource: base, fragment: decodeFragment(ref.slice(1), ref, pointer) };
  let url: URL;
  try {
    url = new URL(ref, base);
  } catch {
    throw new SchemaError(pointer, `$ref ${describeText(ref)} is not a valid URI reference`);
  }
  const fragment = decodeFragment(url.hash.slice(1), ref, pointer);
  url.hash = "";
  return { resource: url.href, fragment };
}

function decodeFragment(fragment: string, ref: string, pointer: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    throw new SchemaError(pointer, `$ref ${describeText(ref)} has an invalid percent-encoding`);
  }
}

/**
 * Follows a JSON pointer from a resource root. A target the scan did not visit (inside a keyword
 * this generator does not know) is scanned now, so bounds and nested references still apply.
 */
function resolvePointer(
  index: SchemaIndex,
  root: string,
  fragment: string,
  pointer: string,
  ref: string,
): string {
  const keys = parsePointer(fragment);
  if (keys === undefined)
    throw new SchemaError(pointer, `$ref ${describeText(ref)} is not a valid JSON pointer`);
  let target = root;
  let value = valueAt(index.document, parsePointer(root) ?? []);
  for (const key of keys) {
    value = step(value, key);
    target = appendPointer(target, key);
    if (value === undefined)
      throw new SchemaError(pointer, `$ref ${describeText(ref)} points to nothing in this schema`);
  }
  if (!index.schemas.has(target)) {
    const rootScan = index.schemas.get(root);
    const depth = (rootScan?.depth ?? 0) + keys.length;
    scanSchema(index, value, target, rootScan?.base ?? "", depth);
  }
  return target;
}

function valueAt(document: unknown, keys: readonly string[]): unknown {
  let value = document;
  for (const key of keys) value = step(value, key);
  return value;
}

function step(value: unknown, key: string): unknown {
  if (Array.isArray(value))
    return /^(0|[1-9][0-9]*)$/.test(key) ? (value[Number(key)] as unknown) : undefined;
  return isPlainObject(value) ? own(value, key) : undefined;
}
