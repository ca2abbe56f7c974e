/**
 * Contract drift, entity by entity: tools (input and output schemas, metadata), prompts (their
 * arguments), static resources, resource templates and the server itself. Each comparison adds
 * `DriftChange`s; report.ts orders and renders them.
 */
import type {
  Prompt,
  PromptArgument,
  Resource,
  ResourceTemplate,
  Tool,
} from "@mcp-codegen/runtime";
import { compareText, parseUriTemplateVariables } from "@mcp-codegen/runtime/internal";
import { isBreaking, type SchemaDirection } from "./findings.js";
import { canonical, isRecord, keyName, own, preview, quote } from "./json.js";
import { compareSchemas } from "./schema.js";

/**
 * The class of a change. `breaking`: clients built from the old contract may fail against the
 * new one. `needs-review`: calls still work, but text a model reads changed (a description, a
 * title, annotations, a schema's descriptions, the server's instructions), so a person should
 * read it before it is recorded. `compatible`: nothing a client or a model relies on changed.
 */
export type DriftSeverity = "breaking" | "needs-review" | "compatible";

/** One difference between two contracts. */
export interface DriftChange {
  /** Exactly one class per change; see {@link DriftSeverity}. */
  severity: DriftSeverity;
  /** Stable kebab-case identifier, e.g. `tool-removed`, `input-enum-narrowed`. */
  kind: string;
  /** What changed, e.g. `tool "get_weather"`; server-provided names are quoted and escaped. */
  subject: string;
  /** How it changed, in words. */
  detail: string;
}

/**
 * Collects changes for one subject; `path` is where in a tool's input or output schema the change
 * is (property names from the root, as `SchemaFinding.path`), for readers of `check --json`.
 */
export type AddChange = (
  severity: DriftSeverity,
  kind: string,
  detail: string,
  path?: readonly string[],
) => void;

/** Compares a tool's schemas and metadata. */
export function compareTool(before: Tool, after: Tool, add: AddChange): void {
  compareSchema(before.inputSchema, after.inputSchema, "input", add);
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    add(
      "breaking",
      "output-schema-removed",
      "output schema removed: structured results are no longer promised",
    );
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    add("compatible", "output-schema-added", "output schema added");
  } else if (before.outputSchema !== undefined) {
    compareSchema(before.outputSchema, after.outputSchema, "output", add);
  }
  compareMetadata("tool", before, after, ["name", "inputSchema", "outputSchema"], add);
}

function compareSchema(
  before: unknown,
  after: unknown,
  direction: SchemaDirection,
  add: AddChange,
): void {
  for (const finding of compareSchemas(before, after)) {
    // A schema's descriptions, titles, defaults and examples are part of what a model reads.
    const severity = isBreaking(finding.effect, direction)
      ? "breaking"
      : finding.change === "annotation-changed"
        ? "needs-review"
        : "compatible";
    add(
      severity,
      `${direction}-${finding.change}`,
      `${place(direction, finding.path)}: ${finding.detail}`,
      finding.path,
    );
  }
}

/** `argument "location.lat"`, `output "items[]"`, or the schema itself at the root. */
function place(direction: SchemaDirection, path: readonly string[]): string {
  const noun = direction === "input" ? "argument" : "output";
  if (path.length === 0) return direction === "input" ? "input schema" : "output schema";
  const text = path.reduce((joined, segment, index) => {
    if (segment === "[]" || segment === "{*}") return `${joined}${segment}`;
    return index === 0 ? segment : `${joined}.${segment}`;
  }, "");
  return `${noun} ${quote(text)}`;
}

/** Compares a prompt's arguments (by name) and metadata. */
export function comparePrompt(before: Prompt, after: Prompt, add: AddChange): void {
  const pairs = pairBy(before.arguments ?? [], after.arguments ?? [], (argument) => argument.name);
  for (const argument of pairs.removed) {
    add("breaking", "prompt-argument-removed", `argument ${quote(argument.name)}: removed`);
  }
  for (const argument of pairs.added) {
    if (argument.required === true) {
      add(
        "breaking",
        "prompt-argument-required-added",
        `argument ${quote(argument.name)}: added, required`,
      );
    } else
      add(
        "compatible",
        "prompt-argument-added",
        `argument ${quote(argument.name)}: added, optional`,
      );
  }
  for (const [was, now] of pairs.kept) comparePromptArgument(was, now, add);
  compareMetadata("prompt", before, after, ["name", "arguments"], add);
}

function comparePromptArgument(
  before: PromptArgument,
  after: PromptArgument,
  add: AddChange,
): void {
  const name = `argument ${quote(after.name)}`;
  if (before.required !== true && after.required === true) {
    add("breaking", "prompt-argument-now-required", `${name}: now required`);
  } else if (before.required === true && after.required !== true) {
    add("compatible", "prompt-argument-now-optional", `${name}: no longer required`);
  }
  const inner: AddChange = (severity, kind, detail) => add(severity, kind, `${name}: ${detail}`);
  compareMetadata("prompt-argument", before, after, ["name", "required"], inner);
}

/** Compares a static resource: where it is and what it holds break; the rest is metadata. */
export function compareResource(before: Resource, after: Resource, add: AddChange): void {
  if (before.uri !== after.uri) {
    add(
      "breaking",
      "resource-uri-changed",
      `uri changed from ${quote(before.uri)} to ${quote(after.uri)}`,
    );
  }
  compareMimeType("resource", before.mimeType, after.mimeType, add);
  compareMetadata("resource", before, after, ["name", "uri", "mimeType"], add);
}

/** Compares a resource template: old clients expand the old template, so any change to it breaks. */
export function compareResourceTemplate(
  before: ResourceTemplate,
  after: ResourceTemplate,
  add: AddChange,
): void {
  if (before.uriTemplate !== after.uriTemplate) {
    const was = templateVariables(before.uriTemplate);
    const now = templateVariables(after.uriTemplate);
    const change = `uriTemplate changed from ${quote(before.uriTemplate)} to ${quote(after.uriTemplate)}`;
    if (was === undefined || now === undefined) {
      add("breaking", "resource-template-uri-changed", `${change}; could not be proven compatible`);
    } else if (was.join() !== now.join()) {
      const list = (names: readonly string[]) => `[${names.map(quote).join(", ")}]`;
      add(
        "breaking",
        "resource-template-variables-changed",
        `variables changed from ${list(was)} to ${list(now)}: ${change}`,
      );
    } else {
      add(
        "breaking",
        "resource-template-uri-changed",
        `${change}; clients built for the old one expand URIs the old way`,
      );
    }
  }
  compareMimeType("resource-template", before.mimeType, after.mimeType, add);
  compareMetadata("resource-template", before, after, ["name", "uriTemplate", "mimeType"], add);
}

/**
 * A template's distinct variables with their modifiers (`tags*`, `id:3`), sorted: a different
 * modifier changes what a value must look like. Undefined for a malformed template.
 */
function templateVariables(template: string): string[] | undefined {
  try {
    const variables = parseUriTemplateVariables(template).map((variable) => {
      const prefix = variable.prefix === undefined ? "" : `:${variable.prefix}`;
      return `${variable.name}${variable.explode ? "*" : ""}${prefix}`;
    });
    return [...new Set(variables)].sort(compareText);
  } catch {
    return undefined;
  }
}

function compareMimeType(
  prefix: string,
  before: string | undefined,
  after: string | undefined,
  add: AddChange,
): void {
  if (before === after) return;
  const detail = `mimeType changed from ${before === undefined ? "none" : quote(before)} to ${after === undefined ? "none" : quote(after)}`;
  add(
    "breaking",
    `${prefix}-mime-type-changed`,
    `${detail}; clients may decode the contents the old way`,
  );
}

/**
 * Everything but the compared fields: title, description and annotations get their own kinds and
 * need review (a model reads them, so a server could change what a model is told without changing
 * a schema); anything else (icons, `_meta`, fields from newer protocol revisions) is
 * `<prefix>-metadata-changed`, compatible. None of them changes what a call needs or returns.
 */
function compareMetadata(
  prefix: string,
  beforeItem: object,
  afterItem: object,
  compared: readonly string[],
  add: AddChange,
): void {
  // Every snapshot entity is a JSON object; the cast only widens the declared fields to all fields.
  const before = beforeItem as Readonly<Record<string, unknown>>;
  const after = afterItem as Readonly<Record<string, unknown>>;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...keys].filter((key) => !compared.includes(key)).sort(compareText)) {
    const was = own(before, key);
    const now = own(after, key);
    if (canonical(was) === canonical(now)) continue;
    const read = MODEL_READ_FIELDS.has(key);
    add(
      read ? "needs-review" : "compatible",
      `${prefix}-${read ? `${key}-changed` : "metadata-changed"}`,
      describeMetadata(key, was, now),
    );
  }
}

/** The fields of a tool, prompt, argument or resource that a model reads, besides schemas. */
const MODEL_READ_FIELDS: ReadonlySet<string> = new Set(["title", "description", "annotations"]);

function describeMetadata(key: string, was: unknown, now: unknown): string {
  if (key === "title") return `title changed from ${show(was)} to ${show(now)}`;
  if (key === "annotations") return annotationChanges(was, now);
  return describeChange(keyName(key), was, now);
}

function describeChange(what: string, was: unknown, now: unknown): string {
  return `${what} ${was === undefined ? "added" : now === undefined ? "removed" : "changed"}`;
}

function show(value: unknown): string {
  return value === undefined ? "none" : preview(value, 60);
}

/** `annotations: destructiveHint changed from false to true, …` */
function annotationChanges(before: unknown, after: unknown): string {
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort(compareText);
  const changed = keys
    .filter((key) => canonical(own(was, key)) !== canonical(own(now, key)))
    .map((key) => `${keyName(key)} changed from ${show(own(was, key))} to ${show(own(now, key))}`);
  return `annotations: ${changed.join(", ")}`;
}

/** Items present only before, only after, and on both sides, matched by key. */
export interface Pairs<T> {
  removed: T[];
  added: T[];
  kept: [T, T][];
}

/**
 * Matches two lists by key. A key repeated within a list (a server bug, but servers have bugs)
 * is matched by occurrence: the second `x` before with the second `x` after.
 */
export function pairBy<T>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
): Pairs<T> {
  const index = (items: readonly T[]) => {
    const map = new Map<string, T>();
    const seen = new Map<string, number>();
    for (const item of items) {
      const base = key(item);
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      map.set(count === 1 ? base : `${base}\u0000${count}`, item);
    }
    return map;
  };
  const was = index(before);
  const now = index(after);
  return {
    removed: [...was].filter(([k]) => !now.has(k)).map(([, item]) => item),
    added: [...now].filter(([k]) => !was.has(k)).map(([, item]) => item),
    kept: [...was].filter(([k]) => now.has(k)).map(([k, item]) => [item, now.get(k)!]),
  };
}
