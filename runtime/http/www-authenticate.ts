/**
 * A lenient reader for the `WWW-Authenticate` header (RFC 9110 §11.6.1): one or more
 * challenges, each a scheme with either a token68 or comma-separated `name=value` parameters.
 * MCP servers put their OAuth hints in a `Bearer` challenge (RFC 6750, RFC 9728).
 */

/** One challenge of a `WWW-Authenticate` header. */
export interface AuthChallenge {
  /** As sent; compare case-insensitively. */
  scheme: string;
  /** Parameter names lower-cased (they are case-insensitive); quoted values unescaped. */
  params: Record<string, string>;
  /** The token68 form (`Basic dXNlcg==`), when the challenge has one instead of parameters. */
  token68?: string;
}

const SPACE = 0x20;
const TAB = 0x09;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;

// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789") TCHAR[c.charCodeAt(0)] = 1;
for (let c = 0x41; c <= 0x5a; c++) TCHAR[c] = TCHAR[c + 0x20] = 1;
// token68 = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const TOKEN68 = new Uint8Array(128);
for (const c of "-._~+/0123456789") TOKEN68[c.charCodeAt(0)] = 1;
for (let c = 0x41; c <= 0x5a; c++) TOKEN68[c] = TOKEN68[c + 0x20] = 1;

/**
 * Parses every challenge in a `WWW-Authenticate` value (several headers may be joined with
 * commas first). Never throws: malformed pieces are skipped, an unterminated quoted string
 * runs to the end, and the first occurrence of a repeated parameter wins.
 */
export function parseWwwAuthenticate(header: string): AuthChallenge[] {
  const cursor = { text: header, i: 0 };
  const challenges: AuthChallenge[] = [];
  while (skip(cursor, true) < header.length) {
    const scheme = readWhile(cursor, TCHAR);
    if (scheme === "") {
      cursor.i++; // not a token character: skip it and look for the next challenge
      continue;
    }
    const challenge: AuthChallenge = { scheme, params: {} };
    const afterScheme = cursor.i;
    // Parameters need whitespace after the scheme; `Basic, Bearer …` is two bare challenges.
    if (
      skip(cursor, false) > afterScheme &&
      cursor.i < header.length &&
      header.charCodeAt(cursor.i) !== COMMA
    ) {
      const token68 = readToken68(cursor);
      if (token68 !== undefined) challenge.token68 = token68;
      else challenge.params = readParams(cursor);
    }
    challenges.push(challenge);
  }
  return challenges;
}

/**
 * The parameters of the first `Bearer` challenge, or undefined when there is none.
 * Accepts the raw header value as undici gives it (a string, or an array for repeated headers).
 */
export function bearerChallenge(
  header: string | string[] | undefined,
): Record<string, string> | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(", ") : header;
  const bearer = parseWwwAuthenticate(text).find((c) => c.scheme.toLowerCase() === "bearer");
  return bearer?.params;
}

interface Cursor {
  text: string;
  i: number;
}

/** Skips spaces and tabs (and commas when asked); returns the new position. */
function skip(cursor: Cursor, commas: boolean): number {
  const { text } = cursor;
  while (cursor.i < text.length) {
    const code = text.charCodeAt(cursor.i);
    if (code !== SPACE && code !== TAB && !(commas && code === COMMA)) break;
    cursor.i++;
  }
  return cursor.i;
}

function readWhile(cursor: Cursor, table: Uint8Array): string {
  const start = cursor.i;
  const { text } = cursor;
  while (cursor.i < text.length && table[text.charCodeAt(cursor.i)] === 1) cursor.i++;
  return text.slice(start, cursor.i);
}

/** A token68 that fills the rest of the challenge, or undefined (cursor unchanged). */
function readToken68(cursor: Cursor): string | undefined {
  const start = cursor.i;
  const { text } = cursor;
  readWhile(cursor, TOKEN68);
  if (cursor.i === start) return undefined;
  while (cursor.i < text.length && text.charCodeAt(cursor.i) === EQUALS) cursor.i++;
  const end = cursor.i;
  skip(cursor, false);
  if (cursor.i >= text.length || text.charCodeAt(cursor.i) === COMMA) {
    return text.slice(start, end);
  }
  cursor.i = start;
  return undefined;
}

/** `name=value` pairs up to the start of the next challenge (a token not followed by `=`). */
function readParams(cursor: Cursor): Record<string, string> {
  const entries = new Map<string, string>();
  const { text } = cursor;
  while (cursor.i < text.length) {
    const save = cursor.i;
    skip(cursor, true);
    const name = readWhile(cursor, TCHAR);
    skip(cursor, false);
    if (name === "" || text.charCodeAt(cursor.i) !== EQUALS) {
      cursor.i = save; // the next challenge starts here
      break;
    }
    cursor.i++;
    skip(cursor, false);
    const value =
      text.charCodeAt(cursor.i) === QUOTE ? readQuoted(cursor) : readWhile(cursor, TCHAR);
    const key = name.toLowerCase();
    if (!entries.has(key)) entries.set(key, value);
  }
  // fromEntries defines own properties, so a parameter named __proto__ stays a plain key.
  return Object.fromEntries(entries);
}

function readQuoted(cursor: Cursor): string {
  const { text } = cursor;
  let value = "";
  cursor.i++; // opening quote
  while (cursor.i < text.length) {
    const code = text.charCodeAt(cursor.i++);
    if (code === QUOTE) return value;
    if (code === BACKSLASH && cursor.i < text.length) value += text[cursor.i++];
    else value += String.fromCharCode(code);
  }
  return value;
}
