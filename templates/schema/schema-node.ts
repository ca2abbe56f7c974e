/**
 * The normalised form of a JSON Schema that both emitters read: one tree of plain data per
 * schema, with the dialect already applied, `$ref`s replaced by indexes into the definition table,
 * the `type`-less case resolved, and every value checked. Both emitters walking the same tree is
 * what keeps the TypeScript type and the zod validator in agreement.
 */
import type { SchemaDiagnostic } from "./schema-error.js";

/** A JSON value that has been checked: plain objects and arrays, finite numbers, bounded depth. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;

/** A checked JSON object. Read its keys with `Object.keys` only: it may own a `__proto__` key. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** The JSON Schema dialects this generator reads; every one is normalised to 2020-12. */
export type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

/** A `pattern` a validator checks: the same language in RE2 syntax, for a linear-time engine. */
export interface CompiledPattern {
  /** RE2 syntax with ECMAScript's meaning (templates/schema/lower/pattern-re2.ts); emitted as a string. */
  readonly source: string;
  /** The pattern as the schema wrote it, for messages. */
  readonly text: string;
}

/** What `additionalProperties` applies to next to `patternProperties`. */
export interface AdditionalKeys {
  /** The declared property names. */
  readonly names: readonly string[];
  /** Every pattern key (all of them compiled, or there is no `AdditionalKeys`). */
  readonly patterns: readonly CompiledPattern[];
}

/** Annotations rendered as JSDoc. All text in here is untrusted. */
export interface SchemaDoc {
  readonly title?: string;
  readonly description?: string;
  readonly format?: string;
  readonly default?: { readonly value: JsonValue };
  readonly examples: readonly JsonValue[];
  readonly deprecated: boolean;
  /** Validation keywords worth showing, in schema order: `["minimum", "1"]`. */
  readonly constraints: ReadonlyArray<readonly [string, string]>;
  /** What the generator says about this part: why it is typed as `unknown`. */
  readonly notes?: readonly string[];
}

export interface StringNode {
  readonly kind: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly patterns: readonly CompiledPattern[];
  readonly format?: string;
}

export interface NumberNode {
  readonly kind: "number";
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** Arrays and tuples: `prefix` are the `prefixItems`, `rest` applies to every later element. */
export interface ArrayNode {
  readonly kind: "array";
  readonly prefix: readonly SchemaNode[];
  /** How many prefix elements must be present (from `minItems`); the others are optional. */
  readonly requiredPrefix: number;
  /** `never` when no element may follow the prefix, `unknown` when any may. */
  readonly rest: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export interface PropertyNode {
  readonly name: string;
  readonly required: boolean;
  readonly node: SchemaNode;
  readonly doc?: SchemaDoc;
}

export interface PatternPropertyNode {
  /** Absent when a validator cannot check the key: types still admit the node, validators skip it. */
  readonly pattern?: CompiledPattern;
  readonly node: SchemaNode;
}

export interface ObjectNode {
  readonly kind: "object";
  readonly properties: readonly PropertyNode[];
  readonly patternProperties: readonly PatternPropertyNode[];
  /** Schema of every other key: `never` when closed, `unknown` when open. */
  readonly additional: SchemaNode;
  /** The annotations of `additionalProperties`, shown on the index signature. */
  readonly additionalDoc?: SchemaDoc;
  /**
   * Set when `additional` is `unknown` only because the schema says nothing about other keys (no
   * `additionalProperties`, no `unevaluatedProperties`): validators admit them, as JSON Schema
   * does, and input types may leave them out (`closeUnstatedObjects`).
   */
  readonly additionalUnstated?: true;
  /**
   * With `patternProperties` and a non-open `additional`: the keys that are neither declared nor
   * matched by a pattern. Absent when a pattern cannot be checked, in which case validators
   * treat `additional` as open (a diagnostic says so).
   */
  readonly additionalKeys?: AdditionalKeys;
}

/** `enum` and `const`: exactly these JSON values. */
export interface LiteralNode {
  readonly kind: "literal";
  readonly values: readonly JsonValue[];
}

/** A reference to `PreparedSchema.definitions[index]`. */
export interface RefNode {
  readonly kind: "ref";
  readonly index: number;
}

/** `anyOf`, type arrays (`exclusive: false`) and `oneOf` (`exclusive: true`). */
export interface UnionNode {
  readonly kind: "union";
  readonly members: readonly SchemaNode[];
  readonly exclusive: boolean;
}

export interface IntersectionNode {
  readonly kind: "intersection";
  readonly members: readonly SchemaNode[];
  /** The schema that combines the members (absent for intersections built while lowering). */
  readonly pointer?: string;
  /**
   * Set when the type would expand into too many union members (lower/union-bound.ts): the members the
   * TypeScript type keeps. Validators always check `members`.
   */
  readonly typeMembers?: readonly SchemaNode[];
}

/** A rule no TypeScript type can state; types show `base`, validators check the rule as well. */
export type RefinementRule =
  | { readonly kind: "not"; readonly node: SchemaNode }
  | {
      readonly kind: "if";
      readonly if: SchemaNode;
      readonly then: SchemaNode;
      readonly else: SchemaNode;
    };

export interface RefinedNode {
  readonly kind: "refined";
  readonly base: SchemaNode;
  readonly rules: readonly RefinementRule[];
}

export type SchemaNode =
  | { readonly kind: "unknown" }
  | { readonly kind: "never" }
  | { readonly kind: "null" }
  | { readonly kind: "boolean" }
  | StringNode
  | NumberNode
  | ArrayNode
  | ObjectNode
  | LiteralNode
  | RefNode
  | UnionNode
  | IntersectionNode
  | RefinedNode;

/** One named schema: the root (index 0, empty suffix) or a `$ref` target. */
export interface SchemaDefinition {
  /** PascalCase, `[A-Za-z0-9]*`, unique; appended to the caller's type and const names. */
  readonly suffix: string;
  /** Where the schema is in the original document. */
  readonly pointer: string;
  readonly node: SchemaNode;
  readonly doc?: SchemaDoc;
  /** Whether it refers to itself, directly or through other definitions. */
  readonly recursive: boolean;
  /** Indexes of the definitions it refers to, in first-use order. */
  readonly references: readonly number[];
}

/** What `prepareSchema` returns: a bounded, local-only, 2020-12-normalised schema. */
export interface PreparedSchema {
  readonly dialect: Dialect;
  /** `definitions[0]` is the root; the others are the `$ref` targets reachable from it. */
  readonly definitions: readonly SchemaDefinition[];
  readonly diagnostics: readonly SchemaDiagnostic[];
}

/** Shared singletons: most nodes are built fresh, these are common enough to share. */
export const UNKNOWN: SchemaNode = { kind: "unknown" };
export const NEVER: SchemaNode = { kind: "never" };
