import ts from "typescript";
import { expect } from "vitest";

/**
 * Independent of the module's own lists: what the brief and the languages say must never be
 * produced as an identifier.
 */
export const MUST_NOT_PRODUCE = new Set(
  `break case catch class const continue debugger default delete do else enum export extends
  false finally for function if import in instanceof new null return super switch this throw true
  try typeof var void while with implements interface let package private protected public static
  yield await arguments eval undefined NaN Infinity any unknown never object symbol string number
  boolean bigint Record Partial Promise String Number Boolean Object Symbol BigInt Array Map Set
  Date Error Function Required Readonly Pick Omit Exclude Extract ReturnType Parameters Awaited
  then constructor __proto__ prototype toJSON toString valueOf hasOwnProperty isPrototypeOf
  propertyIsEnumerable toLocaleString __defineGetter__ __defineSetter__ __lookupGetter__
  __lookupSetter__`.split(/\s+/),
);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What every generated file name must match. */
export const FILE_NAME = /^[a-z0-9][a-z0-9_-]*$/;

/** Fails unless TypeScript's scanner sees one identifier that no strict module reserves. */
export function expectUsableIdentifier(name: string): void {
  expect(name).toMatch(IDENTIFIER);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);
  scanner.setText(name);
  const token = scanner.scan();
  expect(scanner.getTextPos()).toBe(name.length);
  if (token !== ts.SyntaxKind.Identifier) {
    // Contextual keywords (`type`, `get`…) are fine as names; reserved ones are not.
    const reserved =
      (token >= ts.SyntaxKind.FirstReservedWord && token <= ts.SyntaxKind.LastReservedWord) ||
      (token >= ts.SyntaxKind.FirstFutureReservedWord &&
        token <= ts.SyntaxKind.LastFutureReservedWord);
    expect(reserved).toBe(false);
  }
  expect(MUST_NOT_PRODUCE.has(name)).toBe(false);
  expect(name.length).toBeLessThanOrEqual(64);
}

/** The keys as the `{ key }` entries that assignNames takes. */
export function keysOf(...keys: string[]): { key: string }[] {
  return keys.map((key) => ({ key }));
}
