/**
 * Untrusted strings → text that is safe inside generated code: JSDoc blocks, string literals and
 * line comments. Whatever a server puts in a name, description or URI, the result cannot end the
 * comment or string it sits in, cannot inject a JSDoc tag, and keeps the file valid UTF-8.
 *
 * Invisible characters that could make code read differently from how it runs (bidirectional
 * overrides, "Trojan Source"; C0/C1 controls; BOM; lone surrogates) are shown as `\uXXXX` text in
 * comments and escaped in string literals.
 */

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
// block and a space in a line comment.
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;

// Characters shown escaped: controls except tab and newline, DEL, C1, soft hyphen, Arabic letter
// mark, zero-width space (not the joiners emoji and scripts need), directional marks, bidi embeddings/overrides/isolates, invisible operators,
// BOM, interlinear annotation marks, and any surrogate not part of a pair.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// In string literals JSON.stringify already handles C0, quotes, backslashes and lone surrogates;
// this adds what it leaves raw but a reader (or an old parser) would trip on.
const LITERAL_EXTRA =
  /[\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

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
 * closing line; `""` when there are no lines. Lines may carry the caller's tags (`@param`,
 * `@deprecated`) and are not tag-escaped: pass untrusted text through `jsDocText` first, and put it
 * after `@param name - ` rather than right after the name (TypeScript would read a leading `{` as
 * a type). Whatever the lines hold, the block stays one comment: line breaks inside a line start a
 * new line, a star followed by a slash becomes `*\/`, and invisible characters become `\uXXXX`.
 */
export function jsDocBlock(lines: readonly string[]): string {
  if (lines.length === 0) return "";
  const body = lines
    .flatMap((line) => line.split(LINE_BREAK))
    .map((line) => closeProof(showInvisible(line)).trimEnd())
    .map((line) => (line === "" ? " *" : ` * ${line}`));
  return ["/**", ...body, " */"].join("\n");
}

/**
 * A double-quoted TypeScript string literal that evaluates to exactly `value`, for any input:
 * quotes, backslashes, `${}` and backticks are inert in double quotes; controls, U+2028/U+2029,
 * invisible and bidi characters, and lone surrogates are `\uXXXX` escapes, so the literal is one
 * line of valid UTF-8. Printable non-ASCII (`"Oslo – Øst"`) stays readable.
 */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(LITERAL_EXTRA, unicodeEscape);
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
// `{@`; an `@` after anything else (`a@b.com`, `*@x`) is plain text.
function escapeTags(line: string): string {
  return line.replace(/(^|[\s{])@/g, "$1\\@");
}

function closeProof(text: string): string {
  return text.replaceAll("*/", "*\\/");
}

function showInvisible(text: string): string {
  return text.replace(INVISIBLE, unicodeEscape);
}

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
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
  return json.replace(LITERAL_EXTRA, unicodeEscape);
}
