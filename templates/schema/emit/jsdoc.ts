/**
 * JSDoc from untrusted annotations. Escaping is `templates/escape.ts`'s, the one every emitter
 * uses: prose through `jsDocText` (line terminators of every kind become line breaks we prefix
 * ourselves), tag values through `jsDocInline`; so `*\/` cannot close the comment, no `@` from a
 * schema can start a tag, and invisible or bidirectional characters are shown as escapes.
 */
import { jsDocInline, jsDocText } from "../../escape.js";
import type { JsonValue, SchemaDoc } from "../schema-node.js";

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
  for (const text of [doc?.title, doc?.description]) {
    const lines = text === undefined ? [] : jsDocText(text);
    if (lines.length > 0) paragraphs.push(lines);
  }
  const noteLines = [...(doc?.notes ?? []), ...notes].flatMap((note) => jsDocText(note));
  if (noteLines.length > 0) paragraphs.push(noteLines);
  const tags = doc === undefined ? [] : tagLines(doc);
  if (tags.length > 0) paragraphs.push(tags);
  return paragraphs.flatMap((paragraph, i) => (i === 0 ? paragraph : ["", ...paragraph]));
}

function tagLines(doc: SchemaDoc): string[] {
  const tags: string[] = [];
  if (doc.format !== undefined) tags.push(`@format ${jsDocInline(doc.format)}`);
  for (const [keyword, value] of doc.constraints)
    tags.push(`@${keyword}${value === "" ? "" : ` ${jsDocInline(value)}`}`);
  if (doc.default !== undefined) tags.push(`@default ${jsonText(doc.default.value)}`);
  for (const example of doc.examples) tags.push(`@example ${jsonText(example)}`);
  if (doc.deprecated) tags.push("@deprecated");
  return tags;
}

/** A JSON value on one comment line; `JSON.stringify` escapes newlines inside strings already. */
function jsonText(value: JsonValue): string {
  return jsDocInline(JSON.stringify(value));
}
