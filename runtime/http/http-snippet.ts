/**
 * Server text shown in error messages and diagnostics is untrusted: it may carry terminal
 * escapes, bidirectional overrides or megabytes of HTML. `snippet` makes it short and inert.
 */

/** Most characters of server text an error message quotes. */
export const SNIPPET_LENGTH = 200;

// How far into the text a snippet looks for something to show (error pages are capped anyway).
const SCAN_LIMIT = 64 * 1024;

/**
 * The start of `text`, with control characters (C0, DEL, C1) and bidirectional formatting
 * characters replaced by spaces, runs of whitespace collapsed, and an ellipsis when cut.
 * Returns "" for text that is empty once cleaned.
 */
export function snippet(text: string, max: number = SNIPPET_LENGTH): string {
  let out = "";
  let pendingSpace = false;
  // Blank runs collapse, so read on past `max` characters, but never more than SCAN_LIMIT.
  const end = Math.min(text.length, SCAN_LIMIT);
  for (let i = 0; i < end && out.length <= max; i++) {
    const code = text.charCodeAt(i);
    if (isBlank(code)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += " ";
    pendingSpace = false;
    out += text[i];
  }
  if (out.length > max) return `${out.slice(0, max)}…`;
  return end < text.length && out.length > 0 ? `${out}…` : out;
}

function isBlank(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}
