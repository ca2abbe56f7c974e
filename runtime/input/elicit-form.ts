/**
 * Checks a form elicitation answer against the server's `requestedSchema` and fills in its
 * defaults. The schema is the spec's restricted subset (a flat object of strings, numbers,
 * booleans and enums), so a small validator covers it without loading zod into the core. The
 * schema itself is checked first, before anyone is asked (`elicitFormProblem`).
 */
import { localError, type ErrorContext } from "../protocol/index.js";
import type { ElicitContent, ElicitFormParams, ElicitPropertySchema } from "./input-types.js";
import { isJsonObject } from "../basics/index.js";

/**
 * The content to send: the handler's values, with defaults for properties it left out. Throws
 * an `McpError` of kind `input` naming the first property that does not match, or saying the
 * content is not an object. `params` must have passed `elicitFormProblem`.
 */
export function checkElicitContent(
  params: ElicitFormParams,
  content: ElicitContent | undefined,
  context: ErrorContext,
): ElicitContent {
  const schema = params.requestedSchema;
  const properties = schema.properties;
  const fail = (problem: string) =>
    localError("input", `the elicitation answer does not match its schema: ${problem}`, context);
  const given: unknown = content ?? {};
  if (!isJsonObject(given)) throw fail("content is not an object of values");
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(properties, name)) throw fail(`${name} is not in the requested schema`);
  }
  const checked: Array<[string, ElicitContent[string]]> = [];
  for (const [name, property] of Object.entries(properties)) {
    const value = Object.hasOwn(given, name) ? given[name] : property.default;
    if (value === undefined) {
      if (schema.required?.includes(name) === true) throw fail(`${name} is required`);
      continue;
    }
    const problem = valueProblem(property, value);
    if (problem !== undefined) throw fail(`${name} ${problem}`);
    checked.push([name, value as ElicitContent[string]]);
  }
  // Not assignment: a property named `__proto__` must stay a property.
  return Object.fromEntries(checked);
}

/**
 * Why `value` does not fit the property `schema` (a phrase such as "is not a string"), or
 * undefined. `schema` must be a restricted property schema (see `elicitFormProblem`).
 */
export function valueProblem(schema: ElicitPropertySchema, value: unknown): string | undefined {
  switch (schema.type) {
    case "string":
      return typeof value === "string" ? stringProblem(schema, value) : "is not a string";
    case "number":
    case "integer":
      if (typeof value !== "number" || !Number.isFinite(value)) return "is not a number";
      if (schema.type === "integer" && !Number.isInteger(value)) return "is not an integer";
      if (schema.minimum !== undefined && value < schema.minimum)
        return `is below ${schema.minimum}`;
      if (schema.maximum !== undefined && value > schema.maximum)
        return `is above ${schema.maximum}`;
      return undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : "is not a boolean";
    case "array":
      return Array.isArray(value) ? arrayProblem(schema, value) : "is not a list";
    default:
      return `has a type the elicitation schema does not allow (${String(schema.type)})`;
  }
}

function stringProblem(schema: ElicitPropertySchema, value: string): string | undefined {
  const allowed = schema.enum ?? schema.oneOf?.map((option) => option.const);
  if (allowed !== undefined && !allowed.includes(value)) return "is not one of the choices";
  if (schema.minLength !== undefined && value.length < schema.minLength)
    return `is shorter than ${schema.minLength}`;
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return `is longer than ${schema.maxLength}`;
  if (schema.format !== undefined && !ELICIT_FORMATS[schema.format](value))
    return `is not a valid ${schema.format}`;
  return undefined;
}

function arrayProblem(schema: ElicitPropertySchema, value: unknown[]): string | undefined {
  const allowed = schema.items?.enum ?? schema.items?.anyOf?.map((option) => option.const);
  for (const item of value) {
    if (typeof item !== "string") return "holds something other than strings";
    if (allowed !== undefined && !allowed.includes(item)) return `holds ${item}, not a choice`;
  }
  if (schema.minItems !== undefined && value.length < schema.minItems)
    return `has fewer than ${schema.minItems} items`;
  if (schema.maxItems !== undefined && value.length > schema.maxItems)
    return `has more than ${schema.maxItems} items`;
  return undefined;
}

/**
 * The string formats the restricted schema allows, each with a loose check: enough to catch an
 * answer in the wrong field, not a full RFC parser.
 */
export const ELICIT_FORMATS: Record<
  NonNullable<ElicitPropertySchema["format"]>,
  (value: string) => boolean
> = {
  email: (value) => /^[^\s@]+@[^\s@]+$/.test(value),
  uri: (value) => /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  "date-time": (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    !Number.isNaN(Date.parse(value)),
};
