/**
 * Line breaking for the zod validator code the emitters write on one line. Prettier's layout of
 * long member chains was half of the time to generate a large server, so validator bodies are
 * laid out here, in prettier's style for this narrow subset (calls, object and array literals,
 * arrow functions, string and regex literals), and marked `prettier-ignore`.
 *
 * A bracketed group stays on one line when it fits; otherwise each comma-separated item goes on
 * its own line with a trailing comma. A group whose single item is itself bracketed ("hugging",
 * as in `z.looseObject({`) keeps its brackets on the same line and breaks the inner one.
 */

import { PureMemo } from "./pure-memo.js";

/** A run of text, or a bracketed group of comma-separated items. */
type Part = { text: string } | Group;

interface Group {
  open: string;
  close: string;
  items: Part[][];
}

const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Splits code into text runs and groups, skipping over string and regex literals. */
function parse(code: string): Part[] {
  let position = 0;
  // The last character that was not whitespace: a `/` after one of these starts a regex.
  let previous = "";
  const readSequence = (closer: string | undefined): Part[][] => {
    const items: Part[][] = [[]];
    let text = "";
    const flush = (): void => {
      if (text !== "") items.at(-1)!.push({ text });
      text = "";
    };
    while (position < code.length) {
      const char = code[position]!;
      if (char === closer) {
        position++;
        flush();
        return items;
      }
      if (char in CLOSERS) {
        flush();
        position++;
        previous = char;
        const inner = readSequence(CLOSERS[char]);
        items.at(-1)!.push({ open: char, close: CLOSERS[char]!, items: inner });
        previous = CLOSERS[char]!;
        continue;
      }
      if (char === "," && closer !== undefined) {
        position++;
        flush();
        items.push([]);
        previous = ",";
        continue;
      }
      const literal = readLiteral(code, position, previous);
      if (literal !== undefined) {
        text += literal;
        position += literal.length;
        previous = literal.at(-1)!;
        continue;
      }
      text += char;
      position++;
      if (char.trim() !== "") previous = char;
    }
    flush();
    return items;
  };
  return readSequence(undefined)[0] ?? [];
}

/** A string or regex literal starting at `start`, or undefined. */
function readLiteral(code: string, start: number, previous: string): string | undefined {
  const char = code[start];
  if (char === '"' || char === "'") {
    let end = start + 1;
    while (end < code.length && code[end] !== char) end += code[end] === "\\" ? 2 : 1;
    return code.slice(start, end + 1);
  }
  if (char === "/" && (previous === "" || "(,[{:!&|?=".includes(previous))) {
    let end = start + 1;
    let inClass = false;
    while (end < code.length) {
      const c = code[end]!;
      if (c === "\\") end += 2;
      else {
        if (c === "[") inClass = true;
        else if (c === "]") inClass = false;
        else if (c === "/" && !inClass) break;
        end++;
      }
    }
    end++;
    while (end < code.length && /[a-z]/.test(code[end]!)) end++;
    return code.slice(start, end);
  }
  return undefined;
}

function flat(parts: readonly Part[]): string {
  return parts.map((part) => ("text" in part ? part.text : flatGroup(part))).join("");
}

// A group's one-line text, computed once: layout asks for it at every level it tries.
const flatTexts = new WeakMap<Group, string>();

function flatGroup(group: Group): string {
  let text = flatTexts.get(group);
  if (text === undefined) flatTexts.set(group, (text = computeFlatGroup(group)));
  return text;
}

function computeFlatGroup(group: Group): string {
  const items = group.items.map((item) => flat(item).trim()).filter((item) => item !== "");
  if (items.length === 0) return `${group.open}${group.close}`;
  const inner = items.join(", ");
  return group.open === "{" ? `{ ${inner} }` : `${group.open}${inner}${group.close}`;
}

/** Lays out a sequence starting at `column`, continuation lines indented by `indent`. */
function layout(parts: readonly Part[], indent: string, column: number, width: number): string {
  let out = "";
  let col = column;
  parts.forEach((part, i) => {
    // What follows this part up to the next place a line can break (the next group's opening
    // bracket), e.g. `.optional(` after `z.object({ … })`, must fit as well.
    const tail = untilBreak(parts.slice(i + 1));
    const text = "text" in part ? part.text : layoutGroup(part, indent, col, width, tail);
    out += text;
    const lastLine = text.lastIndexOf("\n");
    col = lastLine < 0 ? col + text.length : text.length - lastLine - 1;
  });
  return out;
}

function layoutGroup(
  group: Group,
  indent: string,
  column: number,
  width: number,
  tail: number,
): string {
  const single = flatGroup(group);
  const items = group.items.filter((item) => flat(item).trim() !== "");
  if (items.length === 0 || column + single.length + tail <= width) return single;
  const only = items.length === 1 ? trimParts(items[0]!) : undefined;
  if (only !== undefined && !("text" in only.at(-1)!)) {
    // One item ending in a group (`({ … })`, `(() => z.object({ … }))`): keep this bracket
    // attached and let the item's last group break instead.
    return `${group.open}${layout(only, indent, column + 1, width - 1 - tail)}${group.close}`;
  }
  const inner = `${indent}  `;
  // Parentheses around a single item may be grouping, where a trailing comma is a syntax error.
  const comma = group.open === "(" && items.length === 1 ? "" : ",";
  const lines = items.map(
    (item) => `${inner}${layout(trimParts(item), inner, inner.length, width).trimEnd()}${comma}`,
  );
  return `${group.open}\n${lines.join("\n")}\n${indent}${group.close}`;
}

/** Length of the text before the next group's opening bracket (inclusive). */
function untilBreak(parts: readonly Part[]): number {
  let length = 0;
  for (const part of parts) {
    if (!("text" in part)) return length + 1;
    length += part.text.length;
  }
  return length;
}

/** An item without the space that followed its comma. */
function trimParts(parts: readonly Part[]): Part[] {
  const copy = [...parts];
  const first = copy[0];
  if (first !== undefined && "text" in first) copy[0] = { text: first.text.trimStart() };
  return copy;
}

/**
 * Lays out one line of code (statements or an expression) for a position in a file: `indent` is
 * the indentation of the line it starts on, `column` where it starts.
 */
export function layoutCode(code: string, indent: string, column: number, width = 100): string {
  return layouts.answer(`${width} ${column} ${indent}\n${code}`, () =>
    layout(parse(code), indent, column, width),
  );
}

/** Laid out code by its place and text: tools repeat their properties' validators. */
const layouts = new PureMemo<string>();
