/**
 * A property key in a generated type literal: bare when it is an identifier, a string literal
 * otherwise. (Type literals give `__proto__` no special meaning, unlike object literals.)
 */
import { stringLiteral } from "./escape.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}
