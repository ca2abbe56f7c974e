/**
 * The default of an arguments parameter whose arguments are all optional (`input: T = {}`).
 *
 * When a declared name is also a member every object inherits (`constructor`, `toString`,
 * `valueOf` …), TypeScript checks the literal `{}` with those inherited members against the
 * declared ones (a function `constructor` against `constructor?: number`) and rejects it with
 * TS2322, although `{}` owns no such key and the validators read own keys only. `{} as T` says
 * exactly that; it is written only then, so every other default stays a plain `{}`.
 */

// Read once from the running engine: the names a `{}` literal inherits.
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** ` = {}`, or ` = {} as ${typeName}` when one of `names` is inherited by every object. */
export function emptyObjectDefault(typeName: string, names: Iterable<string>): string {
  for (const name of names) if (INHERITED.has(name)) return ` = {} as ${typeName}`;
  return " = {}";
}
