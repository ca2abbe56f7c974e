/**
 * The two tools a model gets in code mode, `execute_code` and `search_tools`, in the shape of
 * the generated `allTools` entries (`name`, `description`, `inputSchema`, `inputValidator()`,
 * `annotations`), so the same few lines hand them to the AI SDK, OpenAI or Anthropic; their
 * `callWithArguments(args)` answers with the text to give back to the model.
 */
import type { ToolHints } from "../ai/index.js";
import { validatorKit, type Validator } from "../generated/index.js";
import { toolPath, type CatalogTool } from "./server-catalog.js";
import type { CodeModeResult } from "./run-result.js";
import type { ToolMatch } from "./tool-search.js";

/** One of code mode's two tools, described for a model. */
export interface CodeModeTool {
  readonly name: "execute_code" | "search_tools";
  readonly title: string;
  /** What the model reads: for `execute_code`, the API and the servers' tools. */
  readonly description: string;
  readonly inputSchema: { type: "object"; [key: string]: unknown };
  /** Claims about the tool, as `allTools` gives them. */
  readonly annotations: ToolHints;
  /**
   * The input's validator: `safeParse`, and Standard Schema v1 carrying `inputSchema` (for the
   * AI SDK's `tool({ inputSchema })`).
   */
  inputValidator(): Validator;
  /**
   * The same validator as `inputValidator()`.
   * @deprecated Use `inputValidator()`; it is no longer a zod schema.
   */
  inputZodSchema(): Validator;
  /**
   * Runs the tool with arguments a model wrote; answers with the text for the model (JSON).
   * Arguments that do not match the input schema are answered with a message to correct them.
   */
  callWithArguments(args: unknown): Promise<string>;
}

/** Up to this many tools, `execute_code`'s description lists them all; past it, per server. */
export const LISTED_TOOLS = 40;

/** What `execute_code`'s description says about the servers: their tools, or counts. */
function catalogText(catalog: readonly CatalogTool[]): string {
  if (catalog.length <= LISTED_TOOLS) {
    return catalog
      .map((tool) => {
        const about = tool.title ?? tool.description.split("\n")[0]?.slice(0, 120) ?? "";
        return `- ${toolPath(tool)}(args)${about === "" ? "" : `: ${about}`}`;
      })
      .join("\n");
  }
  const counts = new Map<string, number>();
  for (const tool of catalog) counts.set(tool.server, (counts.get(tool.server) ?? 0) + 1);
  const servers = [...counts].map(([server, count]) => `- servers.${server}: ${count} tools`);
  return `${servers.join("\n")}\nFind the ones you need with search_tools.`;
}

/** The description of `execute_code` for `catalog`. */
export function executeDescription(catalog: readonly CatalogTool[]): string {
  return [
    "Runs JavaScript or TypeScript in a sandbox and returns what it returns. The code is the body of an async function: use await, and `return` a JSON value.",
    "The only capability is calling tools: `await servers.<server>.<tool>(args)` takes an object of named arguments and returns the tool's result { content, structuredContent?, isError? }. A failed call throws a ToolError with `kind` and `message` (catch it to go on). Use console.log to report progress.",
    "There is no network, file system, process, require or import, and no timers. Runs are limited in time, memory, tool calls and output size.",
    "Tools:",
    catalogText(catalog),
  ].join("\n");
}

/** The text answer of a run for the model. */
export function runText(result: CodeModeResult): string {
  const logs = result.logs.map((line) =>
    line.level === "log" ? line.text : `[${line.level}] ${line.text}`,
  );
  return JSON.stringify({
    ok: result.ok,
    ...(result.ok ? { value: result.value ?? null } : { error: result.error }),
    ...(logs.length === 0 ? {} : { logs }),
  });
}

/** A closed object of one string property, offering `json` as its Standard JSON Schema. */
function oneString(name: string, json: Record<string, unknown>): Validator {
  const schema = validatorKit.strictObject({ [name]: validatorKit.string() });
  schema.declaredJsonSchema = json;
  return schema;
}

/** Checks arguments against `schema`; a message for the model when they do not match. */
function parsed<T>(schema: Validator, args: unknown, tool: string): T | string {
  const result = schema.safeParse(args);
  if (result.success) return result.data as T;
  const issues = result.error.issues.map(
    (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
  );
  return `${tool}: the arguments do not match its input schema: ${issues.join("; ")}`;
}

/** The two tools, over `execute` and `search`. */
export function codeModeTools(
  catalog: readonly CatalogTool[],
  execute: (code: string) => Promise<CodeModeResult>,
  search: (query: string) => ToolMatch[],
): readonly [CodeModeTool, CodeModeTool] {
  const codeSchema = {
    type: "object" as const,
    properties: { code: { type: "string", description: "The body of an async function." } },
    required: ["code"],
    additionalProperties: false,
  };
  const querySchema = {
    type: "object" as const,
    properties: {
      query: { type: "string", description: "Words of what the tool should do, or its name." },
    },
    required: ["query"],
    additionalProperties: false,
  };
  const codeInput = oneString("code", codeSchema);
  const queryInput = oneString("query", querySchema);
  const description = executeDescription(catalog);
  return [
    {
      name: "execute_code",
      title: "Run code that calls tools",
      description,
      inputSchema: codeSchema,
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      inputValidator: () => codeInput,
      inputZodSchema: () => codeInput,
      callWithArguments: async (args) => {
        const input = parsed<{ code: string }>(codeInput, args, "execute_code");
        return typeof input === "string" ? input : runText(await execute(input.code));
      },
    },
    {
      name: "search_tools",
      title: "Search the tools",
      description:
        "Finds the tools that match a query (words of what they do, or a name): how to call each (its path under `servers`), its description and its input JSON Schema. Use it before execute_code when you do not know a tool.",
      inputSchema: querySchema,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      inputValidator: () => queryInput,
      inputZodSchema: () => queryInput,
      callWithArguments: async (args) => {
        const input = parsed<{ query: string }>(queryInput, args, "search_tools");
        return typeof input === "string" ? input : JSON.stringify(search(input.query));
      },
    },
  ];
}
