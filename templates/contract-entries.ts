/**
 * The shape every entry of a contract must have before code is generated from it: a tool, prompt,
 * prompt argument, resource or resource template whose fields the generator reads have the types
 * the specification gives them. A server may send anything (`null`, a numeric name, a title that
 * is an object, `arguments: "x"`); the specification lets a client leave invalid tools out, so
 * `pull` keeps the well-formed entries and names each one it leaves out, and `generate` refuses a
 * snapshot that holds a malformed one. Fields the generator does not read are kept as they are.
 */
import { z } from "zod";
import { compileUriTemplate, jsonSize } from "@mcp-codegen/runtime/internal";
import type { Prompt, Resource, ResourceTemplate, Tool } from "@mcp-codegen/runtime";
import { escapeInvisible } from "./escape.js";
import { jsonValueProblem, MAX_CONTRACT_DEPTH } from "./json-depth.js";

/** A JSON object (not an array, not null), its values unchecked. */
const jsonObject = z.record(z.string(), z.unknown(), {
  error: (issue) => `expected an object, got ${describeValue(issue.input)}`,
});
const text = z.string().optional();

// Prompts and resources are embedded in generated code as object literals typed by the runtime's
// interfaces, so every field those interfaces type must have that type here, or the file would
// not compile. Tools are embedded as JSON text; their fields are checked as the generator and the
// runtime read them.
const icons = z
  .array(
    z.looseObject({
      src: z.string(),
      mimeType: text,
      sizes: z.array(z.string()).optional(),
      theme: z.enum(["light", "dark"]).optional(),
    }),
  )
  .optional();
const meta = jsonObject.optional();
const described = { name: z.string(), title: text, description: text, icons, _meta: meta };
const hint = z.boolean().optional();

export const toolEntry = z.looseObject({
  ...described,
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: z
    .looseObject({
      title: text,
      readOnlyHint: hint,
      destructiveHint: hint,
      idempotentHint: hint,
      openWorldHint: hint,
    })
    .optional(),
});

export const promptArgumentEntry = z.looseObject({
  name: z.string(),
  title: text,
  description: text,
  required: z.boolean().optional(),
});

export const promptEntry = z.looseObject({
  ...described,
  arguments: z.array(promptArgumentEntry).optional(),
});

const resourceAnnotations = z
  .looseObject({
    audience: z.array(z.enum(["user", "assistant"])).optional(),
    priority: z.number().optional(),
    lastModified: text,
  })
  .optional();

export const resourceEntry = z.looseObject({
  ...described,
  uri: z.string(),
  mimeType: text,
  size: z.number().optional(),
  annotations: resourceAnnotations,
});

export const resourceTemplateEntry = z.looseObject({
  ...described,
  uriTemplate: z.string(),
  mimeType: text,
  annotations: resourceAnnotations,
});

/** The lists of a contract, by their key in a snapshot. */
export interface ContractLists {
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
}

export type ContractListKey = keyof ContractLists;

/** What was kept of one list, and one line per entry (or prompt argument) left out. */
export interface CheckedList<T> {
  kept: T[];
  problems: string[];
}

/**
 * Largest entry kept, in characters of JSON (4 MiB). Real tools stay well under 100 KiB; a larger
 * one costs seconds to generate and megabytes in every build that imports it.
 */
export const MAX_ENTRY_SIZE = 4 * 1024 * 1024;

/** Longest piece of an entry's name quoted in a message. */
const MAX_QUOTED_NAME = 60;

/**
 * Keeps the well-formed entries of a list as the server sent them, in order. A prompt with some
 * malformed arguments is kept without them. Each problem names the entry by list and index, and
 * by its name when it has one, quoted so that no character of it can disturb a terminal.
 */
export function checkEntries<K extends ContractListKey>(
  key: K,
  items: readonly unknown[],
): CheckedList<ContractLists[K][number]> {
  const kept: Array<ContractLists[K][number]> = [];
  const problems: string[] = [];
  items.forEach((item, index) => {
    const where = `${key}[${index}]${nameSuffix(item)}`;
    const problem = entryProblem(key, item);
    if (problem !== undefined) {
      problems.push(`${where} left out: ${problem}`);
      return;
    }
    if (key !== "prompts") {
      kept.push(item as ContractLists[K][number]);
      return;
    }
    const prompt = keepWellFormedArguments(item as Prompt, where, problems);
    kept.push(prompt as ContractLists[K][number]);
  });
  return { kept, problems };
}

/** Why an entry cannot be used, or undefined when it can. */
function entryProblem(key: ContractListKey, item: unknown): string | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    return `expected an object, got ${describeValue(item)}`;
  }
  if (jsonSize(item, MAX_ENTRY_SIZE) > MAX_ENTRY_SIZE) {
    return `larger than ${MAX_ENTRY_SIZE} characters of JSON`;
  }
  const valueProblem = jsonValueProblem(item, MAX_CONTRACT_DEPTH);
  if (valueProblem !== undefined) return valueProblem;
  const parsed = SCHEMAS[key].safeParse(item);
  if (!parsed.success) return issueText(parsed.error.issues[0]!);
  if (key === "resourceTemplates") {
    try {
      compileUriTemplate((item as ResourceTemplate).uriTemplate);
    } catch (error) {
      // The message quotes the template: shown with its invisible characters escaped.
      return escapeInvisible((error as Error).message);
    }
  }
  return undefined;
}

const SCHEMAS: Record<ContractListKey, z.ZodType> = {
  tools: toolEntry,
  // Arguments are checked one by one afterwards, so one bad argument does not cost the prompt.
  prompts: promptEntry.extend({ arguments: z.array(z.unknown()).optional() }),
  resources: resourceEntry,
  resourceTemplates: resourceTemplateEntry,
};

function keepWellFormedArguments(prompt: Prompt, where: string, problems: string[]): Prompt {
  const args: readonly unknown[] = prompt.arguments ?? [];
  const kept = args.filter((arg, index) => {
    const parsed = promptArgumentEntry.safeParse(arg);
    if (parsed.success) return true;
    problems.push(
      `${where}: argument ${index}${nameSuffix(arg)} left out: ${issueText(parsed.error.issues[0]!)}`,
    );
    return false;
  });
  // Spread copies own keys as data, `__proto__` included, so nothing else of the prompt changes.
  if (kept.length === args.length) return prompt;
  return { ...prompt, arguments: kept as NonNullable<Prompt["arguments"]> };
}

/** ` ("name")` for an entry with a string or scalar name, `""` otherwise. */
function nameSuffix(item: unknown): string {
  if (typeof item !== "object" || item === null) return "";
  const name = (item as { name?: unknown }).name;
  if (typeof name === "string") return ` (${quoteForMessage(name)})`;
  if (typeof name === "number" || typeof name === "boolean") return ` (name ${String(name)})`;
  return "";
}

/**
 * Server text for a one-line message: cut, JSON-quoted (controls and lone surrogates escaped) and
 * with bidi and invisible characters shown as `\uXXXX`.
 */
export function quoteForMessage(value: string): string {
  const cut = value.length > MAX_QUOTED_NAME ? `${value.slice(0, MAX_QUOTED_NAME)}…` : value;
  return escapeInvisible(JSON.stringify(cut));
}

function issueText(issue: z.core.$ZodIssue): string {
  const at = issue.path.length === 0 ? "" : `at ${issue.path.map(String).join(".")}: `;
  return `${at}${issue.message.replace(/^Invalid input: /, "")}`;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}

/**
 * A skill entry (SEP-2640) as `pull` records it: the runtime checked it when it was listed; a
 * hand-edited snapshot is checked again here, since its values become literal types.
 */
export const skillEntry = z.looseObject({
  uri: z.string().regex(/\/SKILL\.md$/, "a URI ending in /SKILL.md"),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.union([
    z.literal("dynamic"),
    z.array(
      z.looseObject({
        uri: z.string(),
        digest: z.string().regex(/^sha256:[0-9a-f]{64}$/, "sha256: and 64 lowercase hex digits"),
        size: z.number().int().nonnegative(),
      }),
    ),
  ]),
});
