/**
 * Prettier's layout of the one-line type and object texts the emitters write, for the direct
 * printer (direct-print.ts): a piece that fits stays on its line; one that does not is broken
 * the way prettier breaks it, recursively, as long as it is an object type, a union, an array
 * of those, an object or array literal, or a string value. Anything else answers undefined, and
 * the module goes to prettier.
 *
 * Each function takes `first`, the text before the piece on its first line (indentation
 * included), and `indent`, the indentation of the lines after it: a union member's object sits
 * after `| ` but its lines are aligned two columns further in, as prettier aligns them.
 */
import { fitsWidth } from "./prettier-tokens.js";

export const WIDTH = 100;
/** A property signature's key and colon, a name or a string literal, with its space. */
export const KEY = `(?:readonly )?(?:[\\w$]+|"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*')\\??: `;
const MEMBER = new RegExp(`^(${KEY})(.+)$`);
const PROPERTY = /^([A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"): (.+)$/;
const NOTHING = new Set(["null", "void"]);

/** `type` after `first`, then `tail`, broken over lines as prettier breaks it. */
export function layoutType(
  first: string,
  indent: string,
  type: string,
  tail: string,
): string | undefined {
  const fits = fitsWidth(`${first}${type}${tail}`, WIDTH);
  if (fits !== false) return fits === true ? `${first}${type}${tail}` : undefined;
  // `X[]`: the brackets stay after X's last line.
  if (type.endsWith("[]") && enclosed(type.slice(0, -2))) {
    return layoutType(first, indent, type.slice(0, -2), `[]${tail}`);
  }
  if (!enclosed(type)) return undefined;
  const inner = type.slice(1, -1).trim();
  if (type.startsWith("{")) {
    const members = splitTopLevel(inner, "; ", "{[(<", "}])>");
    if (members === undefined) return undefined;
    const lines = members.map((member) => layoutMember(`${indent}  `, member));
    return joinLines([`${first}{`, ...lines, `${indent}}${tail}`]);
  }
  if (!type.startsWith("(")) return undefined;
  // A parenthesised union: on a line of its own if it fits there, else one member per line.
  const members = unionMembers(inner);
  if (members === undefined) return undefined;
  const flat = fitsWidth(`${indent}  ${inner}`, WIDTH);
  if (flat === undefined) return undefined;
  const body = flat ? [`${indent}  ${inner}`] : brokenUnion(indent, members, "");
  return joinLines([`${first}(`, ...body, `${indent})${tail}`]);
}

/**
 * One member of an object type, `key?: T`, at `indent`, ended by `;`. A union moves to the next
 * line, whole if it fits there, otherwise one member per line after `| `.
 */
export function layoutMember(indent: string, member: string): string | undefined {
  const fits = fitsWidth(`${indent}${member};`, WIDTH);
  if (fits !== false) return fits === true ? `${indent}${member};` : undefined;
  const match = MEMBER.exec(member);
  if (match === null) return undefined;
  return layoutAnnotation(indent, match[1]!, match[2]!, ";");
}

/**
 * `head` (a key and colon, or `export type X = `) and its type, too long for one line: a union
 * broken after the head, a single type argument broken inside its `<>`, or the type's own break.
 */
export function layoutAnnotation(
  indent: string,
  head: string,
  type: string,
  tail: string,
): string | undefined {
  const members = unionMembers(type);
  if (members !== undefined) {
    const whole = fitsWidth(`${indent}  ${type}${tail}`, WIDTH);
    if (whole === undefined) return undefined;
    const body = whole ? [`${indent}  ${type}${tail}`] : brokenUnion(indent, members, tail);
    return joinLines([`${indent}${head.trimEnd()}`, ...body]);
  }
  const generic = /^([\w$.]+)<([^<>,]+)>$/.exec(type);
  if (generic !== null) {
    const lines = [
      `${indent}${head}${generic[1]!}<`,
      `${indent}  ${generic[2]!}`,
      `${indent}>${tail}`,
    ];
    return lines.every((line) => fitsWidth(line, WIDTH) === true) ? lines.join("\n") : undefined;
  }
  return layoutType(`${indent}${head}`, indent, type, tail);
}

/** A union's members one per line after `| `, each aligned under the first, `tail` after the last. */
function brokenUnion(
  indent: string,
  members: readonly string[],
  tail: string,
): Array<string | undefined> {
  return members.map((member, i) =>
    layoutType(`${indent}  | `, `${indent}    `, member, i === members.length - 1 ? tail : ""),
  );
}

/**
 * The members of a union prettier breaks one per line, or undefined for a single type or a union
 * it hugs (one object or named type and only `null`s: `{ … } | null` stays on the object's lines).
 */
export function unionMembers(type: string): string[] | undefined {
  const members = splitTopLevel(type, " | ", "{[(<", "}])>");
  if (members === undefined || members.length < 2) return undefined;
  const others = members.filter((member) => !NOTHING.has(member));
  if (others.length === 1 && /^(?:\{.*\}|[\w$.]+(?:<.*>)?)$/.test(others[0]!)) return undefined;
  return members;
}

/**
 * An object or array literal (or a string property in one) after `first`, then `tail`, broken as
 * prettier breaks it: one property or element per line with a trailing comma. An array of two or
 * more objects (or arrays) of two or more entries each is always broken, as prettier does.
 */
export function layoutValue(
  first: string,
  indent: string,
  value: string,
  tail: string,
): string | undefined {
  const items = enclosed(value) ? splitTopLevel(value.slice(1, -1), ", ", "{[(", "}])") : undefined;
  const forced = value.startsWith("[") && items !== undefined && denseArray(items);
  if (!forced) {
    const fits = fitsWidth(`${first}${value}${tail}`, WIDTH);
    if (fits !== false) return fits === true ? `${first}${value}${tail}` : undefined;
  }
  if (items === undefined || !/^[[{]/.test(value) || (items.length === 1 && items[0] === "")) {
    return undefined;
  }
  const inner = `${indent}  `;
  const lines = items.map((item) =>
    value.startsWith("{") ? layoutProperty(inner, item) : layoutValue(inner, inner, item, ","),
  );
  return joinLines([`${first}${value[0]!}`, ...lines, `${indent}${value.at(-1)!}${tail}`]);
}

/** `key: value,` in a broken object literal; a string after a key of 5 or more columns may move to the next line. */
function layoutProperty(indent: string, property: string): string | undefined {
  const match = PROPERTY.exec(property);
  if (match === null) return layoutValue(indent, indent, property, ",");
  const [, key, value] = match as unknown as [string, string, string];
  if (!/^["']/.test(value)) return layoutValue(`${indent}${key}: `, indent, value, ",");
  const line = `${indent}${key}: ${value},`;
  const fits = fitsWidth(line, WIDTH);
  // Prettier never breaks after a key narrower than its tab width plus three.
  if (fits === true || (fits === false && key.length < 5)) return line;
  return fits === false ? `${indent}${key}:\n${indent}  ${value},` : undefined;
}

/** Two or more elements, all objects or all arrays, each of two or more entries. */
function denseArray(items: readonly string[]): boolean {
  if (items.length < 2) return false;
  const open = items[0]![0];
  return items.every((item) => {
    if ((open !== "{" && open !== "[") || item[0] !== open || !enclosed(item)) return false;
    const entries = splitTopLevel(item.slice(1, -1), ", ", "{[(", "}])");
    return entries !== undefined && entries.length > 1;
  });
}

/** Whether the bracket that opens `text` is closed by its last character, not before. */
function enclosed(text: string): boolean {
  if (!"{[(".includes(text[0] ?? "-") || text.length < 2) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'") {
      const end = stringEnd(text, i);
      if (end === undefined) return false;
      i = end - 1;
    } else if (char === "{" || char === "[" || char === "(") depth++;
    else if (char === "}" || char === "]" || char === ")") {
      depth--;
      if (depth === 0) return i === text.length - 1;
    }
  }
  return false;
}

function joinLines(lines: ReadonlyArray<string | undefined>): string | undefined {
  return lines.every((line) => line !== undefined) ? lines.join("\n") : undefined;
}

/** Splits `text` at each `separator` outside strings and outside the given bracket pairs. */
export function splitTopLevel(
  text: string,
  separator: string,
  openers: string,
  closers: string,
): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'") {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      i = end - 1;
    } else if (openers.includes(char)) depth++;
    else if (closers.includes(char)) depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + separator.length;
      i = start - 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/**
 * The index just past the string literal opening at `start`, or undefined if unterminated. Jumps
 * from quote to quote (an embedded tool definition is kilobytes of one literal): a quote ends the
 * literal unless an odd run of backslashes escapes it.
 */
export function stringEnd(text: string, start: number): number | undefined {
  const quote = text[start]!;
  for (let at = text.indexOf(quote, start + 1); at !== -1; at = text.indexOf(quote, at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return at + 1;
  }
  return undefined;
}
