/**
 * The one table of characters generated code and everything mcp-codegen prints never carry raw:
 * they would make a file or a line read differently from how it runs ("Trojan Source") or break
 * it for some tool. Shown as `\uXXXX` instead (a surrogate pair of them past the BMP):
 * - C0 controls but tab and newline (handled as line breaks), DEL, C1 (NEL included);
 * - soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul fillers (U+115F, U+1160,
 *   U+3164, U+FFA0), Khmer inherent vowels, Mongolian vowel separator;
 * - zero-width space and directional marks (U+200B, U+200E, U+200F); not the zero-width
 *   (non-)joiners, which emoji and several scripts need to read right;
 * - line and paragraph separators, bidi embeddings and overrides (U+2028-U+202E);
 * - word joiner, invisible operators, bidi isolates and deprecated format characters
 *   (U+2060-U+206F), BOM, interlinear annotation marks (U+FFF9-U+FFFB);
 * - tag characters (U+E0000-U+E007F), invisible in every font;
 * - any surrogate not part of a pair (with the `u` flag a class only matches lone ones).
 * In the runtime's internal module because the generator (templates/escape.ts) and the terminal
 * output (cli/terminal-text.ts) share it, and the terminal must not load the generator for it.
 */
const HIDDEN_SOURCE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- finding control and combining characters one by one is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\ud800-\udfff]/u
    .source;

/** A fresh global pattern of the table, for `replace` (a shared one would share `lastIndex`). */
export function hiddenCharacters(): RegExp {
  // eslint-disable-next-line no-misleading-character-class -- built from the table above
  return new RegExp(HIDDEN_SOURCE, "gu");
}

// eslint-disable-next-line no-misleading-character-class -- built from the table above
const HIDDEN_CHARACTER = new RegExp(`^${HIDDEN_SOURCE}$`, "u");

/**
 * Whether `char` (one code point, or a lone surrogate) is in the table. Tab and newline are not
 * in it: every caller decides what a line break becomes.
 */
export function isHiddenCharacter(char: string): boolean {
  return HIDDEN_CHARACTER.test(char);
}
