/**
 * JSDoc from untrusted annotations. The comment must end where we end it, so every text goes
 * through `escapeCommentText`: `*\/` cannot close the comment, line terminators of every kind
 * (including U+2028/U+2029, which end lines for JavaScript but not for many editors) become line
 * breaks we prefix ourselves, and invisible or bidirectional controls are shown as escapes.
 */
import type { JsonValue, SchemaDoc } from "./schema-node.js";

// Controls other than tab, line and paragraph separators, bidirectional formatting characters,
// and invisible characters that could hide text from a reviewer.
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\u00ad\ufeff]/g;

/**
 * Makes untrusted text safe on one line of a block comment: `*\/` is broken up as `*\\/`;
 * line terminators and hidden characters become visible `\uXXXX` escapes. To keep line breaks,
 * split first (`commentLines`).
 */
export function escapeCommentText(text: string): string {
  return (
    text
      .replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .replace(/\*\//g, "*\\/")
      // An `@` that opens a line or follows whitespace or `{` starts a JSDoc tag: a description
      // must not be able to add `@deprecated` or `@type` to generated code.
      .replace(/(^|[\s{])@/g, "$1\\@")
  );
}

/** Splits untrusted text into escaped lines on every JavaScript line terminator. */
export function commentLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => escapeCommentText(line).trimEnd());
}

/**
 * A JSDoc block for a schema's annotations, or `""` when there is nothing to say. One line of text
 * and no tags gives `/** text *\/`; anything more gives the multi-line form.
 */
export function renderJsDoc(doc: SchemaDoc | undefined, notes: readonly string[] = []): string {
  const lines = docLines(doc, notes);
  if (lines.length === 0) return "";
  if (lines.length === 1) return `/** ${lines[0] as string} */`;
  return ["/**", ...lines.map((line) => (line === "" ? " *" : ` * ${line}`)), " */"].join("\n");
}

function docLines(doc: SchemaDoc | undefined, notes: readonly string[]): string[] {
  const paragraphs: string[][] = [];
  if (doc?.title !== undefined && doc.title.trim() !== "") paragraphs.push(commentLines(doc.title));
  if (doc?.description !== undefined && doc.description.trim() !== "")
    paragraphs.push(trimBlank(commentLines(doc.description)));
  const allNotes = [...(doc?.notes ?? []), ...notes];
  if (allNotes.length > 0) paragraphs.push(allNotes.flatMap(commentLines));
  const tags = doc === undefined ? [] : tagLines(doc);
  if (tags.length > 0) paragraphs.push(tags);
  return paragraphs.flatMap((paragraph, i) => (i === 0 ? paragraph : ["", ...paragraph]));
}

function tagLines(doc: SchemaDoc): string[] {
  const tags: string[] = [];
  if (doc.format !== undefined) tags.push(`@format ${escapeCommentText(doc.format)}`);
  for (const [keyword, value] of doc.constraints)
    tags.push(`@${keyword}${value === "" ? "" : ` ${escapeCommentText(value)}`}`);
  if (doc.default !== undefined) tags.push(`@default ${jsonText(doc.default.value)}`);
  for (const example of doc.examples) tags.push(`@example ${jsonText(example)}`);
  if (doc.deprecated) tags.push("@deprecated");
  return tags;
}

/** A JSON value on one comment line; `JSON.stringify` escapes newlines inside strings already. */
function jsonText(value: JsonValue): string {
  return escapeCommentText(JSON.stringify(value));
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === "") start += 1;
  while (end > start && lines[end - 1] === "") end -= 1;
  return lines.slice(start, end);
}
