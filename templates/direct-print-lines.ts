/**
 * The direct printer's line breaking (direct-print.ts): one code line too long for the print
 * width, broken the way prettier breaks it, for each shape of long line the emitters write. A
 * shape not listed here answers undefined, and the module goes to prettier.
 */
import {
  KEY,
  layoutAnnotation,
  layoutMember,
  layoutValue,
  splitTopLevel,
  WIDTH,
} from "./direct-layout.js";
import { fitsWidth } from "./prettier-tokens.js";

const ALIAS = /^(export type [\w$]+ = )(.+);$/;
const MEMBER = new RegExp(`^${KEY}.+;$`);
const DEFINITION = /^(export const [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+(?:<[^()]*>)?\()(\{.*\})\);$/;

/** One line at its indentation, broken the way prettier breaks it when it is too long. */
export function printLine(pad: string, text: string): string | undefined {
  const fits = fitsWidth(`${pad}${text}`, WIDTH);
  if (fits === true) return `${pad}${text}`;
  if (fits === undefined) return undefined;
  return (
    breakSpecifiers(pad, text) ??
    breakProperty(pad, text) ??
    breakTypeArguments(pad, text) ??
    breakDeclaration(pad, text) ??
    breakDefinition(pad, text) ??
    breakSoleCall(pad, text) ??
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
 * `export function f(a: A, b?: B): R {` (or an overload, `…): R;`, or a declaration file's
 * `export declare function f(…): R;`) too long: one parameter per line.
 */
function breakParameters(pad: string, text: string): string | undefined {
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
 * `import { a, type B } from "x";` too long: one specifier per line. A lone specifier stays on
 * the line however long it is, as prettier keeps it.
 */
function breakSpecifiers(pad: string, text: string): string | undefined {
  const match = /^(import|export) \{ ([\w$, ]+) \} (from "[^"\\]*";)$/.exec(text);
  if (match === null || pad !== "") return undefined;
  if (!match[2]!.includes(", ")) return text;
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
export function breakArgument(pad: string, text: string): string | undefined {
  if (pad !== "" || !/^export const [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+<.+>\(\{$/.test(text)) {
    return undefined;
  }
  if (fitsWidth(text, WIDTH) !== false) return undefined;
  const head = text.slice(0, -1);
  return fitsWidth(head, WIDTH) === true ? `${head}\n  {` : undefined;
}

/**
 * A type alias or a property signature too long for its line: an object type one member per
 * line, a union after the head (whole on the next line if it fits there, else one member per
 * line after `| `), each part broken again while it is still too long.
 */
function breakDeclaration(pad: string, text: string): string | undefined {
  const alias = ALIAS.exec(text);
  if (alias !== null)
    return pad === "" ? layoutAnnotation("", alias[1]!, alias[2]!, ";") : undefined;
  return MEMBER.test(text) ? layoutMember(pad, text.slice(0, -1)) : undefined;
}

/**
 * `export const x = /* @__PURE__ *\/ definePrompt<T>({ definition: { … } });` too long: the
 * object argument hugged by its call and broken, one property per line. When even the call's
 * head does not fit (a long name and one type argument), the call moves under the `=`.
 */
function breakDefinition(pad: string, text: string): string | undefined {
  const match = DEFINITION.exec(text);
  if (match === null || pad !== "") return undefined;
  const [, head, object] = match as unknown as [string, string, string];
  const fits = fitsWidth(`${head}{`, WIDTH);
  if (fits === true) return layoutValue(head, "", object, ");");
  const call = /^(export const [\w$]+ =) ([^,]+)$/.exec(head);
  if (fits === undefined || call === null || fitsWidth(`  ${call[2]!}{`, WIDTH) !== true) {
    return undefined;
  }
  const body = layoutValue(`  ${call[2]!}`, "  ", object, ");");
  return body === undefined ? undefined : `${call[1]!}\n${body}`;
}

/** `return f(await g(a, { … }));` too long: the sole argument on a line of its own. */
function breakSoleCall(pad: string, text: string): string | undefined {
  const match = /^(return [\w$]+)\((await [\w$]+\(.*\))\);$/.exec(text);
  if (match === null) return undefined;
  const lines = [`${pad}${match[1]!}(`, `${pad}  ${match[2]!},`, `${pad});`];
  return lines.every((line) => fitsWidth(line, WIDTH) === true) ? lines.join("\n") : undefined;
}
