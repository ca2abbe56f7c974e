/**
 * A JSON value from a server → TypeScript expression text, for embedding tool, prompt and
 * resource definitions. Readable (unquoted keys where safe) and exact: a key named `__proto__`
 * is written as a computed key, because a plain or quoted `__proto__` key in an object literal
 * sets the prototype instead of creating the property.
 */
import { stringLiteral } from "./escape.js";
import { propertyKey } from "./property-key.js";

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

/**
 * The type `as const` gives `jsonLiteral(value)`: literal types, `readonly` properties and
 * readonly tuples, for a declaration file to state what a constant holds. Anything that is not
 * JSON throws, as `jsonLiteral` does.
 */
export function jsonConstType(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
    case "number":
      return jsonLiteral(value);
    case "object": {
      if (Array.isArray(value)) return `readonly [${value.map(jsonConstType).join(", ")}]`;
      const members = Object.keys(value).map(
        (name) =>
          `readonly ${propertyKey(name)}: ${jsonConstType((value as Record<string, unknown>)[name])};`,
      );
      return members.length === 0 ? "{}" : `{ ${members.join(" ")} }`;
    }
    default:
      throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}
