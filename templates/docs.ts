/**
 * JSDoc blocks for generated declarations, from untrusted titles and descriptions. All text
 * passes through `jsDocText`, so nothing a server writes can end the comment or add a tag.
 */
import { jsDocText } from "./escape.js";
import type { ToolAnnotations } from "@mcp-codegen/runtime";

/** Title, then description, as escaped JSDoc lines; a title equal to the description shows once. */
export function describedLines(
  title: string | undefined,
  description: string | undefined,
): string[] {
  const lines: string[] = [];
  if (title !== undefined && title.trim() !== "" && title.trim() !== description?.trim()) {
    lines.push(...jsDocText(title));
  }
  if (description !== undefined && description.trim() !== "") {
    if (lines.length > 0) lines.push("");
    lines.push(...jsDocText(description));
  }
  return lines;
}

/**
 * The annotations a server gave a tool, as a remark. They are hints from the server and may be
 * wrong, which the text says, so nobody mistakes them for guarantees.
 */
export function annotationLines(annotations: ToolAnnotations | undefined): string[] {
  if (annotations === undefined) return [];
  const hints: string[] = [];
  if (annotations.readOnlyHint === true) hints.push("read-only");
  if (annotations.readOnlyHint !== true && annotations.destructiveHint === true)
    hints.push("destructive");
  if (annotations.readOnlyHint !== true && annotations.destructiveHint === false)
    hints.push("not destructive");
  if (annotations.idempotentHint === true) hints.push("idempotent");
  if (annotations.openWorldHint === false) hints.push("closed world");
  if (annotations.openWorldHint === true) hints.push("open world");
  return hints.length === 0 ? [] : [`@remarks Server hints (untrusted): ${hints.join(", ")}.`];
}
