/**
 * The one table of characters that text for a model, generated code and everything mcp-codegen
 * prints never carry raw: they would make a file, a line or a prompt read differently from how
 * it runs or what a reviewer sees ("Trojan Source", hidden prompt text), or break it for some
 * tool. Model text drops them; comments, literals and terminal lines show them as escapes.
 *
 * Built from Unicode properties, not a hand-typed list, so it covers every such character the
 * JavaScript engine's Unicode version knows (about 4,200 code points; a newer engine may add a
 * few, which then count at once):
 * - `Default_Ignorable_Code_Point`: what Unicode says a renderer may show as nothing. Zero-width
 *   spaces and joiners, variation selectors (all of them: emoji keep their meaning without the
 *   presentation selector or the joiner, shown as their parts), Hangul fillers (U+115F, U+1160,
 *   U+3164, U+FFA0), tag characters (U+E0000-U+E0FFF), soft hyphen, Mongolian vowel separator…;
 * - `Cf`, format characters: bidi embeddings, overrides, isolates and marks (Bidi_Control is a
 *   subset of Cf and of the ignorables), BOM, interlinear annotation marks, and the prepended
 *   concatenation marks (U+0600-U+0605…) that change how what follows reads;
 * - C0 controls but tab and newline (every caller decides what a line break becomes), DEL, C1
 *   (NEL included), and the line and paragraph separators U+2028, U+2029 (`Zl`, `Zp`);
 * - any surrogate not part of a pair (with the `u` flag a class only matches lone ones).
 * Not in it: private-use and unassigned code points, which fonts draw as a visible box.
 *
 * In the runtime's internal module because the generator (templates/escape.ts) and the terminal
 * output (cli/terminal/terminal-text.ts) share it, and the terminal must not load the generator for it.
 */
const HIDDEN_SOURCE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Zl}\p{Zp}\u0000-\u0008\u000b-\u001f\u007f-\u009f\ud800-\udfff]/u
    .source;

/** A fresh global pattern of the table, for `replace` (a shared one would share `lastIndex`). */
export function hiddenCharacters(): RegExp {
  return new RegExp(HIDDEN_SOURCE, "gu");
}

const HIDDEN_CHARACTER = new RegExp(`^${HIDDEN_SOURCE}$`, "u");

/**
 * Whether `char` (one code point, or a lone surrogate) is in the table. Tab and newline are not
 * in it: every caller decides what a line break becomes.
 */
export function isHiddenCharacter(char: string): boolean {
  return HIDDEN_CHARACTER.test(char);
}
