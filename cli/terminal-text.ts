/**
 * Making text safe to print as one terminal line. Much of what the CLI prints comes from a server
 * (error messages, stderr tails, names, descriptions) or from a library quoting one, and a
 * terminal obeys what it prints: an escape sequence can erase the error line and draw a fake
 * success, an OSC 8 sequence can hide a link, a bidi override can reorder the text read. Every
 * line the CLI prints passes through here, once, at the edge (see reporter.ts and program.ts).
 *
 * Hand-written: packages such as strip-ansi remove well-formed ANSI sequences only, and leave a
 * lone ESC, C1 controls, vertical tabs and bidi controls through; the rule here is shorter than a
 * dependency, and makes every such character visible instead of silently dropping it.
 */

/** C0, DEL, C1, the bidi controls and the Unicode line and paragraph separators. */
function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x2028 ||
    code === 0x2029
  );
}

function escape(code: number): string {
  const hex = code.toString(16).padStart(code < 0x100 ? 2 : 4, "0");
  return code < 0x100 ? `\\x${hex}` : `\\u${hex}`;
}

/**
 * `text` as one printable line: line breaks and tabs become a space (a multi-line message must
 * not forge extra output lines), every other control character a visible `\xNN` / `\uNNNN`.
 */
export function toTerminalLine(text: string): string {
  let result = "";
  let plainFrom = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isUnsafe(code)) continue;
    result += text.slice(plainFrom, i);
    if (code === 0x0d || code === 0x0a || code === 0x09) {
      // A CRLF (or any run of line breaks) is one space, as before.
      while (i + 1 < text.length && (text[i + 1] === "\r" || text[i + 1] === "\n")) i++;
      result += " ";
    } else result += escape(code);
    plainFrom = i + 1;
  }
  return plainFrom === 0 ? text : result + text.slice(plainFrom);
}
