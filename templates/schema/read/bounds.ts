/**
 * Bounds on the work one schema may cause. MCP asks clients to bound depth, subschema count and
 * time so that a hostile schema cannot be a denial of service; every walk in this folder goes
 * through one `Budget`, which makes the total work linear in these limits.
 */
import { SchemaError, SchemaLimitError } from "../schema-error.js";

/** Limits for `prepareSchema`; each defaults to a value no real tool schema comes near. */
export interface SchemaLimits {
  /** Deepest nesting of JSON objects and arrays that is read (default 128). */
  readonly maxDepth: number;
  /** Most schemas (objects and booleans) in one document (default 10,000). */
  readonly maxSubschemas: number;
  /** Most JSON values inside `enum`, `const`, `default` and `examples` together (default 100,000). */
  readonly maxValues: number;
  /** Longest object key, in UTF-16 code units (default 1,024). */
  readonly maxKeyLength: number;
  /** Longest `pattern` or `$ref` string (default 10,000). */
  readonly maxPatternLength: number;
}

export const DEFAULT_LIMITS: SchemaLimits = {
  maxDepth: 128,
  maxSubschemas: 10_000,
  maxValues: 100_000,
  maxKeyLength: 1_024,
  maxPatternLength: 10_000,
};

/**
 * Counts work against the limits; each method throws a `SchemaError` at the first excess. Depth,
 * key and text bounds concern one subschema, which is then read as `{}`; the counts concern the
 * whole document, so they throw `SchemaLimitError` and the whole schema is read as `{}`.
 */
export class Budget {
  readonly limits: SchemaLimits;
  #subschemas = 0;
  #values = 0;

  constructor(limits: Partial<SchemaLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  depth(depth: number, pointer: string): void {
    if (depth > this.limits.maxDepth) {
      throw new SchemaError(
        pointer,
        `schema is nested more than ${this.limits.maxDepth} levels deep`,
      );
    }
  }

  subschema(pointer: string): void {
    this.#subschemas += 1;
    if (this.#subschemas > this.limits.maxSubschemas) {
      throw new SchemaLimitError(
        pointer,
        `schema has more than ${this.limits.maxSubschemas} subschemas`,
      );
    }
  }

  value(pointer: string): void {
    this.#values += 1;
    if (this.#values > this.limits.maxValues) {
      throw new SchemaLimitError(
        pointer,
        `schema has more than ${this.limits.maxValues} values in enum, const, default and examples`,
      );
    }
  }

  key(key: string, pointer: string): void {
    if (key.length > this.limits.maxKeyLength) {
      throw new SchemaError(
        pointer,
        `an object key is longer than ${this.limits.maxKeyLength} characters`,
      );
    }
  }

  text(text: string, keyword: string, pointer: string): void {
    if (text.length > this.limits.maxPatternLength) {
      throw new SchemaError(
        pointer,
        `${keyword} is longer than ${this.limits.maxPatternLength} characters`,
      );
    }
  }
}
