/**
 * Whether a form elicitation can be shown at all: its `requestedSchema` must be the spec's
 * restricted subset (2025-11-25 and 2026-07-28 alike: a flat object of string, number, integer,
 * boolean and enum properties; string formats email, uri, date and date-time only). A server is
 * not trusted to send one, and a form built from anything else either cannot be rendered or
 * cannot be checked, so the request is refused before the handler (the user) sees it.
 */
import { isJsonObject } from "../basics/index.js";
import { ELICIT_FORMATS, valueProblem } from "./elicit-form.js";
import type { ElicitPropertySchema } from "./input-types.js";

const PROPERTY_TYPES = new Set(["string", "number", "integer", "boolean", "array"]);

/**
 * Why `params` (a form-mode `elicitation/create`'s params, as the server sent them) is not a form
 * this client can show, or undefined when it is. Checks the message, the schema's shape, each
 * property's keywords against its type, and that each default satisfies its own property.
 * Keywords the restricted schema does not name are ignored, as the spec's own schema does. Never
 * throws, whatever `params` is.
 */
export function elicitFormProblem(params: unknown): string | undefined {
  if (!isJsonObject(params)) return "the params are not an object";
  if (typeof params.message !== "string") return "message is not a string";
  const schema = params.requestedSchema;
  if (schema === undefined) return "requestedSchema is missing";
  if (!isJsonObject(schema)) return "requestedSchema is not an object";
  if (schema.type !== "object") return 'requestedSchema.type is not "object"';
  if (schema.$schema !== undefined && typeof schema.$schema !== "string") {
    return "requestedSchema.$schema is not a string";
  }
  if (!isJsonObject(schema.properties)) return "requestedSchema.properties is not an object";
  if (schema.required !== undefined && !isStringList(schema.required)) {
    return "requestedSchema.required is not a list of strings";
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    const problem = propertySchemaProblem(property);
    if (problem !== undefined) return `property ${JSON.stringify(name)} ${problem}`;
  }
  return undefined;
}

function propertySchemaProblem(property: unknown): string | undefined {
  if (!isJsonObject(property)) return "is not an object";
  const type = property.type;
  if (typeof type !== "string" || !PROPERTY_TYPES.has(type)) {
    return `has type ${describe(type)}; the form allows string, number, integer, boolean and array (of enum strings)`;
  }
  for (const key of ["title", "description"]) {
    if (property[key] !== undefined && typeof property[key] !== "string") {
      return `has a ${key} that is not a string`;
    }
  }
  const problem =
    type === "string"
      ? stringSchemaProblem(property)
      : type === "array"
        ? arraySchemaProblem(property)
        : type === "boolean"
          ? undefined
          : numberSchemaProblem(property);
  if (problem !== undefined) return problem;
  if (property.default === undefined) return undefined;
  const defaultProblem = valueProblem(
    property as unknown as ElicitPropertySchema,
    property.default,
  );
  return defaultProblem === undefined ? undefined : `has a default that ${defaultProblem}`;
}

function stringSchemaProblem(property: Record<string, unknown>): string | undefined {
  const format = property.format;
  if (
    format !== undefined &&
    !(typeof format === "string" && Object.hasOwn(ELICIT_FORMATS, format))
  ) {
    return `has format ${describe(format)}; the form allows ${Object.keys(ELICIT_FORMATS).join(", ")}`;
  }
  for (const key of ["minLength", "maxLength"]) {
    if (property[key] !== undefined && !isCount(property[key])) {
      return `has a ${key} that is not a whole number`;
    }
  }
  if (property.enum !== undefined && !isStringList(property.enum)) {
    return "has an enum that is not a list of strings";
  }
  if (property.enumNames !== undefined && !isStringList(property.enumNames)) {
    return "has enumNames that are not a list of strings";
  }
  if (property.oneOf !== undefined && !isOptionList(property.oneOf)) {
    return "has a oneOf that is not a list of { const, title } strings";
  }
  return undefined;
}

function numberSchemaProblem(property: Record<string, unknown>): string | undefined {
  for (const key of ["minimum", "maximum"]) {
    const bound = property[key];
    if (bound !== undefined && !(typeof bound === "number" && Number.isFinite(bound))) {
      return `has a ${key} that is not a number`;
    }
  }
  return undefined;
}

function arraySchemaProblem(property: Record<string, unknown>): string | undefined {
  const items = property.items;
  if (!isJsonObject(items)) return "is an array without an items object (multi-select enums only)";
  const options = items.enum === undefined ? isOptionList(items.anyOf) : isStringList(items.enum);
  if ((items.type !== undefined && items.type !== "string") || !options) {
    return 'has items other than { type: "string", enum } or { anyOf: [{ const, title }] }';
  }
  for (const key of ["minItems", "maxItems"]) {
    if (property[key] !== undefined && !isCount(property[key])) {
      return `has a ${key} that is not a whole number`;
    }
  }
  return undefined;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** `[{ const, title }]`: the spec requires a title, but one left out only costs the label. */
function isOptionList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (option) =>
        isJsonObject(option) &&
        typeof option.const === "string" &&
        (option.title === undefined || typeof option.title === "string"),
    )
  );
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.slice(0, 40));
  if (value === undefined) return "(none)";
  return value === null ? "null" : Array.isArray(value) ? "(a list)" : `(a ${typeof value})`;
}
