/**
 * Putting a part laid out by hand (a tool's validators) into its formatted module, in place of
 * the placeholder the formatter kept as written.
 */
import type { LaidOutPart } from "./module-text.js";

const PRETTIER_IGNORE = "// prettier-ignore";

/**
 * Replaces the placeholder prettier formatted (kept as written under `// prettier-ignore`) with
 * the part laid out for its column. Only a line that is the placeholder alone, under the ignore
 * comment, matches: server text reaches a module only inside string literals and comment lines.
 * The first such line is replaced; its indentation becomes spaces. Throws when there is none.
 *
 * Searches the text rather than splitting it into lines: a module is kilobytes and there is one
 * per tool.
 */
export function putLaidOut(formatted: string, part: LaidOutPart): string {
  const { placeholder } = part;
  for (let at = formatted.indexOf(placeholder); at >= 0;) {
    const start = formatted.lastIndexOf("\n", at - 1) + 1;
    const after = at + placeholder.length;
    const end = after === formatted.length || formatted[after] === "\n" ? after : -1;
    if (end >= 0 && start > 0 && formatted.slice(start, at).trim() === "") {
      const previous = formatted.slice(formatted.lastIndexOf("\n", start - 2) + 1, start - 1);
      if (previous.trim() === PRETTIER_IGNORE) {
        const column = at - start;
        return `${formatted.slice(0, start)}${" ".repeat(column)}${part.layout(column)}${formatted.slice(end)}`;
      }
    }
    at = formatted.indexOf(placeholder, at + 1);
  }
  throw new Error(`formatted module lost its placeholder ${placeholder}`);
}
