/**
 * The error every schema problem is reported with, and the JSON-pointer helpers that name the
 * place of the problem. Pointers are built from untrusted keys, so messages show them through
 * `describePointer`, which makes control, line-separator and bidirectional characters visible and
 * shortens very long keys: a message must never be able to rewrite a terminal line.
 */

/**
 * How much a diagnostic matters to the user: a `note` is a lenient reading that loses nothing
 * the generated code could say; a `warning` means the generated type or validator says less than
 * the schema (a part widened to `unknown`, a check left out). Warnings are printed by the CLI and
 * are fatal under `--strict`; notes are not printed.
 */
export type DiagnosticLevel = "note" | "warning";

/** A non-fatal finding about a schema: something read leniently, approximated or not enforced. */
export interface SchemaDiagnostic {
  /** JSON pointer (RFC 6901) of the schema location, `""` for the root. */
  readonly pointer: string;
  readonly message: string;
  readonly level: DiagnosticLevel;
}

/**
 * The diagnostics of `prepared` that the user must hear about: the level-`warning` ones, in the
 * order they were found, each once.
 */
export function warningsOf(prepared: {
  readonly diagnostics: readonly SchemaDiagnostic[];
}): SchemaDiagnostic[] {
  const seen = new Set<string>();
  return prepared.diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.pointer}\u0000${diagnostic.message}`;
    if (diagnostic.level !== "warning" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A schema that cannot be converted: an unsupported dialect, a non-local or dangling `$ref`, a
 * bound exceeded, a value that is not a schema. `pointer` is the raw JSON pointer of the problem;
 * the message names it in a terminal-safe form.
 */
export class SchemaError extends Error {
  override readonly name: string = "SchemaError";
  readonly pointer: string;
  /** The problem without its place, for diagnostics that carry the pointer separately. */
  readonly reason: string;

  constructor(pointer: string, reason: string) {
    super(`${reason} (at ${describePointer(pointer)})`);
    this.pointer = pointer;
    this.reason = reason;
  }
}

/**
 * A bound on the whole document exceeded (subschema or value count): unlike other schema errors,
 * no single part can be set aside, so the whole schema is read as `{}` (see `prepareSchema`).
 */
export class SchemaLimitError extends SchemaError {
  override readonly name: string = "SchemaLimitError";
}

/** Whether `error` is a schema problem confined to one subschema, which may be read as `{}`. */
export function isLocalSchemaError(error: unknown): error is SchemaError {
  return error instanceof SchemaError && !(error instanceof SchemaLimitError);
}

/** Appends one key or index to a JSON pointer, escaping `~` and `/` as RFC 6901 requires. */
export function appendPointer(pointer: string, key: string | number): string {
  const text = String(key);
  const escaped =
    text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
  return `${pointer}/${escaped}`;
}

/** Splits a JSON pointer into unescaped keys; `""` is the whole document. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  const keys = pointer.slice(1).split("/");
  // "~" may only start "~0" or "~1"; anything else makes the pointer invalid.
  if (keys.some((key) => /~(?![01])/.test(key))) return undefined;
  return keys.map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const MAX_SHOWN = 120;

/** A pointer as it appears in messages: `#/properties/x`, with unsafe characters made visible. */
export function describePointer(pointer: string): string {
  const shown = pointer.length > MAX_SHOWN ? `${pointer.slice(0, MAX_SHOWN)}…` : pointer;
  return `#${visible(shown)}`;
}

/** Quotes untrusted text for a message: JSON-style quotes, unsafe characters escaped, bounded. */
export function describeText(text: string): string {
  const shown = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  return `"${visible(shown.replace(/["\\]/g, "\\$&"))}"`;
}

/**
 * A message that may quote untrusted text (another library's error) made safe to print: unsafe
 * characters escaped, bounded, not quoted.
 */
export function describeMessage(text: string): string {
  const bound = MAX_SHOWN * 3;
  return visible(text.length > bound ? `${text.slice(0, bound)}…` : text);
}

// C0 and C1 controls, line and paragraph separators, and bidirectional formatting characters.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
