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
import { KEY, layoutType, splitTopLevel, stringEnd, unionMembers, WIDTH } from "./direct-layout.js";
import { breakArgument, printLine } from "./direct-print-lines.js";
import { fitsWidth, printNumberToken, printStringToken } from "./prettier-tokens.js";
import { PureMemo } from "./pure-memo.js";

const OPENERS: Record<string, string> = { "{": "}", "(": ")", "[": "]" };
const CLOSERS = new Set(["}", ")", "]"]);
/** An open group: `({` hugged by its call, broken onto lines of its own (two levels). */
const BROKEN_ARGUMENT = "(\n{";

/** An open object type that prettier prints as a member of a union broken over lines. */
const UNION_MEMBER = "|{";
/** A line that opens an object type after the head of a union: `key?: A | {`, `export type X = {`. */
const UNION_HEAD = new RegExp(`^(export type [\\w$]+ =|${KEY.slice(0, -1)}) (.*)\\{$`);

/** The indentation inside the open groups. */
function indentOf(open: readonly string[]): string {
  let pad = "";
  for (const group of open) {
    pad += group === UNION_MEMBER ? "      " : group === BROKEN_ARGUMENT ? "    " : "  ";
  }
  return pad;
}

/**
 * For each line that ends by opening a group, the text after the `}` of the line that closes it
 * (`;`, ` | undefined;`, `[] | {` …), when that line starts by closing it; found in one pass, so
 * a module with many nested objects is not scanned again from each of them.
 */
function closerTails(lines: readonly string[]): Map<number, string> {
  const tails = new Map<number, string>();
  const open: number[] = [];
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
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
    if (scanned === undefined) break;
    let last: number | undefined;
    for (let k = 0; k < scanned.leadingClosers.length; k++) last = open.pop();
    if (last !== undefined && trimmed[0] === "}") tails.set(last, scanned.text.slice(1));
    for (let k = 0; k < scanned.opened.length; k++) open.push(i);
  }
  return tails;
}

/**
 * Whether an object type opened at the end of a line is a member of a union prettier breaks one
 * member per line: `before` holds the members before it on its line (`A | `), `tail` what
 * follows its closing `}`; a union of one object and only `null`s prettier hugs instead.
 */
function opensUnion(before: string, tail: string | undefined): boolean {
  const match = tail === undefined ? null : /^((?:\[\])?)(?:;|(?: \| (.*))[;{])$/.exec(tail);
  if (match === null) return false;
  let after = match[2] === undefined ? "" : ` | ${match[2]}`;
  if (tail!.endsWith("{")) after += "{}";
  return unionMembers(`${before}{}${match[1]!}${after}`) !== undefined;
}

/** One code line scanned: its text with tokens respelt, and its bracket balance. */
interface ScannedLine {
  readonly text: string;
  /** Closers at its start that close groups of earlier lines. */
  readonly leadingClosers: string;
  /** Openers left open at its end (a `{`, or `({` hugging an object argument). */
  readonly opened: string;
  /** Whether a `|` or `&` stands outside strings (a union or intersection type). */
  readonly operator: boolean;
}

/**
 * The lines that print union members given one line (`A | B | {`, ` | A | {`, ` | A;`): each
 * member after `| `, the last one `{` opening the next member's object, or ended by `;`.
 */
function unionLines(at: string, members: string, opens: boolean): string[] | undefined {
  const lines: string[] = [];
  const rest = members.replace(/\s*\|\s*$/, "");
  const parts = rest === "" ? [] : splitTopLevel(rest, " | ", "{[(<", "}])>");
  if (parts === undefined) return undefined;
  for (const [i, part] of parts.entries()) {
    const last = !opens && i === parts.length - 1;
    const line = layoutType(`${at}  | `, `${at}    `, part.replace(/;$/, ""), last ? ";" : "");
    if (line === undefined) return undefined;
    lines.push(line);
  }
  if (opens) lines.push(`${at}  | {`);
  return lines;
}

/** The module's text in prettier's layout, or undefined when prettier must format it. */
export function printDirect(text: string): string | undefined {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: string[] = [];
  const open: string[] = [];
  let inComment = false;
  let previousOpened = false;
  let tails: Map<number, string> | undefined;
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
      if (trimmed[0] !== "*") return undefined;
      const end = trimmed.indexOf("*/");
      if (end !== -1 && end !== trimmed.length - 2) return undefined;
      inComment = end === -1;
      out.push(`${pad} ${trimmed}`);
      continue;
    }
    if (trimmed[0] === "/" && trimmed[1] === "/") {
      out.push(`${pad}${trimmed}`);
      previousOpened = false;
      continue;
    }
    if (trimmed[0] === "/" && trimmed[1] === "*") {
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
    if (scanned === undefined || (scanned.operator && unionOfIntersection(scanned.text))) {
      return undefined;
    }
    // A hugged `({` is one level of indentation, closed by one `})`.
    let closers = scanned.leadingClosers;
    let closed = "";
    while (closers !== "") {
      closed = open.pop() ?? "";
      const expected = closing(closed);
      if (expected === "" || !closers.startsWith(expected)) return undefined;
      closers = closers.slice(expected.length);
    }
    if (closed === UNION_MEMBER) {
      // `}`, `}[]`, then the next members: `;`, ` | undefined;`, ` | {`.
      const end = /^\}((?:\[\])?)(;|(?: \| .*))$/.exec(scanned.text);
      if (end === null || out.at(-1) === "") return undefined;
      const at = indentOf(open);
      const opens = scanned.opened === "{";
      if (end[2] === ";") {
        out.push(`${at}    }${end[1]!};`);
      } else {
        const members = unionLines(at, end[2]!.slice(3).replace(/\{$/, ""), opens);
        if (members === undefined) return undefined;
        out.push(`${at}    }${end[1]!}`, ...members);
      }
      if (opens) open.push(UNION_MEMBER);
      previousOpened = opens;
      continue;
    }
    if (scanned.operator && (scanned.opened !== "" || scanned.leadingClosers !== "")) {
      // A union or intersection opened or closed across lines, outside the forms below.
      if (scanned.opened !== "{" || scanned.leadingClosers !== "") return undefined;
    }
    // A line that closes a group may only end it: `}`, `};`, `},`, `});`.
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
    const head = scanned.opened === "{" ? UNION_HEAD.exec(scanned.text) : null;
    if (head !== null && opensUnion(head[2]!, (tails ??= closerTails(lines)).get(index))) {
      const members = unionLines(at, head[2]!.replace(/ \| $/, ""), true);
      if (members === undefined || fitsWidth(`${at}${head[1]!}`, WIDTH) !== true) return undefined;
      out.push(`${at}${head[1]!}`, ...members);
      open.push(UNION_MEMBER);
      previousOpened = true;
      continue;
    }
    // `A | {` outside a union form above; a function's block after `): A | B {` is no union.
    if (
      scanned.operator &&
      scanned.opened !== "" &&
      !/^(?:export )?(?:async )?function /.test(scanned.text)
    ) {
      return undefined;
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

/**
 * Respells a code line's tokens and finds its bracket balance; undefined for anything the
 * direct printer does not print (template literals, regexes, `//` after code, an unclosed group
 * other than a trailing `{` or `({`). A line met before is not scanned again.
 */
function scanLine(line: string): ScannedLine | undefined {
  return scans.answer(line, () => scanNewLine(line));
}

/** Scanned lines, shared between modules: callers only read them. */
const scans = new PureMemo<ScannedLine | undefined>();

function scanNewLine(line: string): ScannedLine | undefined {
  let leading = 0;
  while (leading < line.length && CLOSERS.has(line[leading]!)) leading++;
  const stack: string[] = [];
  let text = "";
  // Plain characters are copied a run at a time, from `copied` up to the next token respelt.
  let copied = 0;
  let operator = false;
  let i = leading;
  while (i < line.length) {
    const char = line[i]!;
    if (char === '"' || char === "'") {
      const end = stringEnd(line, i);
      const printed = end === undefined ? undefined : printStringToken(line.slice(i, end));
      if (printed === undefined) return undefined;
      text += line.slice(copied, i) + printed;
      i = copied = end!;
      continue;
    }
    if (char === "`") return undefined;
    if (char === "/") {
      if (line[i + 1] !== "*") return undefined;
      const end = line.indexOf("*/", i + 2);
      if (end === -1) return undefined;
      i = end + 2;
      continue;
    }
    if (startsNumber(line, i)) {
      const raw = /^[0-9.]+(?:[eE][+-]?\d+)?[\w$]*/.exec(line.slice(i))![0];
      const printed = printNumberToken(raw);
      if (printed === undefined) return undefined;
      text += line.slice(copied, i) + printed;
      i = copied = i + raw.length;
      continue;
    }
    if (char in OPENERS) stack.push(char);
    else if (CLOSERS.has(char) && OPENERS[stack.pop() ?? ""] !== char) return undefined;
    else if (char === "|" || char === "&") operator = true;
    i++;
  }
  text += line.slice(copied);
  // A quoted key that is a plain name (`"__proto__": T`): prettier unquotes it.
  if (/(?:^|[{;,] )(["'])[A-Za-z_$][\w$]*\1\??:/.test(text)) return undefined;
  const opened = stack.join("");
  if (opened !== "" && opened !== "{" && opened !== "({") return undefined;
  if (opened !== "" && !text.endsWith(opened)) return undefined;
  return { text, leadingClosers: line.slice(0, leading), opened, operator };
}

/** `A & B | C`: prettier adds parentheses around the intersection, `(A & B) | C`. */
function unionOfIntersection(text: string): boolean {
  const members = splitTopLevel(text, " | ", "{[(<", "}])>");
  if (members === undefined || members.length < 2) return false;
  return members.some((member) => (splitTopLevel(member, " & ", "{[(<", "}])>") ?? []).length > 1);
}

/** Whether a number literal starts at `i`: a digit, or `.` and a digit, not inside a name. */
function startsNumber(line: string, i: number): boolean {
  const code = line.charCodeAt(i);
  const digit = isDigit(code) || (code === 46 && isDigit(line.charCodeAt(i + 1)));
  if (!digit || i === 0) return digit;
  // Not after a name's character or a dot: `a1`, `$2`, `x.5`.
  const before = line.charCodeAt(i - 1);
  return !(isDigit(before) || before === 46 || before === 36 || before === 95 || isLetter(before));
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The closers of an opened group: `}` for `{`, `})` for `({`. */
function closing(opened: string): string {
  return [...opened.replace("\n", "")]
    .reverse()
    .map((opener) => OPENERS[opener] ?? "")
    .join("");
}
