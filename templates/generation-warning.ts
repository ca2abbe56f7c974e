/**
 * What the generator tells the user about an item it generated in a weaker form than the server
 * declared: a part typed as `unknown`, a check the validator leaves out. Warnings travel with each
 * module (and through the generation cache), so a cached run reports what a fresh one does; the
 * CLI prints them, and `--strict` makes them fatal.
 */
import { appendPointer, describePointer, describeText } from "./schema/index.js";
import type { SchemaDiagnostic } from "./schema/index.js";

export interface GenerationWarning {
  /** The item, for messages: `tool "get_weather"`, `prompt "greet"`, `resource template "…"`. */
  readonly subject: string;
  /**
   * JSON pointer (RFC 6901) into the item as the server declared it:
   * `/inputSchema/properties/city/$ref`.
   */
  readonly pointer: string;
  readonly message: string;
}

/** A subject naming an item of `kind` by its untrusted name, safe to print on a terminal. */
export function subjectOf(kind: string, name: unknown): string {
  return `${kind} ${typeof name === "string" ? describeText(name) : String(name)}`;
}

/** The level-`warning` diagnostics of one of an item's schemas, as warnings about the item. */
export function schemaWarnings(
  subject: string,
  keyword: string,
  diagnostics: readonly SchemaDiagnostic[],
): GenerationWarning[] {
  const base = appendPointer("", keyword);
  return diagnostics
    .filter((diagnostic) => diagnostic.level === "warning")
    .map((diagnostic) => ({
      subject,
      pointer: `${base}${diagnostic.pointer}`,
      message: diagnostic.message,
    }));
}

/** One line: `tool "lookup" at #/inputSchema/properties/city/$ref: $ref … typed as unknown`. */
export function formatWarning(warning: GenerationWarning): string {
  return `${warning.subject} at ${describePointer(warning.pointer)}: ${warning.message}`;
}

/** Each warning once, in first-seen order (the type and the validator report the same ones). */
export function uniqueWarnings(warnings: readonly GenerationWarning[]): GenerationWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = JSON.stringify([warning.subject, warning.pointer, warning.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
