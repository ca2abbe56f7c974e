/**
 * zod source for the leaf kinds: strings (formats, lengths, patterns), numbers and literal
 * values. Text from the schema only enters as string literals and number literals.
 */
import { numberLiteral, propertyName, stringLiteral } from "./literals.js";
import { describeText } from "../schema-error.js";
import type {
  AdditionalKeys,
  CompiledPattern,
  JsonValue,
  NumberNode,
  StringNode,
} from "../schema-node.js";

/**
 * The runtime functions (exported by `@mcp-codegen/runtime`) that emitted validators call besides
 * zod: server patterns run on the runtime's linear-time engine, never on `RegExp`.
 */
export const LINEAR_PATTERN = "linearPattern";
export const OUTSIDE_PATTERNS = "outsidePatterns";

// JSON Schema formats that zod checks. A Map, because the key is untrusted (`__proto__`).
const FORMATS: ReadonlyMap<string, string> = new Map([
  ["email", "z.email()"],
  ["uri", "z.url()"],
  ["url", "z.url()"],
  ["uuid", "z.guid()"],
  ["date-time", "z.iso.datetime({ offset: true })"],
  ["date", "z.iso.date()"],
  ["duration", "z.iso.duration()"],
  ["ipv4", "z.ipv4()"],
  ["ipv6", "z.ipv6()"],
  ["hostname", "z.hostname()"],
]);

/** The JSON Schema formats `zodString` turns into zod checks. */
export const ZOD_FORMATS: readonly string[] = [...FORMATS.keys()];

/**
 * A refinement admitting the strings that contain a match of `pattern`. Its message ends up in
 * error lines on a terminal, so the server's pattern is shown quoted, bounded and with control
 * and bidirectional characters made visible.
 */
export function patternRefinement(pattern: CompiledPattern): string {
  const message = stringLiteral(`must match the pattern ${describeText(pattern.text)}`);
  return `.refine(${LINEAR_PATTERN}(${stringLiteral(pattern.source)}), ${message})`;
}

/** A refinement admitting the keys `additionalProperties` applies to. */
export function additionalKeysRefinement(keys: AdditionalKeys): string {
  const names = keys.names.map(stringLiteral).join(", ");
  const sources = keys.patterns.map((pattern) => stringLiteral(pattern.source)).join(", ");
  return `.refine(${OUTSIDE_PATTERNS}([${names}], [${sources}]))`;
}

/**
 * The largest count written into a regex quantifier. JavaScriptCore rejects larger counts, and
 * `String(1e21)` is `"1e+21"`, which is no count at all (a `SyntaxError` under the `u` flag). Past
 * it no count is needed: no engine holds a string longer than 2^31 − 1 UTF-16 units (V8 allows
 * 2^29 − 24, SpiderMonkey 2^30 − 2, JavaScriptCore 2^31 − 1), and a string has at least as many
 * units as code points, so a larger length compares the same in units as in code points.
 */
export const MAX_QUANTIFIER = 2 ** 31 - 1;

/**
 * A zod string schema. JSON Schema counts length in code points and zod in UTF-16 units, so a
 * length other than "at least 1" is checked with a unicode regex, where `[\s\S]` is one code point.
 * That regex is ours and anchored at both ends, so `RegExp` runs it in linear time; the schema's
 * own patterns go to the linear-time engine.
 * Lengths past `MAX_QUANTIFIER` are exact as zod's own `min`/`max` (see there).
 */
export function zodString(node: StringNode): string {
  const min = node.minLength ?? 0;
  const max = node.maxLength;
  if (max !== undefined && max < min) return "z.never()";
  let text = (node.format === undefined ? undefined : FORMATS.get(node.format)) ?? "z.string()";
  const regexMin = min <= MAX_QUANTIFIER ? min : 0;
  const regexMax = max !== undefined && max <= MAX_QUANTIFIER ? max : undefined;
  if (regexMin === 1 && regexMax === undefined) text += ".min(1)";
  else if (regexMin > 0 || regexMax !== undefined)
    text += `.regex(/^[\\s\\S]{${quantifierCount(regexMin)},${regexMax === undefined ? "" : quantifierCount(regexMax)}}$/u)`;
  if (min > MAX_QUANTIFIER) text += `.min(${numberLiteral(min)})`;
  if (max !== undefined && max > MAX_QUANTIFIER) text += `.max(${numberLiteral(max)})`;
  for (const pattern of node.patterns) text += patternRefinement(pattern);
  return text;
}

/** Digits only: `String` of an integer this small never uses an exponent. */
function quantifierCount(count: number): string {
  if (!Number.isInteger(count) || count < 0 || count > MAX_QUANTIFIER)
    throw new RangeError(`not a regex quantifier count: ${count}`);
  return String(count);
}

/** A zod number schema: `integer` (safe integers, as zod's `int()` checks), bounds, `multipleOf`. */
export function zodNumber(node: NumberNode): string {
  let text = node.integer ? "z.number().int()" : "z.number()";
  if (node.minimum !== undefined) text += `.min(${numberLiteral(node.minimum)})`;
  if (node.exclusiveMinimum !== undefined) text += `.gt(${numberLiteral(node.exclusiveMinimum)})`;
  if (node.maximum !== undefined) text += `.max(${numberLiteral(node.maximum)})`;
  if (node.exclusiveMaximum !== undefined) text += `.lt(${numberLiteral(node.exclusiveMaximum)})`;
  if (node.multipleOf !== undefined) text += `.multipleOf(${numberLiteral(node.multipleOf)})`;
  return text;
}

/**
 * Exactly these JSON values: `z.literal` / `z.enum` for primitives, exact shapes (strict objects,
 * fixed-length tuples) for objects and arrays.
 */
export function zodLiterals(values: readonly JsonValue[]): string {
  const primitives = values.filter((value) => value === null || typeof value !== "object");
  const composites = values.filter((value) => value !== null && typeof value === "object");
  const members: string[] = [];
  if (primitives.length === 1)
    members.push(`z.literal(${primitiveLiteral(primitives[0] as JsonValue)})`);
  else if (primitives.length > 1 && primitives.every((value) => typeof value === "string")) {
    members.push(`z.enum([${primitives.map(primitiveLiteral).join(", ")}])`);
  } else if (primitives.length > 1)
    members.push(`z.literal([${primitives.map(primitiveLiteral).join(", ")}])`);
  for (const value of composites) members.push(exactValue(value));
  if (members.length === 0) return "z.never()";
  return members.length === 1 ? (members[0] as string) : `z.union([${members.join(", ")}])`;
}

function primitiveLiteral(value: JsonValue): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberLiteral(value);
  return String(value);
}

function exactValue(value: JsonValue): string {
  if (value === null || typeof value !== "object") return `z.literal(${primitiveLiteral(value)})`;
  if (Array.isArray(value))
    return `z.tuple([${(value as readonly JsonValue[]).map(exactValue).join(", ")}])`;
  const object = value as Readonly<Record<string, JsonValue>>;
  const entries = Object.keys(object).map(
    (key) => `${shapeKey(key)}: ${exactValue(object[key] as JsonValue)}`,
  );
  return `z.strictObject({${entries.length === 0 ? "" : ` ${entries.join(", ")} `}})`;
}

/**
 * A key in a zod shape (an object literal, not a type): `__proto__` written any other way would
 * set the literal's prototype instead of declaring a key, so it is computed.
 */
export function shapeKey(name: string): string {
  return name === "__proto__" ? `[${stringLiteral(name)}]` : propertyName(name);
}
