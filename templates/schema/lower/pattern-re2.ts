/**
 * ECMAScript pattern (parsed with the `u` flag) → the same language in RE2 syntax, for the
 * linear-time engine generated validators run server patterns on (see pattern.ts for why).
 *
 * The two syntaxes agree on little beyond literals, so nothing is copied through: every
 * character is written as `\x{…}` unless it is ASCII and literal in RE2 both inside and outside
 * a class (letters, digits, space and punctuation that is never special), and every shorthand
 * whose meaning differs is spelt out as the code points ECMAScript gives it (`.` excludes four
 * line terminators, not one; `\s` is ECMAScript's whitespace, not RE2's ASCII set). Constructs
 * RE2 cannot match in linear time (lookaround, back-references) are refused with a reason.
 */
import type { AST } from "@eslint-community/regexpp";

/** The RE2 source, or why the pattern has none. */
export type Re2Translation = { readonly source: string } | { readonly refused: string };

/** Thrown inside the walk, caught by `toRe2`: a construct RE2 has no linear-time form of. */
class Refusal extends Error {}

/**
 * Translates a parsed pattern; never throws. With `repeatCap`, counted repetitions are cut down
 * to at most that many (keeping their form: `{2,}` stays unbounded, `{0,5}` a range): the same
 * syntax at a fraction of the size, which the generator compiles to check it cheaply.
 */
export function toRe2(pattern: AST.Pattern, repeatCap = Infinity): Re2Translation {
  try {
    return { source: alternatives(pattern.alternatives, repeatCap) };
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.message };
    throw error;
  }
}

type Range = readonly [number, number];

const MAX_CODE_POINT = 0x10ffff;
const DIGIT: readonly Range[] = [[0x30, 0x39]];
const WORD: readonly Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript's WhiteSpace and LineTerminator code points, what `\s` means with the `u` flag.
const SPACE: readonly Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
// What `.` does not match without the `s` flag.
const LINE_TERMINATORS: readonly Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

// General_Category values RE2 knows (short names only), and ECMAScript's long aliases of them.
const CATEGORY_ALIASES: ReadonlyMap<string, string> = new Map([
  ["Letter", "L"],
  ["Lowercase_Letter", "Ll"],
  ["Modifier_Letter", "Lm"],
  ["Other_Letter", "Lo"],
  ["Titlecase_Letter", "Lt"],
  ["Uppercase_Letter", "Lu"],
  ["Mark", "M"],
  ["Combining_Mark", "M"],
  ["Spacing_Mark", "Mc"],
  ["Enclosing_Mark", "Me"],
  ["Nonspacing_Mark", "Mn"],
  ["Number", "N"],
  ["Decimal_Number", "Nd"],
  ["digit", "Nd"],
  ["Letter_Number", "Nl"],
  ["Other_Number", "No"],
  ["Punctuation", "P"],
  ["punct", "P"],
  ["Connector_Punctuation", "Pc"],
  ["Dash_Punctuation", "Pd"],
  ["Close_Punctuation", "Pe"],
  ["Final_Punctuation", "Pf"],
  ["Initial_Punctuation", "Pi"],
  ["Other_Punctuation", "Po"],
  ["Open_Punctuation", "Ps"],
  ["Symbol", "S"],
  ["Currency_Symbol", "Sc"],
  ["Modifier_Symbol", "Sk"],
  ["Math_Symbol", "Sm"],
  ["Other_Symbol", "So"],
  ["Separator", "Z"],
  ["Line_Separator", "Zl"],
  ["Paragraph_Separator", "Zp"],
  ["Space_Separator", "Zs"],
  ["Other", "C"],
  ["Control", "Cc"],
  ["cntrl", "Cc"],
  ["Format", "Cf"],
  ["Private_Use", "Co"],
  ["Surrogate", "Cs"],
]);
const CATEGORIES = new Set(CATEGORY_ALIASES.values());

function alternatives(list: readonly AST.Alternative[], cap: number): string {
  return list
    .map((alternative) => alternative.elements.map((node) => element(node, cap)).join(""))
    .join("|");
}

function element(node: AST.Element, cap: number): string {
  switch (node.type) {
    case "Character":
      // Outside a class `-` is literal too, which keeps dates and slugs readable.
      return node.value === 0x2d ? "-" : character(node.value);
    case "CharacterClass":
      return characterClass(node);
    case "CharacterSet":
      return characterSet(node);
    case "Group":
    case "CapturingGroup":
      // Captures mean nothing to a yes/no test; back-references, which would need them, are refused.
      return `(?:${alternatives(node.alternatives, cap)})`;
    case "Quantifier":
      // Every element translates to one RE2 atom (a character, a class or a group).
      return `${element(node.element, cap)}${quantifier(Math.min(node.min, cap), node.max === Infinity ? Infinity : Math.min(node.max, cap))}`;
    case "Assertion":
      return assertion(node);
    case "Backreference":
      throw new Refusal("back-references");
    case "ExpressionCharacterClass":
      throw new Refusal("set operations in a character class");
  }
}

function assertion(node: AST.Assertion): string {
  switch (node.kind) {
    // Without the `m` flag both engines anchor at the ends of the whole text.
    case "start":
      return "^";
    case "end":
      return "$";
    // Both use the ASCII word characters when case is not folded.
    case "word":
      return node.negate ? "\\B" : "\\b";
    case "lookahead":
    case "lookbehind":
      throw new Refusal("lookaround assertions");
  }
}

// Laziness does not change whether a string matches, only which match: every quantifier is greedy.
function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

// ASCII that RE2 reads literally in and out of classes; `(?` is never followed by one of these
// in what we write, as `?` itself is always escaped.
const LITERAL = /^[0-9A-Za-z_ !"#%&',/:;<=>@~]$/;

function character(codePoint: number): string {
  return LITERAL.test(String.fromCodePoint(codePoint))
    ? String.fromCodePoint(codePoint)
    : `\\x{${codePoint.toString(16).toUpperCase()}}`;
}

function rangeText([min, max]: Range): string {
  return min === max ? character(min) : `${character(min)}-${character(max)}`;
}

function complement(ranges: readonly Range[]): Range[] {
  const result: Range[] = [];
  let next = 0;
  for (const [min, max] of ranges) {
    if (min > next) result.push([next, min - 1]);
    next = max + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

/** A class from explicit ranges; an empty one matches nothing (RE2 has no `[]`). */
function rangesClass(ranges: readonly Range[]): string {
  if (ranges.length === 0) return `[^${rangeText([0, MAX_CODE_POINT])}]`;
  return `[${ranges.map(rangeText).join("")}]`;
}

function escapeRanges(node: AST.EscapeCharacterSet): readonly Range[] {
  const base = node.kind === "digit" ? DIGIT : node.kind === "word" ? WORD : SPACE;
  return node.negate ? complement(base) : base;
}

function characterSet(node: AST.CharacterSet): string {
  if (node.kind === "any") return rangesClass(complement(LINE_TERMINATORS));
  if (node.kind === "property") return property(node);
  return rangesClass(escapeRanges(node));
}

/** `\p{…}` in RE2 spelling: general categories by short name, scripts by their long name. */
function property(node: AST.UnicodePropertyCharacterSet): string {
  const name = propertyName(node);
  if (name === undefined) throw new Refusal(`the Unicode property ${node.raw}`);
  return `\\${node.negate ? "P" : "p"}{${name}}`;
}

function propertyName(node: AST.UnicodePropertyCharacterSet): string | undefined {
  const { key, value } = node;
  if (value === null) return key === "Any" ? "Any" : undefined;
  if (key === "General_Category" || key === "gc")
    return CATEGORIES.has(value) ? value : CATEGORY_ALIASES.get(value);
  // RE2 names scripts by their long names only; a short alias (`Grek`) fails to compile and is
  // refused there.
  if (key === "Script" || key === "sc") return /^[A-Za-z_]+$/.test(value) ? value : undefined;
  return undefined;
}

function characterClass(node: AST.CharacterClass): string {
  const items: string[] = [];
  for (const item of node.elements) {
    if (item.type === "Character") items.push(character(item.value));
    else if (item.type === "CharacterClassRange")
      items.push(rangeText([item.min.value, item.max.value]));
    else if (item.type === "CharacterSet" && item.kind === "property") items.push(property(item));
    else if (item.type === "CharacterSet") items.push(escapeRanges(item).map(rangeText).join(""));
    else throw new Refusal("set operations in a character class");
  }
  if (items.length === 0) return node.negate ? rangesClass([[0, MAX_CODE_POINT]]) : rangesClass([]);
  return `[${node.negate ? "^" : ""}${items.join("")}]`;
}
