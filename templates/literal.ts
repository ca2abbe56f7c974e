/**
 * A JSON value from a server → TypeScript expression text, for embedding tool, prompt and
 * resource definitions. Readable (unquoted keys where safe) and exact: a key named `__proto__`
 * is written as a computed key, because a plain or quoted `__proto__` key in an object literal
 * sets the prototype instead of creating the property.
 */
import { stringLiteral } from "./escape.js";

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return PLAIN_KEY.test(name) ? name : stringLiteral(name);
}

/** Renders a JSON value; anything that is not JSON (functions, undefined, NaN) throws. */
export function jsonLiteral(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return stringLiteral(value);
    case "boolean":
      return String(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${value}`);
      return Object.is(value, -0) ? "0" : String(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(", ")}]`;
      const entries = Object.keys(value).map(
        (name) => `${key(name)}: ${jsonLiteral((value as Record<string, unknown>)[name])}`,
      );
      return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
    }
    default:
      throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}
