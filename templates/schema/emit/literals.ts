/**
 * The only ways text from a schema reaches generated code outside comments: as a string literal
 * (`stringLiteral` of `templates/escape.ts`, shared with every other emitter), as a number literal, or as a property name that is either a plain
 * ASCII identifier or such a string literal. Nothing else from a schema is ever spliced into code.
 */

import { stringLiteral } from "../../escape.js";

/** A double-quoted TypeScript string literal for any string: `templates/escape.ts`'s one table. */
export { stringLiteral };

/** A number literal; JSON Schema numbers are finite (checked when read). */
export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError("not a finite number");
  return Object.is(value, -0) ? "0" : String(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether `name` can be written bare as a property name (ASCII identifiers only). */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/**
 * A property name for a type literal: bare when an identifier, else quoted. `__proto__` is always
 * quoted, so that no reader mistakes it for the prototype; in an object literal (as opposed to a
 * type) even the quoted form sets the prototype, so object literals must use a computed key.
 */
export function propertyName(name: string): string {
  return isIdentifierName(name) && name !== "__proto__" ? name : stringLiteral(name);
}

/** Throws unless `name` (from the caller, not the schema) is a usable identifier. */
export function assertIdentifier(name: string, what: string): void {
  if (!isIdentifierName(name))
    throw new TypeError(`${what} must be an ASCII identifier, got ${JSON.stringify(name)}`);
}
