/**
 * Text a server chose (a key of its output, a value) as an error message quotes it: hidden
 * characters (hidden-characters.ts) and line breaks shown as escapes, so a message cannot read
 * differently from what it holds or forge a line of its own, and at most `max` characters of it.
 */
import { hiddenCharacters } from "./hidden-characters.js";

/** The longest stretch of server text a message quotes by default. */
export const QUOTED_TEXT_MAX = 200;

/** `text` with hidden characters, `\n` and `\t` as escapes, cut to `max` characters with "…". */
export function quotedText(text: string, max: number = QUOTED_TEXT_MAX): string {
  const cut = text.length > max ? `${wholeCodePoints(text.slice(0, max))}…` : text;
  return cut
    .replace(/\n/g, "\\n")
    .replace(/\t/g, "\\t")
    .replace(hiddenCharacters(), (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

/** Drops a high surrogate left alone at the end by a cut. */
function wholeCodePoints(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
