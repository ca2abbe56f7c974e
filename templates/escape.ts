/**
 * Untrusted strings → text that is safe inside generated code: JSDoc blocks, string literals and
 * line comments. Whatever a server puts in a name, description or URI, the result cannot end the
 * comment or string it sits in, cannot inject a JSDoc tag, and keeps the file valid UTF-8.
 *
 * Invisible characters that could make code read differently from how it runs (bidirectional
 * overrides, "Trojan Source"; every Default_Ignorable_Code_Point and format character; C0/C1
 * controls; lone surrogates: the runtime's one table, hidden-characters.ts) are shown as
 * `\uXXXX` text in comments and escaped in string literals.
 */
import { hiddenCharacters } from "@mcp-codegen/runtime/internal";

export { isHiddenCharacter } from "@mcp-codegen/runtime/internal";

/** Options of `jsDocText`. */
export interface JsDocTextOptions {
  /** Cut the text to this many UTF-16 code units and append `…`. Default 10 000. */
  readonly maxLength?: number;
}

/** Options of `lineComment`. */
export interface LineCommentOptions {
  /** Cut the text to this many UTF-16 code units and append `…`. Default 200. */
  readonly maxLength?: number;
}

const DEFAULT_JSDOC_MAX_LENGTH = 10_000;
const DEFAULT_LINE_COMMENT_MAX_LENGTH = 200;

// Line terminators of JS (plus NEL, which some editors break on): all become "\n" in a JSDoc
// block, a space in a line comment and an escape in one-line comment text.
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;

// The one table of characters never written raw lives in the runtime (hidden-characters.ts), so
// the terminal output can use it without loading the generator. A global copy for `replace`.
const HIDDEN = hiddenCharacters();

/**
 * Prepares untrusted prose for a JSDoc block: returns its lines, to be passed (possibly with real
 * tags added by the caller) to `jsDocBlock`.
 *
 * - CRLF, CR, NEL, U+2028 and U+2029 become line breaks; trailing spaces and leading/trailing blank
 *   lines are dropped. Empty or blank text gives `[]`.
 * - A star followed by a slash becomes `*\/`, so the text cannot close the comment.
 * - An `@` at the start of a line, after whitespace or after `{` becomes `\@` (TSDoc's escape),
 *   so the text cannot start a block tag (`@deprecated`, `@type`) or an inline one (`{@link}`),
 *   even when the caller places it after a tag of its own. `user@example.com` is left alone.
 * - Invisible and control characters (tab excepted) and lone surrogates become `\uXXXX` text.
 * - Longer than `maxLength` (default 10 000) code units: cut, never inside a surrogate pair, and
 *   ended with `…`.
 */
export function jsDocText(text: string, options: JsDocTextOptions = {}): string[] {
  const cut = truncate(text, options.maxLength ?? DEFAULT_JSDOC_MAX_LENGTH);
  const lines = showInvisible(cut.replace(LINE_BREAK, "\n"))
    .split("\n")
    .map((line) => escapeTags(closeProof(line)).trimEnd());
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === "") start += 1;
  while (end > start && lines[end - 1] === "") end -= 1;
  return lines.slice(start, end);
}

/**
 * Renders a JSDoc block: an opening line, one ` * line` per line (` *` for an empty one), and a
 * closing line; `""` when there are no lines. A line may start with the caller's own tag
 * (`@param`, `@remarks`); every other tag start in it is escaped, so server text the caller
 * splices into a line (`Calls the MCP tool ${stringLiteral(name)}.`) cannot add `@deprecated` or
 * `{@link …}`. Pass untrusted prose through `jsDocText` first (it also escapes an `@` that starts
 * a line), and put it after `@param name - ` rather than right after the name (TypeScript would
 * read a leading `{` as a type). Whatever the lines hold, the block stays one comment: line breaks
 * inside a line start a new line, a star followed by a slash becomes `*\/`, and invisible
 * characters become `\uXXXX`.
 */
export function jsDocBlock(lines: readonly string[]): string {
  if (lines.length === 0) return "";
  const body = lines
    .flatMap((line) => {
      const [first = "", ...rest] = line.split(LINE_BREAK);
      // Only the line as the caller wrote it may open with a tag, not what followed a break.
      return [escapeTagsAfterLead(first), ...rest.map(escapeTags)];
    })
    .map((line) => closeProof(showInvisible(line)).trimEnd())
    .map((line) => (line === "" ? " *" : ` * ${line}`));
  return ["/**", ...body, " */"].join("\n");
}

/**
 * Untrusted text for one line of a JSDoc comment, as the value of a caller's tag
 * (`@format ${jsDocInline(format)}`): line breaks and invisible characters become `\uXXXX` text,
 * a star followed by a slash becomes `*\/`, and no `@` in it can start a tag.
 */
export function jsDocInline(text: string): string {
  const flat = text.replace(LINE_BREAK, (br) => [...br].map(unicodeEscape).join(""));
  return escapeTags(closeProof(showInvisible(flat)));
}

/**
 * A double-quoted TypeScript string literal that evaluates to exactly `value`, for any input:
 * quotes, backslashes, `${}` and backticks are inert in double quotes; controls, U+2028/U+2029,
 * invisible and bidi characters, and lone surrogates are `\uXXXX` escapes, so the literal is one
 * line of valid UTF-8. Printable non-ASCII (`"Oslo – Øst"`) stays readable.
 */
export function stringLiteral(value: string): string {
  // JSON.stringify already escapes C0 controls, quotes, backslashes and lone surrogates.
  return JSON.stringify(value).replace(HIDDEN, unicodeEscape);
}

/**
 * A single-line `// …` comment, for provenance headers. Line breaks become spaces, invisible
 * characters `\uXXXX` text, a star followed by a slash `*\/` (harmless here, but the text may be
 * copied into a block), and text longer than `maxLength` (default 200) is cut and ended with `…`.
 * Never contains a line terminator. Empty text gives `//`.
 */
export function lineComment(text: string, options: LineCommentOptions = {}): string {
  const cut = truncate(text, options.maxLength ?? DEFAULT_LINE_COMMENT_MAX_LENGTH);
  const flat = closeProof(showInvisible(cut.replace(LINE_BREAK, " "))).trimEnd();
  return flat === "" ? "//" : `// ${flat}`;
}

// TypeScript starts a tag at an `@` that opens a line or follows whitespace, and an inline tag at
// `{@`; an `@` after anything else (`a@b.com`, `*@x`) is plain text. `\@` never matches again,
// so escaping twice changes nothing.
function escapeTags(line: string): string {
  return line.replace(/(^|[\s{])@/g, "$1\\@");
}

// A caller's tag at the start of a line (`@param`, `@remarks`) is kept; the rest is escaped.
function escapeTagsAfterLead(line: string): string {
  const lead = /^@[A-Za-z]+/.exec(line)?.[0] ?? "";
  return lead + escapeTags(line.slice(lead.length));
}

function closeProof(text: string): string {
  return text.replaceAll("*/", "*\\/");
}

function showInvisible(text: string): string {
  return text.replace(HIDDEN, unicodeEscape);
}

/**
 * `\uXXXX` per UTF-16 code unit, so a character past the BMP is written as its surrogate pair:
 * the one escape form that JSON, string literals and readers all take.
 */
function unicodeEscape(char: string): string {
  let escaped = "";
  for (let i = 0; i < char.length; i += 1) {
    escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  }
  return escaped;
}

/** At most `maxLength` code units plus `…`; backs off one unit rather than split a pair. */
function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const last = text.charCodeAt(maxLength - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxLength - 1 : maxLength;
  return `${text.slice(0, Math.max(0, end))}…`;
}

/**
 * Serialized JSON with the characters `stringLiteral` escapes (C1 controls, bidi and invisible
 * characters, U+2028/U+2029) written as `\uXXXX`: the same JSON value, visible to a reviewer.
 */
export function escapeInvisible(json: string): string {
  return json.replace(HIDDEN, unicodeEscape);
}
