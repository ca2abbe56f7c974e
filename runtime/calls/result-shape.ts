/**
 * The shape checks for results a caller reads field by field: `tools/call`, `prompts/get` and
 * `resources/read`. A server's answer is untrusted: a `null` content block or a string where the
 * types promise an object must fail as one precise `McpError` (kind `protocol`, the result in
 * `data`), not as a `TypeError` deep in output validation or in the caller's own code.
 *
 * Hand-written rather than zod: the core client does not load zod (only generated validators
 * do), and these are a handful of fixed rules. Unknown block types from newer servers pass; the
 * fields of the types this runtime declares are checked.
 */
import { McpError, describeContext, type ErrorContext } from "../protocol/index.js";
import type { Result } from "../protocol/index.js";
import { isJsonObject } from "../basics/index.js";

/** Why a value is not what the rule asked for, or undefined when it is. */
type Problem = string | undefined;

function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function requireStrings(record: Record<string, unknown>, where: string, keys: string[]): Problem {
  for (const key of keys) {
    if (typeof record[key] !== "string")
      return `${where}.${key} is ${describe(record[key])}, not a string`;
  }
  return undefined;
}

function resourceContentsProblem(value: unknown, where: string): Problem {
  if (!isJsonObject(value)) return `${where} is ${describe(value)}, not resource contents`;
  const missing = requireStrings(value, where, ["uri"]);
  if (missing !== undefined) return missing;
  if (typeof value.text !== "string" && typeof value.blob !== "string")
    return `${where} has neither a string text nor a string blob`;
  return undefined;
}

/** Required fields of each block type this runtime declares (see types.ts). */
const BLOCK_FIELDS: Readonly<Record<string, string[]>> = {
  text: ["text"],
  image: ["data", "mimeType"],
  audio: ["data", "mimeType"],
  resource_link: ["uri", "name"],
};

function contentBlockProblem(value: unknown, where: string): Problem {
  if (!isJsonObject(value) || typeof value.type !== "string")
    return `${where} is ${describe(value)}, not a content block (an object with a string type)`;
  if (value.type === "resource")
    return resourceContentsProblem(value.resource, `${where}.resource`);
  const fields = Object.hasOwn(BLOCK_FIELDS, value.type) ? BLOCK_FIELDS[value.type] : undefined;
  return fields === undefined ? undefined : requireStrings(value, where, fields);
}

function arrayProblem(
  value: unknown,
  where: string,
  item: (value: unknown, where: string) => Problem,
): Problem {
  if (!Array.isArray(value)) return `${where} is ${describe(value)}, not an array`;
  for (let i = 0; i < value.length; i++) {
    const problem = item(value[i], `${where}[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function fail(context: ErrorContext, problem: Problem, result: Result): void {
  if (problem === undefined) return;
  throw new McpError({
    ...context,
    kind: "protocol",
    data: result,
    message: `${describeContext(context)}invalid result from the server: ${problem}`,
  });
}

/**
 * `tools/call`: content blocks and a boolean `isError`. `structuredContent` may be any JSON value
 * here (servers send arrays for array output schemas): output validation judges it.
 */
export function checkToolResult(result: Result, context: ErrorContext): void {
  fail(context, arrayProblem(result.content, "content", contentBlockProblem), result);
  if (result.isError !== undefined && typeof result.isError !== "boolean") {
    fail(context, `isError is ${describe(result.isError)}, not a boolean`, result);
  }
}

function promptMessageProblem(value: unknown, where: string): Problem {
  if (!isJsonObject(value)) return `${where} is ${describe(value)}, not a prompt message`;
  if (value.role !== "user" && value.role !== "assistant")
    return `${where}.role is not "user" or "assistant"`;
  return contentBlockProblem(value.content, `${where}.content`);
}

/** `prompts/get`: an array of messages, each with a role and one content block. */
export function checkPromptResult(result: Result, context: ErrorContext): void {
  fail(context, arrayProblem(result.messages, "messages", promptMessageProblem), result);
}

/** `resources/read`: an array of contents, each with a uri and text or blob. */
export function checkResourceResult(result: Result, context: ErrorContext): void {
  fail(context, arrayProblem(result.contents, "contents", resourceContentsProblem), result);
}
