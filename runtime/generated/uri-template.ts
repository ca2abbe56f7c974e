/**
 * RFC 6570 URI templates, all four levels: parse a template once, expand it per call.
 *
 * Generated resource-template wrappers compile their template at module load
 * (`compileUriTemplate`) and call `expand` with the caller's typed arguments; the generator uses
 * `parseUriTemplateVariables` to type those arguments.
 *
 * Why not the `url-template` package (3.1.1): run against RFC 6570's examples and the
 * uritemplate-test suite it gets 42 of 270 cases wrong. It expands an empty list or record as
 * defined (`{?empty_list}` gives `?empty_list=`; the RFC says undefined, so nothing), passes a `%`
 * that starts no triplet through raw under `{+x}`, double-encodes pct-encoded varnames
 * (`{?Stra%C3%9Fe}`), throws when a `:n` prefix splits a surrogate pair or when `{+list}` holds a
 * number, accepts every malformed template without a word, and cannot list a template's variables.
 * This file has no Node-only imports: it runs wherever the runtime does.
 */
import { localError } from "../protocol/index.js";
import type { McpError } from "../protocol/index.js";

/** An RFC 6570 expression operator; `""` is simple string expansion (`{x}`). */
export type UriTemplateOperator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable reference in a template, e.g. `{?tags*}` gives `{ name: "tags", operator: "?", explode: true }`. */
export interface UriTemplateVariable {
  /** The varname exactly as written (a pct-encoded triplet stays encoded: `Some%20Thing`). */
  readonly name: string;
  /** The operator of the expression the variable appears in. */
  readonly operator: UriTemplateOperator;
  /** `*` modifier: a list or record expands into one item per member. */
  readonly explode: boolean;
  /** `:n` modifier (1–9999): only the first n characters (code points) of a string value. */
  readonly prefix?: number;
}

/** A scalar a template variable accepts. */
export type UriTemplateScalar = string | number | boolean | bigint;

/** Any value a template variable accepts: a scalar, a list, or an associative array. */
export type UriTemplateValue =
  | UriTemplateScalar
  | readonly UriTemplateScalar[]
  | Readonly<Record<string, UriTemplateScalar>>
  | ReadonlyMap<string, UriTemplateScalar>;

/** A parsed template, safe to share and to expand any number of times. */
export interface UriTemplate {
  /** The template text it was compiled from. */
  readonly template: string;
  /** Every variable reference in order of appearance; a name used twice appears twice. */
  readonly variables: readonly UriTemplateVariable[];
  /**
   * Expands the template. Values: `string`, `number`, `boolean`, `bigint` (scalars); arrays of
   * scalars (lists); `Map`s or plain objects of scalars (associative arrays, in insertion order).
   * `undefined`, `null`, an empty list and a record without defined members are undefined: the
   * variable is left out. Only own properties of `variables` are read.
   * @throws McpError (kind `input`) for a value of another type, or a `:n` prefix on a list or record.
   */
  expand(variables: Readonly<Record<string, unknown>>): string;
}

interface Expression {
  readonly operator: UriTemplateOperator;
  readonly variables: readonly UriTemplateVariable[];
}

/** A literal is stored already encoded, so `expand` only has to join strings. */
type Part = string | Expression;

/** How each operator renders (RFC 6570 Appendix A's table). */
interface OperatorRule {
  readonly first: string;
  readonly separator: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly allowReserved: boolean;
}

const RULES: Readonly<Record<UriTemplateOperator, OperatorRule>> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
};

const OPERATORS = "+#./;?&";
// Reserved by RFC 6570 §2.2 for future extensions: a template using them is not one we can expand.
const FUTURE_OPERATORS = "=,!@|";
const VARCHAR = "(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})";
const VARSPEC = new RegExp(`^(${VARCHAR}+(?:\\.${VARCHAR}+)*)(?::([1-9][0-9]{0,3})|(\\*))?$`);

/**
 * Parses a template once; the result expands cheaply any number of times.
 * Literal text outside expressions is kept when the URI grammar allows it and pct-encoded (UTF-8)
 * otherwise, so `a b{x}` expands to `a%20b…` rather than failing.
 * @throws McpError (kind `input`) naming the offset for a malformed template: an unclosed `{`, a
 * `}` without `{`, an empty expression, an unknown or reserved operator, a bad varname, or a bad
 * `:n` prefix (0, leading zero, above 9999, or combined with `*`).
 */
export function compileUriTemplate(template: string): UriTemplate {
  const parts = parseTemplate(template);
  const variables = parts.flatMap((part) => (typeof part === "string" ? [] : part.variables));
  return {
    template,
    variables,
    expand: (values) => expandParts(template, parts, values),
  };
}

/**
 * Expands `template` with `variables` (see `UriTemplate.expand`). Parses on every call: code that
 * expands the same template repeatedly should `compileUriTemplate` once instead.
 * @throws McpError (kind `input`) for a malformed template or an unsupported value.
 */
export function expandUriTemplate(
  template: string,
  variables: Readonly<Record<string, unknown>>,
): string {
  return compileUriTemplate(template).expand(variables);
}

/**
 * Lists every variable reference of a template in order of appearance, for typing arguments: an
 * exploded variable accepts lists and records, the others scalars. A name used twice is listed twice.
 * @throws McpError (kind `input`) for a malformed template, as `compileUriTemplate`.
 */
export function parseUriTemplateVariables(template: string): UriTemplateVariable[] {
  return [...compileUriTemplate(template).variables];
}

function parseTemplate(template: string): Part[] {
  const parts: Part[] = [];
  let position = 0;
  while (position < template.length) {
    const open = template.indexOf("{", position);
    const stray = template.indexOf("}", position);
    if (stray !== -1 && (open === -1 || stray < open)) {
      throw templateError(template, `"}" without "{" at offset ${stray}`);
    }
    if (open === -1) {
      parts.push(encodeText(template.slice(position), true));
      break;
    }
    if (open > position) parts.push(encodeText(template.slice(position, open), true));
    const close = template.indexOf("}", open + 1);
    const nested = template.indexOf("{", open + 1);
    if (close === -1 || (nested !== -1 && nested < close)) {
      throw templateError(template, `unclosed "{" at offset ${open}`);
    }
    parts.push(parseExpression(template, template.slice(open + 1, close), open));
    position = close + 1;
  }
  return parts;
}

function parseExpression(template: string, body: string, offset: number): Expression {
  const first = body.charAt(0);
  if (first === "") throw templateError(template, `empty expression at offset ${offset}`);
  if (FUTURE_OPERATORS.includes(first)) {
    throw templateError(
      template,
      `operator "${first}" at offset ${offset} is reserved, not supported`,
    );
  }
  const hasOperator = OPERATORS.includes(first);
  if (!hasOperator && !/[A-Za-z0-9_%]/.test(first)) {
    throw templateError(template, `unknown operator ${JSON.stringify(first)} at offset ${offset}`);
  }
  const operator = (hasOperator ? first : "") as UriTemplateOperator;
  const specs = (hasOperator ? body.slice(1) : body).split(",");
  const variables = specs.map((spec) => parseVarspec(template, spec, operator, offset));
  return { operator, variables };
}

function parseVarspec(
  template: string,
  spec: string,
  operator: UriTemplateOperator,
  offset: number,
): UriTemplateVariable {
  const match = VARSPEC.exec(spec);
  const name = match?.[1];
  if (match === null || name === undefined) {
    throw templateError(
      template,
      `bad variable ${JSON.stringify(spec)} in the expression at offset ${offset} ` +
        "(names are letters, digits, _ and %XX, dot-separated; then optionally :1-9999 or *)",
    );
  }
  const prefix = match[2];
  const explode = match[3] !== undefined;
  return prefix === undefined
    ? { name, operator, explode }
    : { name, operator, explode, prefix: Number(prefix) };
}

function templateError(template: string, problem: string): McpError {
  return localError("input", `invalid URI template ${JSON.stringify(template)}: ${problem}`);
}

function expandParts(
  template: string,
  parts: readonly Part[],
  values: Readonly<Record<string, unknown>>,
): string {
  let out = "";
  for (const part of parts) {
    out += typeof part === "string" ? part : expandExpression(template, part, values);
  }
  return out;
}

function expandExpression(
  template: string,
  expression: Expression,
  values: Readonly<Record<string, unknown>>,
): string {
  const rule = RULES[expression.operator];
  const pieces: string[] = [];
  for (const variable of expression.variables) {
    // Own properties only: `{constructor}` must not find Object.prototype.constructor.
    const raw = Object.hasOwn(values, variable.name) ? values[variable.name] : undefined;
    const value = classify(template, variable.name, raw);
    if (value !== undefined) pieces.push(expandVariable(template, variable, value, rule));
  }
  return pieces.length === 0 ? "" : rule.first + pieces.join(rule.separator);
}

type Value =
  | { readonly kind: "scalar"; readonly text: string }
  | { readonly kind: "list"; readonly items: readonly string[] }
  | { readonly kind: "pairs"; readonly pairs: readonly (readonly [string, string])[] };

/** Sorts a caller's value into the RFC's three kinds, or `undefined` when it counts as undefined. */
function classify(template: string, name: string, raw: unknown): Value | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = scalarText(raw);
  if (text !== undefined) return { kind: "scalar", text };
  if (Array.isArray(raw)) {
    const items = raw.flatMap((item: unknown) => memberText(template, name, item));
    return items.length === 0 ? undefined : { kind: "list", items };
  }
  const entries = recordEntries(raw);
  if (entries === undefined)
    throw valueError(template, name, "is not a string, number, boolean, list or record");
  const pairs = entries.flatMap(([key, item]) =>
    memberText(template, name, item).map((itemText) => [key, itemText] as const),
  );
  return pairs.length === 0 ? undefined : { kind: "pairs", pairs };
}

function scalarText(raw: unknown): string | undefined {
  switch (typeof raw) {
    case "string":
      return raw;
    case "number":
    case "boolean":
    case "bigint":
      return String(raw);
    default:
      return undefined;
  }
}

/** A list or record member: `[]` when undefined (skipped), else its text; nesting is an error. */
function memberText(template: string, name: string, item: unknown): string[] {
  if (item === undefined || item === null) return [];
  const text = scalarText(item);
  if (text === undefined)
    throw valueError(template, name, "has a member that is not a string, number or boolean");
  return [text];
}

function recordEntries(raw: unknown): [string, unknown][] | undefined {
  if (raw instanceof Map) {
    return [...raw.entries()].map(([key, item]: [unknown, unknown]) => [String(key), item]);
  }
  if (typeof raw !== "object" || raw === null) return undefined;
  const proto: unknown = Object.getPrototypeOf(raw);
  // Class instances (Date, URL…) have no meaningful entries; refusing them beats expanding nothing.
  if (proto !== Object.prototype && proto !== null) return undefined;
  return Object.entries(raw);
}

function valueError(template: string, name: string, problem: string): McpError {
  return localError(
    "input",
    `URI template ${JSON.stringify(template)}: variable "${name}" ${problem}`,
  );
}

function expandVariable(
  template: string,
  variable: UriTemplateVariable,
  value: Value,
  rule: OperatorRule,
): string {
  const encode = (text: string): string => encodeText(text, rule.allowReserved);
  const named = (name: string, text: string): string =>
    name + (text === "" ? rule.ifEmpty : `=${encode(text)}`);
  if (value.kind === "scalar") {
    const text =
      variable.prefix === undefined ? value.text : firstCodePoints(value.text, variable.prefix);
    return rule.named ? named(variable.name, text) : encode(text);
  }
  if (variable.prefix !== undefined) {
    throw valueError(
      template,
      variable.name,
      `is a ${value.kind === "list" ? "list" : "record"}, which a :${variable.prefix} prefix cannot apply to`,
    );
  }
  if (variable.explode) {
    const items =
      value.kind === "list"
        ? value.items.map((item) => (rule.named ? named(variable.name, item) : encode(item)))
        : value.pairs.map(([key, item]) =>
            rule.named ? named(encode(key), item) : `${encode(key)}=${encode(item)}`,
          );
    return items.join(rule.separator);
  }
  const joined = (value.kind === "list" ? value.items : value.pairs.flat()).map(encode).join(",");
  if (!rule.named) return joined;
  return variable.name + (joined === "" ? rule.ifEmpty : `=${joined}`);
}

/** The first `count` Unicode characters: a prefix never splits a surrogate pair. */
function firstCodePoints(text: string, count: number): string {
  let end = 0;
  let taken = 0;
  while (end < text.length && taken < count) {
    const codePoint = text.codePointAt(end) ?? 0;
    end += codePoint > 0xffff ? 2 : 1;
    taken += 1;
  }
  return text.slice(0, end);
}

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const ALLOWED_UNRESERVED = new Set(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~",
);
const ALLOWED_RESERVED = new Set([...ALLOWED_UNRESERVED, ...":/?#[]@!$&'()*+,;="]);
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * Pct-encodes every character outside the allowed set as UTF-8 (uppercase hex). With
 * `allowReserved` (`{+x}`, `{#x}`, literals), reserved characters and existing `%XX` triplets pass
 * through; a `%` not starting a triplet becomes `%25`. A lone surrogate is encoded as U+FFFD.
 */
function encodeText(text: string, allowReserved: boolean): string {
  if (UNRESERVED.test(text)) return text;
  const allowed = allowReserved ? ALLOWED_RESERVED : ALLOWED_UNRESERVED;
  let out = "";
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    const char = text.slice(index, index + width);
    if (allowed.has(char)) {
      out += char;
    } else if (allowReserved && char === "%" && HEX_PAIR.test(text.slice(index + 1, index + 3))) {
      out += text.slice(index, index + 3);
      index += 3;
      continue;
    } else {
      out += pctEncodeCodePoint(codePoint);
    }
    index += width;
  }
  return out;
}

function pctEncodeCodePoint(codePoint: number): string {
  // A lone surrogate has no UTF-8 form; U+FFFD is what TextEncoder would produce too.
  const scalar = codePoint >= 0xd800 && codePoint <= 0xdfff ? 0xfffd : codePoint;
  const bytes =
    scalar < 0x80
      ? [scalar]
      : scalar < 0x800
        ? [0xc0 | (scalar >> 6), 0x80 | (scalar & 0x3f)]
        : scalar < 0x10000
          ? [0xe0 | (scalar >> 12), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f)]
          : [
              0xf0 | (scalar >> 18),
              0x80 | ((scalar >> 12) & 0x3f),
              0x80 | ((scalar >> 6) & 0x3f),
              0x80 | (scalar & 0x3f),
            ];
  return bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}
