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
import { isHiddenCharacter } from "@mcp-codegen/runtime/internal";

/**
 * Line breaks and tabs (made spaces below) and the characters generated code never carries raw
 * (templates/escape.ts's one table: controls, bidi and invisible characters, line separators).
 */
function isUnsafe(char: string): boolean {
  return char === "\t" || char === "\n" || isHiddenCharacter(char);
}

function escape(code: number): string {
  const hex = code.toString(16).padStart(code < 0x100 ? 2 : 4, "0");
  if (code < 0x100) return `\\x${hex}`;
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex}`;
}

/**
 * `text` as one printable line: line breaks and tabs become a space (a multi-line message must
 * not forge extra output lines), every other control character a visible `\xNN` / `\uNNNN`.
 */
export function toTerminalLine(text: string): string {
  let result = "";
  let previous = "";
  for (const char of text) {
    if (!isUnsafe(char)) result += char;
    else if (char === "\r" || char === "\n") {
      // A CRLF (or any run of line breaks) is one space.
      if (previous !== "\r" && previous !== "\n") result += " ";
    } else if (char === "\t") result += " ";
    else result += escape(char.codePointAt(0)!);
    previous = char;
  }
  return result;
}
