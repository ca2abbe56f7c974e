/**
 * Prepared schema → TypeScript type declarations.
 *
 * Why not json-schema-to-typescript (measured with version 16 before writing this): it has no
 * `prefixItems` (a 2020-12 tuple silently becomes `T[]`), ignores `if`/`then`/`else`, reads `{}`
 * and `not` as an object type instead of `unknown`, names interfaces after untrusted `title`s and
 * `$defs` keys rather than our prefix, copies the `tsType` keyword into the output verbatim (any
 * server could inject code through it), crashed on a `__proto__` property, is asynchronous, and
 * took about 3.4 ms per 20-property schema, which alone exceeds the 1,000-tool budget. Emitting
 * from our own normalised tree is shorter than working around all of that, and the zod emitter
 * reads the same tree, so the type and the validator cannot drift apart.
 */
import { forbiddenKeys } from "./exclusive-keys.js";
import { renderJsDoc } from "./jsdoc.js";
import {
  Binding,
  CLOSED_EMPTY,
  atom,
  intersectionOf,
  literalType,
  notClosedEmpty,
  notOpenEmpty,
  simpleAtom,
  unionOf,
  wrap,
  indent,
  type Emitted,
} from "./type-text.js";
import { warningsOf, type SchemaDiagnostic } from "../schema-error.js";
import { assertIdentifier, propertyName } from "./literals.js";
import type {
  ArrayNode,
  JsonValue,
  ObjectNode,
  PreparedSchema,
  PropertyNode,
  SchemaNode,
} from "../schema-node.js";

/** Options of `schemaToTypeScript`. */
export interface TypeScriptOptions {
  /** Name of the root type; definitions are named `${typeName}${suffix}` (`WeatherInputNode`). */
  readonly typeName: string;
  /**
   * Objects whose schema says nothing about other keys get no index signature, so a misspelt
   * property is a compile error (as openapi-typescript types them). For the arguments a caller
   * writes; a server's output stays open, since a server may add fields. Default false.
   */
  readonly closeUnstatedObjects?: boolean;
}

/** What `schemaToTypeScript` returns. */
export interface TypeScriptOutput {
  /**
   * Complete `export type` statements, separated by blank lines: the root (`typeName`) first,
   * then one per `$ref` target, each with its JSDoc.
   */
  readonly declarations: string;
  /** The root type as an expression (the right-hand side of the `typeName` declaration). */
  readonly typeExpression: string;
  /** What the emitted types could not say (level `warning`), with the schema pointer. */
  readonly diagnostics: readonly SchemaDiagnostic[];
  /**
   * Whether the root type certainly admits `{}` (so a parameter of that type may default to it).
   * Errs towards `false`: a `$ref` root or an intersection is not looked into.
   */
  readonly acceptsEmpty: boolean;
}

/**
 * Writes TypeScript types for a prepared schema. Types compile under `strict`,
 * `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`.
 *
 * - Objects: required properties plain, optional ones `name?: T | undefined` (an explicit
 *   `undefined` is dropped when serialised, so it is accepted); closed objects have no index
 *   signature, others `[k: string]: V` where V unites `additionalProperties` and
 *   `patternProperties`, or is `unknown` when the declared properties do not all fit in it.
 *   With `closeUnstatedObjects`, an object that declares properties (or pattern properties) and
 *   says nothing about other keys is typed as if it said `additionalProperties: false`; one that
 *   declares no keys stays open.
 * - Arrays `T[]`, tuples `[A, B?, ...R[]]` (`minItems` makes prefix elements required).
 * - `enum`/`const` as literal types (objects and arrays as their exact shapes), `anyOf`/`oneOf`
 *   and type arrays as unions, `allOf` and keywords side by side as intersections.
 * - `not` and `if`/`then`/`else` leave the base type (the validator checks them).
 * - An intersection whose unions would expand past `MAX_EXPANDED_UNION` members keeps only its
 *   other members (`typeMembers`), with a JSDoc note; `prepareSchema` warns about it.
 * - `unknown` only for `{}`/`true`, `never` for `false`.
 * - Annotations become JSDoc on properties and declarations, through the comment escaper; names
 *   and string values only ever appear as string literals.
 */
export function schemaToTypeScript(
  prepared: PreparedSchema,
  options: TypeScriptOptions,
): TypeScriptOutput {
  assertIdentifier(options.typeName, "typeName");
  const names = prepared.definitions.map((definition) => `${options.typeName}${definition.suffix}`);
  const emitter = new TypeEmitter(
    names,
    prepared.definitions.map((definition) => definition.node),
    options.closeUnstatedObjects === true,
  );
  const expressions = prepared.definitions.map((definition) => emitter.emit(definition.node).text);
  const declarations = prepared.definitions.map((definition, i) => {
    const doc = renderJsDoc(definition.doc, narrowingNotes(definition.node));
    const statement = `export type ${names[i] as string} = ${expressions[i] as string};`;
    return doc === "" ? statement : `${doc}\n${statement}`;
  });
  return {
    declarations: declarations.join("\n\n"),
    typeExpression: expressions[0] as string,
    diagnostics: warningsOf(prepared),
    acceptsEmpty: admitsEmptyObject(prepared.definitions[0]?.node),
  };
}

class TypeEmitter {
  readonly #names: readonly string[];
  readonly #nodes: readonly SchemaNode[];
  readonly #closeUnstated: boolean;

  constructor(names: readonly string[], nodes: readonly SchemaNode[], closeUnstated: boolean) {
    this.#names = names;
    this.#nodes = nodes;
    this.#closeUnstated = closeUnstated;
  }

  emit(node: SchemaNode): Emitted {
    switch (node.kind) {
      case "unknown":
      case "never":
      case "null":
      case "boolean":
      case "string":
      case "number":
        return simpleAtom(node.kind);
      case "literal":
        return unionOf(node.values.map(literalType));
      case "ref":
        return simpleAtom(this.#names[node.index] ?? "unknown");
      case "union":
        return unionOf(this.#unionMembers(node.members, node.exclusive));
      case "intersection":
        // Narrowed to no members: every member was a union, and the type is the widest one.
        if (node.typeMembers?.length === 0) return simpleAtom("unknown");
        return intersectionOf(
          (node.typeMembers ?? node.members)
            .map((member) => this.emit(member))
            .filter(notClosedEmpty)
            .filter(notOpenEmpty),
        );
      case "refined":
        return this.emit(node.base);
      case "array":
        return this.#array(node);
      case "object":
        return this.#object(node);
    }
  }

  /** Union members, closed object members with `key?: never` for the others' keys. */
  #unionMembers(members: readonly SchemaNode[], exclusive: boolean): Emitted[] {
    const objectOf = (node: SchemaNode): ObjectNode | undefined => this.#objectOf(node);
    const forbidden = forbiddenKeys(members, exclusive, this.#closeUnstated, objectOf);
    return members.map((member, i) => this.#excluding(member, forbidden[i] ?? []));
  }

  /** The object a node is typed as, through references and refinements. */
  #objectOf(node: SchemaNode): ObjectNode | undefined {
    if (node.kind === "refined") return this.#objectOf(node.base);
    if (node.kind === "ref") {
      const target = this.#nodes[node.index];
      // A reference to a reference is a reference cycle with no object in it: not followed.
      return target?.kind === "object" || target?.kind === "refined"
        ? this.#objectOf(target)
        : undefined;
    }
    return node.kind === "object" ? node : undefined;
  }

  #excluding(node: SchemaNode, forbidden: readonly string[]): Emitted {
    if (forbidden.length === 0) return this.emit(node);
    if (node.kind === "refined") return this.#excluding(node.base, forbidden);
    if (node.kind === "object") return this.#object(node, forbidden);
    // A named object type: the keys are forbidden beside it.
    return intersectionOf([
      this.emit(node),
      atom(`{ ${forbidden.map(neverMember).join(" ").replace(/;$/, "")} }`),
    ]);
  }

  #array(node: ArrayNode): Emitted {
    const rest = node.rest.kind === "never" ? undefined : this.emit(node.rest);
    if (node.prefix.length === 0)
      return atom(rest === undefined ? "[]" : `${wrap(rest, Binding.Atom)}[]`);
    const elements = node.prefix.map((element, i) => {
      const emitted = this.emit(element);
      return i < node.requiredPrefix ? emitted.text : `${wrap(emitted, Binding.Atom)}?`;
    });
    if (rest !== undefined) elements.push(`...${wrap(rest, Binding.Atom)}[]`);
    return atom(`[${elements.join(", ")}]`);
  }

  #object(node: ObjectNode, forbidden: readonly string[] = []): Emitted {
    const properties = node.properties.map((property) => ({
      property,
      type: this.emit(property.node),
    }));
    const members = properties.map(({ property, type }) => propertyMember(property, type));
    members.push(...forbidden.map(neverMember));
    const index = this.#indexSignature(node, properties);
    if (index !== undefined) members.push(indexMember(node, index));
    if (members.length === 0) return atom(CLOSED_EMPTY);
    if (!members.some((member) => member.includes("\n")))
      return atom(`{ ${members.join(" ").replace(/;$/, "")} }`);
    return atom(`{\n${members.map(indent).join("\n")}\n}`);
  }

  /** The index signature's value type, or `undefined` for a closed object. */
  #indexSignature(
    node: ObjectNode,
    properties: ReadonlyArray<{ property: PropertyNode; type: Emitted }>,
  ): string | undefined {
    // Closed for typing only: the validator still admits other keys, so this is for inputs, which
    // the caller writes, never for outputs, which are typed by what was validated.
    // An object that declares no keys at all (a free-form `{ "type": "object" }`) stays open:
    // closed, it would admit only `{}`, which is not what such a schema means.
    const declaresKeys = node.properties.length > 0 || node.patternProperties.length > 0;
    const closed = this.#closeUnstated && node.additionalUnstated === true && declaresKeys;
    if (!closed && (node.additional.kind === "unknown" || !patternsChecked(node))) return "unknown";
    const sources = node.patternProperties.map((p) => p.node);
    if (!closed && node.additional.kind !== "never") sources.push(node.additional);
    if (sources.length === 0) return undefined;
    let value = unionOf(sources.map((source) => this.emit(source)));
    if (value.text === "unknown") return "unknown";
    const allowed = new Set(value.members);
    const misfits = properties
      .filter(({ property, type }) => !fitsIndex(property.node, type, allowed))
      .map(({ type }) => type);
    // Declared properties must fit the index signature. Cheap types are added to it; repeating
    // whole object types would make the output grow exponentially with nesting, so then `unknown`.
    if (!misfits.every((type) => type.simple)) return "unknown";
    value = unionOf([value, ...misfits]);
    const optional = properties.some(({ property }) => !property.required);
    return optional && value.text !== "unknown" ? `${value.text} | undefined` : value.text;
  }
}

/**
 * Whether the validator checks every pattern key and every other key. When a pattern is not a
 * JavaScript regex, or the patterns cannot be combined to find the other keys, the validator
 * admits any value there, so the type must too: outputs are typed by what was validated.
 */
function patternsChecked(node: ObjectNode): boolean {
  if (node.patternProperties.length === 0) return true;
  return (
    node.patternProperties.every((p) => p.pattern !== undefined) &&
    node.additionalKeys !== undefined
  );
}

/** One property line (with its JSDoc): `name: T;` or `name?: T | undefined;`. */
function propertyMember(property: PropertyNode, type: Emitted): string {
  const doc = renderJsDoc(property.doc, narrowingNotes(property.node));
  const key = propertyName(property.name);
  const line = property.required
    ? `${key}: ${type.text};`
    : `${key}?: ${withUndefined(type.text)};`;
  return doc === "" ? line : `${doc}\n${line}`;
}

/**
 * The index signature, with the JSDoc of `additionalProperties` when its schema is what the
 * signature types (not when the object is closed for typing or widened to `unknown`).
 */
function indexMember(node: ObjectNode, index: string): string {
  const line = `[k: string]: ${index};`;
  const typed = node.additional.kind !== "never" && node.additional.kind !== "unknown";
  const doc = typed ? renderJsDoc(node.additionalDoc) : "";
  return doc === "" ? line : `${doc}\n${line}`;
}

/** A key another member of an exclusive union declares: `key?: never;`. */
function neverMember(name: string): string {
  return `${propertyName(name)}?: never;`;
}

/** Why a type says less than its schema: the unions an oversized intersection left out. */
function narrowingNotes(node: SchemaNode): string[] {
  const combined = node.kind === "refined" ? node.base : node;
  if (combined.kind !== "intersection" || combined.typeMembers === undefined) return [];
  return [
    "Type widened: this schema's anyOf/oneOf combined through allOf are too many combinations to type; the validator checks them.",
  ];
}

function withUndefined(text: string): string {
  if (text === "unknown") return text;
  return text === "never" ? "undefined" : `${text} | undefined`;
}

/**
 * Whether a property's type certainly fits an index signature whose union members are
 * `allowed` (compared as text, so this errs towards `unknown`, never towards a compile error).
 */
function fitsIndex(node: SchemaNode, type: Emitted, allowed: ReadonlySet<string>): boolean {
  if (node.kind === "never" || type.members.every((member) => allowed.has(member))) return true;
  return node.kind === "literal" && node.values.every((value) => allowed.has(primitiveName(value)));
}

function primitiveName(value: JsonValue): string {
  if (value === null) return "null";
  return typeof value === "object" ? "" : typeof value;
}

/** Whether the type emitted for `node` certainly admits `{}`. */
function admitsEmptyObject(node: SchemaNode | undefined): boolean {
  switch (node?.kind) {
    case "unknown":
      return true;
    case "object":
      return node.properties.every((property) => !property.required);
    case "union":
      return node.members.some(admitsEmptyObject);
    case "refined":
      return admitsEmptyObject(node.base);
    default:
      return false;
  }
}
