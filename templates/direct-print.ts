/**
 * Prints a generated module in prettier's layout without running prettier. The emitters write
 * code a construct per line, with every multi-line group a `{` block or object that prettier keeps
 * expanded; so prettier's output is that text re-indented by bracket depth, with its tokens
 * spelt prettier's way (prettier-tokens.ts) and the few over-long line shapes the emitters
 * produce broken as prettier breaks them. Running prettier over a thousand modules was most of a
 * cold `pull`.
 *
 * Anything outside that subset (a line too long in another shape, a group opened mid-line and
 * closed on a later one, a template literal, a blank line prettier would drop) makes
 * `printDirect` answer undefined, and the caller formats that module with prettier instead. A
 * test holds that the two agree on every golden file and on a generated corpus.
 */
import { fitsWidth, printNumberToken, printStringToken } from "./prettier-tokens.js";

const WIDTH = 100;
const OPENERS: Record<string, string> = { "{": "}", "(": ")", "[": "]" };
const CLOSERS = new Set(["}", ")", "]"]);
/** A property signature's key and colon, a name or a string literal, with its space. */
const KEY = `(?:readonly )?(?:[\\w$]+|"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*')\\??: `;
/** An open group: `({` hugged by its call, broken onto lines of its own (two levels). */
const BROKEN_ARGUMENT = "(\n{";

/** An open object type that prettier prints as a member of a union broken over lines. */
const UNION_MEMBER = "|{";

/** The indentation inside the open groups. */
function indentOf(open: readonly string[]): string {
  return open
    .map((group) => (group === UNION_MEMBER ? "      " : group === BROKEN_ARGUMENT ? "    " : "  "))
    .join("");
}

/**
 * Whether the `{` that ends line `start` is closed by a line `} | undefined;` or
 * `}[] | undefined;`: an optional property whose object type spans lines.
 */
function unionCloser(lines: readonly string[], start: number): boolean {
  let depth = 1;
  let inComment = false;
  for (let i = start + 1; i < lines.length; i++) {
    const trimmed = lines[i]!.trim();
    if (inComment) {
      inComment = !trimmed.includes("*/");
      continue;
    }
    if (trimmed.startsWith("/**") && !trimmed.includes("*/")) {
      inComment = true;
      continue;
    }
    if (trimmed === "" || trimmed.startsWith("//") || trimmed.startsWith("/*")) continue;
    const scanned = scanLine(trimmed);
    if (scanned === undefined) return false;
    depth -= scanned.leadingClosers.length;
    if (depth <= 0) return depth === 0 && /^\}(?:\[\])? \| undefined;$/.test(scanned.text);
    depth += scanned.opened.length;
  }
  return false;
}

/** One code line scanned: its text with tokens respelt, and its bracket balance. */
interface ScannedLine {
  text: string;
  /** Closers at its start that close groups of earlier lines. */
  leadingClosers: string;
  /** Openers left open at its end (a `{`, or `({` hugging an object argument). */
  opened: string;
}

/** The module's text in prettier's layout, or undefined when prettier must format it. */
export function printDirect(text: string): string | undefined {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: string[] = [];
  const open: string[] = [];
  let inComment = false;
  let previousOpened = false;
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    const pad = indentOf(open);
    if (trimmed === "") {
      // Prettier keeps one blank line between members, none at a block's edges.
      if (inComment || out.length === 0 || out.at(-1) === "" || previousOpened) return undefined;
      out.push("");
      continue;
    }
    if (inComment) {
      if (!trimmed.startsWith("*")) return undefined;
      const end = trimmed.indexOf("*/");
      if (end !== -1 && end !== trimmed.length - 2) return undefined;
      inComment = end === -1;
      out.push(`${pad} ${trimmed}`);
      continue;
    }
    if (trimmed.startsWith("//")) {
      out.push(`${pad}${trimmed}`);
      previousOpened = false;
      continue;
    }
    if (trimmed.startsWith("/*")) {
      const end = trimmed.indexOf("*/", 2);
      if (end === -1 && trimmed.startsWith("/**")) {
        inComment = true;
        out.push(`${pad}${trimmed}`);
        previousOpened = false;
        continue;
      }
      if (end === trimmed.length - 2) {
        out.push(`${pad}${trimmed}`);
        previousOpened = false;
        continue;
      }
    }
    const scanned = scanLine(trimmed);
    if (scanned === undefined) return undefined;
    // A hugged `({` is one level of indentation, closed by one `})`.
    let closers = scanned.leadingClosers;
    let closed = "";
    while (closers !== "") {
      closed = open.pop() ?? "";
      const expected = closing(closed);
      if (expected === "" || !closers.startsWith(expected)) return undefined;
      closers = closers.slice(expected.length);
    }
    // A line that closes a group may only end it: `}`, `};`, `},`, `});`.
    if (closed === UNION_MEMBER) {
      // `}[] | undefined;` closing an object that prettier made a member of a broken union.
      const end = /^\}((?:\[\])?) \| undefined;$/.exec(scanned.text);
      if (end === null || out.at(-1) === "") return undefined;
      const at = indentOf(open);
      out.push(`${at}    }${end[1]!}`, `${at}  | undefined;`);
      previousOpened = false;
      continue;
    }
    if (scanned.leadingClosers !== "" && !/^[)\]}]*(?:\[\])?[;,]?$/.test(scanned.text))
      return undefined;
    if (scanned.leadingClosers !== "" && out.at(-1) === "") return undefined;
    const at = indentOf(open);
    if (closed === BROKEN_ARGUMENT) {
      // `});` of an object argument that prettier put on lines of its own.
      if (scanned.text !== "});") return undefined;
      out.push(`${at}  },`, `${at});`);
      previousOpened = false;
      continue;
    }
    if (scanned.opened === "{" && unionCloser(lines, index)) {
      const key = new RegExp(`^(${KEY.slice(0, -1)}) \\{$`).exec(scanned.text);
      if (key === null || fitsWidth(`${at}${key[1]!}`, WIDTH) !== true) return undefined;
      out.push(`${at}${key[1]!}`, `${at}  | {`);
      open.push(UNION_MEMBER);
      previousOpened = true;
      continue;
    }
    const argument = breakArgument(at, scanned.text);
    if (argument !== undefined) {
      out.push(argument);
      open.push(BROKEN_ARGUMENT);
      previousOpened = true;
      continue;
    }
    const printed = printLine(at, scanned.text);
    if (printed === undefined) return undefined;
    out.push(printed);
    if (scanned.opened !== "") open.push(scanned.opened);
    previousOpened = scanned.opened !== "";
  }
  if (inComment || open.length > 0) return undefined;
  return `${out.join("\n")}\n`;
}

/** One line at its indentation, broken the way prettier breaks it when it is too long. */
function printLine(pad: string, text: string): string | undefined {
  const fits = fitsWidth(`${pad}${text}`, WIDTH);
  if (fits === true) return `${pad}${text}`;
  if (fits === undefined) return undefined;
  return (
    breakSpecifiers(pad, text) ??
    breakProperty(pad, text) ??
    breakTypeArguments(pad, text) ??
    breakUnion(pad, text) ??
    breakObjectType(pad, text) ??
    breakParameters(pad, text) ??
    breakSoleArgument(pad, text) ??
    breakAliasArguments(pad, text) ??
    breakCallArguments(pad, text)
  );
}

/** `return f<T>(a, b, c);` too long: one argument per line, trailing comma. */
function breakCallArguments(pad: string, text: string): string | undefined {
  const match = /^((?:return )?[\w$.]+(?:<.+>)?)\(([\w$]+(?:, [\w$]+)*)\);$/.exec(text);
  if (match === null || fitsWidth(`${pad}${match[1]!}(`, WIDTH) !== true) return undefined;
  const args = match[2]!.split(", ").map((arg) => `${pad}  ${arg},`);
  return [`${pad}${match[1]!}(`, ...args, `${pad});`].join("\n");
}

/**
 * A one-line object type too long for its line, `X = { a: A; b: B };` or `key: { … }[];`: one
 * member per line, each ended by `;`, and each broken again if it is still too long.
 */
function breakObjectType(pad: string, text: string): string | undefined {
  const match = new RegExp(`^(export type [\\w$]+ = |${KEY})\\{ (.+) \\}((?:\\[\\])?;)$`).exec(
    text,
  );
  if (match === null) return undefined;
  const members = splitTopLevel(match[2]!, "; ", "{[(<", "}])>");
  if (members === undefined) return undefined;
  const lines: string[] = [];
  for (const member of members) {
    const line = printLine(`${pad}  `, `${member};`);
    if (line === undefined) return undefined;
    lines.push(line);
  }
  return [`${pad}${match[1]!}{`, ...lines, `${pad}}${match[3]!}`].join("\n");
}

/** `export function f(a: A, b?: B): R {` too long: one parameter per line, trailing comma. */
function breakParameters(pad: string, text: string): string | undefined {
  // A declaration file's `export declare function f(…): R;` breaks as the function's head does.
  const match = /^(export (?:async |declare )?function [\w$]+)\((.+)\)(: [^()]+)( \{|;)$/.exec(
    text,
  );
  if (match === null || pad !== "") return undefined;
  const params = splitTopLevel(match[2]!, ", ", "{[(<", "}])>");
  if (params === undefined) return undefined;
  const lines = [
    `${match[1]!}(`,
    ...params.map((param) => `  ${param},`),
    `)${match[3]!}${match[4]!}`,
  ];
  return lines.every((line) => fitsWidth(line, WIDTH) === true) ? lines.join("\n") : undefined;
}

/** `export const x = /* @__PURE__ *\/ f(longName);` too long: the argument on a line of its own. */
function breakSoleArgument(pad: string, text: string): string | undefined {
  const match = /^(export const [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+)\(([\w$]+)\);$/.exec(text);
  if (match === null || pad !== "" || fitsWidth(`${match[1]!}(`, WIDTH) !== true) return undefined;
  return `${match[1]!}(\n  ${match[2]!},\n);`;
}

/**
 * `export type X = G<A, B>;` too long: one type argument per line. A declaration file's
 * `export declare const x: G<A, B>;` breaks the same way.
 */
function breakAliasArguments(pad: string, text: string): string | undefined {
  const match = /^(export type [\w$]+ = [\w$]+|export declare const [\w$]+: [\w$]+)<(.+)>;$/.exec(
    text,
  );
  if (match === null || pad !== "" || fitsWidth(`${match[1]!}<`, WIDTH) !== true) return undefined;
  const args = splitTopLevel(match[2]!, ", ", "{[(<", "}])>");
  if (args === undefined) return undefined;
  const lines = args.map((arg, i) => `  ${arg}${i < args.length - 1 ? "," : ""}`);
  if (!lines.every((line) => fitsWidth(line, WIDTH) === true)) return undefined;
  return [`${match[1]!}<`, ...lines, ">;"].join("\n");
}

/**
 * A union too long for its line, in a type alias (`export type X = A | B;`) or a property
 * signature (`key?: A | B;`), as prettier breaks it: the union moves to the next line,
 * whole if it fits there; otherwise one member per line after `| `.
 */
function breakUnion(pad: string, text: string): string | undefined {
  const alias = /^(export type [\w$]+ =) (.+);$/.exec(text);
  const property = alias === null ? new RegExp(`^(${KEY.slice(0, -1)}) (.+);$`).exec(text) : null;
  const match = alias ?? property;
  if (match === null || (alias !== null && pad !== "")) return undefined;
  const members = splitTopLevel(match[2]!, " | ", "{[(", "}])");
  if (members === undefined || members.length < 2 || huggable(members)) return undefined;
  const inner = `${pad}  `;
  if (fitsWidth(`${inner}${match[2]!};`, WIDTH) === true) {
    return `${pad}${match[1]!}\n${inner}${match[2]!};`;
  }
  const lines = members.map(
    (member, i) => `${inner}| ${member}${i === members.length - 1 ? ";" : ""}`,
  );
  if (!lines.every((line) => fitsWidth(line, WIDTH) === true)) return undefined;
  return [`${pad}${match[1]!}`, ...lines].join("\n");
}

/** One object type and only `null`s: prettier keeps such a union on the object's lines. */
function huggable(members: readonly string[]): boolean {
  const objects = members.filter((member) => member.startsWith("{"));
  const nulls = members.filter((member) => member === "null" || member === "void");
  return objects.length === 1 && nulls.length === members.length - 1;
}

/** `import { a, type B } from "x";` too long: one specifier per line. */
function breakSpecifiers(pad: string, text: string): string | undefined {
  const match = /^(import|export) \{ ([\w$, ]+) \} (from "[^"\\]*";)$/.exec(text);
  if (match === null || pad !== "") return undefined;
  const names = match[2]!.split(", ").map((name) => `  ${name},`);
  return [`${match[1]!} {`, ...names, `} ${match[3]!}`].join("\n");
}

/** `key: "long string",` in an object literal: the value moves to the next line. */
function breakProperty(pad: string, text: string): string | undefined {
  const match = /^([A-Za-z_$][\w$]*):\s("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'),$/.exec(text);
  if (match === null) return undefined;
  return `${pad}${match[1]!}:\n${pad}  ${match[2]!},`;
}

/** `export const x = /* @__PURE__ *\/ f<A, B, "c">({` too long: one type argument per line. */
function breakTypeArguments(pad: string, text: string): string | undefined {
  const match = /^(export const [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+)<(.+)>\(\{$/.exec(text);
  if (match === null || pad !== "") return undefined;
  const args = splitTopLevel(match[2]!, ",", "<", ">");
  if (args === undefined || fitsWidth(`${match[1]!}<`, WIDTH) !== true) return undefined;
  return [
    `${match[1]!}<`,
    ...args.map((arg, i) => `  ${arg}${i < args.length - 1 ? "," : ""}`),
    ">({",
  ].join("\n");
}

/**
 * A call with type arguments and one object argument, `f<A, B>({`, too long for one line but
 * short enough up to its `(`: prettier keeps the head and puts the object on lines of its own.
 */
function breakArgument(pad: string, text: string): string | undefined {
  if (pad !== "" || !/^export const [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+<.+>\(\{$/.test(text)) {
    return undefined;
  }
  if (fitsWidth(text, WIDTH) !== false) return undefined;
  const head = text.slice(0, -1);
  return fitsWidth(head, WIDTH) === true ? `${head}\n  {` : undefined;
}

/** Splits `text` at each `separator` outside strings and outside the given bracket pairs. */
function splitTopLevel(
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

/** The index just past the string literal opening at `start`, or undefined if unterminated. */
function stringEnd(text: string, start: number): number | undefined {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i + 1;
  }
  return undefined;
}

/**
 * Respells a code line's tokens and finds its bracket balance; undefined for anything the
 * direct printer does not print (template literals, regexes, `//` after code, an unclosed group
 * other than a trailing `{` or `({`).
 */
function scanLine(line: string): ScannedLine | undefined {
  let leading = 0;
  while (leading < line.length && CLOSERS.has(line[leading]!)) leading++;
  const stack: string[] = [];
  let text = line.slice(0, leading);
  let i = leading;
  while (i < line.length) {
    const char = line[i]!;
    if (char === '"' || char === "'") {
      const end = stringEnd(line, i);
      const printed = end === undefined ? undefined : printStringToken(line.slice(i, end));
      if (printed === undefined) return undefined;
      text += printed;
      i = end!;
      continue;
    }
    if (char === "`") return undefined;
    if (char === "/") {
      if (line[i + 1] !== "*") return undefined;
      const end = line.indexOf("*/", i + 2);
      if (end === -1) return undefined;
      text += line.slice(i, end + 2);
      i = end + 2;
      continue;
    }
    if (startsNumber(line, i)) {
      const raw = /^[0-9.]+(?:[eE][+-]?\d+)?[\w$]*/.exec(line.slice(i))![0];
      const printed = printNumberToken(raw);
      if (printed === undefined) return undefined;
      text += printed;
      i += raw.length;
      continue;
    }
    if (char in OPENERS) stack.push(char);
    else if (CLOSERS.has(char) && OPENERS[stack.pop() ?? ""] !== char) return undefined;
    text += char;
    i++;
  }
  // A quoted key that is a plain name (`"__proto__": T`): prettier unquotes it.
  if (/(?:^|[{;,] )(["'])[A-Za-z_$][\w$]*\1\??:/.test(text)) return undefined;
  const opened = stack.join("");
  if (opened !== "" && opened !== "{" && opened !== "({") return undefined;
  if (opened !== "" && !text.endsWith(opened)) return undefined;
  // `A | {` or `A & {` broken over lines: prettier lays the members out in a form of its own.
  if (opened !== "" && /[|&]/.test(text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ""))) {
    return undefined;
  }
  return { text, leadingClosers: line.slice(0, leading), opened };
}

/** Whether a number literal starts at `i`: a digit, or `.` and a digit, not inside a name. */
function startsNumber(line: string, i: number): boolean {
  const char = line[i]!;
  const digit = /[0-9]/.test(char) || (char === "." && /[0-9]/.test(line[i + 1] ?? ""));
  return digit && !/[\w$.]/.test(line[i - 1] ?? "");
}

/** The closers of an opened group: `}` for `{`, `})` for `({`. */
function closing(opened: string): string {
  return [...opened.replace("\n", "")]
    .reverse()
    .map((opener) => OPENERS[opener] ?? "")
    .join("");
}
