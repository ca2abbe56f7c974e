/**
 * Prettier's spelling of single tokens, for the direct printer (direct-print.ts): which quote a
 * string literal gets, how a number literal is written, and how wide a line is. Each function
 * answers `undefined` where prettier's rule has a branch we do not reproduce, so the caller falls
 * back to prettier instead of guessing. Pinned to the options in format.ts (double quotes).
 */

/** Escapes prettier would rewrite (an unnecessary `\d`): left to prettier. */
const UNUSUAL_ESCAPE = /^[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]$/;
/**
 * A backslash before a character `UNUSUAL_ESCAPE` matches. Tried at every backslash, so it finds
 * every unusual escape; it may also flag what follows an escaped backslash (`\\q`), which then
 * takes the escape-by-escape path, where it is read right.
 */
const HAS_UNUSUAL_ESCAPE = /\\[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]/;
const ESCAPE_OR_DOUBLE = /\\(.)|"/gs;
const ESCAPE_OR_SINGLE = /\\(.)|'/gs;

/**
 * A string literal as prettier prints it: double quotes unless the content holds more double
 * than single quotes (escaped ones counted); a literal that keeps its quote stays as written,
 * escapes and all, and one that changes quote has them adjusted to it. `raw` includes its quotes.
 */
export function printStringToken(raw: string): string | undefined {
  const content = raw.slice(1, -1);
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === 34) doubles++;
    else if (code === 39) singles++;
  }
  const quote = doubles > singles ? "'" : '"';
  // Prettier 3 rewrites a literal only to change its quote: `'\"'` and `"\'"` stay as they are.
  if (raw[0] === quote) return raw;
  // Without escapes (an embedded definition: hundreds of `"`, no backslash) nothing changes but
  // the quotes: the content holds no bare quote of its literal's own kind, so not the one chosen.
  if (!content.includes("\\")) return `${quote}${content}${quote}`;
  // JSON in double quotes (an embedded definition, every `"` escaped) turning single-quoted (the
  // quote changes, so it was `"`): only the `\"` unescape, done natively rather than by a callback
  // per escape. No `'` is there to escape, and a double-quoted literal's content holds no bare
  // `"`, so each `\"` is an escape.
  if (quote === "'" && singles === 0 && !HAS_UNUSUAL_ESCAPE.test(content)) {
    return `'${content.replaceAll('\\"', '"')}'`;
  }
  const other = quote === '"' ? "'" : '"';
  let unusual = false;
  // Only escapes and the chosen quote can change; the other quote is matched by nothing.
  const changing = quote === '"' ? ESCAPE_OR_DOUBLE : ESCAPE_OR_SINGLE;
  const body = content.replace(changing, (match, escaped?: string) => {
    if (escaped === undefined) return `\\${match}`;
    if (escaped === other) return escaped;
    if (UNUSUAL_ESCAPE.test(escaped)) unusual = true;
    return match;
  });
  return unusual ? undefined : `${quote}${body}${quote}`;
}

/**
 * A decimal number literal as prettier prints it: lower case, no `+` or leading zeros in the
 * exponent, no trailing zeros or dot in the fraction (`1e+21` → `1e21`, `1.50` → `1.5`).
 * Undefined for what that rule does not cover (hex, octal, binary, separators).
 */
export function printNumberToken(raw: string): string | undefined {
  if (!/^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(raw)) return undefined;
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, "$1$2")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");
}

/** Whether a line fits the print width: true, false, or undefined when only prettier knows. */
export function fitsWidth(line: string, width: number): boolean | undefined {
  // Printable ASCII is one column per character, as prettier counts it.
  if (/^[\x20-\x7e]*$/.test(line)) return line.length <= width;
  // Otherwise a character takes 0 to 2 columns: decide only when both bounds agree.
  let ascii = 0;
  let other = 0;
  for (const character of line) {
    if (/^[\x20-\x7e]$/.test(character)) ascii++;
    else other++;
  }
  if (ascii + 2 * other <= width) return true;
  if (ascii > width) return false;
  return undefined;
}
