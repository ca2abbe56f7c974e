/**
 * Static resources and resource templates → `resources/<name>.ts`: the embedded definition and a
 * typed `read…` function; templates get typed URI parameters from their RFC 6570 variables.
 */
import { compileUriTemplate, type UriTemplateVariable } from "@mcp-codegen/runtime/internal";
import { describedLines } from "./docs.js";
import { emptyObjectDefault } from "./empty-default.js";
import { bindingModule } from "./binding-module.js";
import type { CallOverloadsSpec } from "./call-overloads.js";
import { subjectOf } from "./generation-warning.js";
import { describeMessage } from "./schema/index.js";
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { jsonLiteral } from "./literal.js";
import type { ModuleText } from "./module-text.js";
import type { PlannedResource, PlannedTemplate } from "./plan.js";
import { propertyKey } from "./property-key.js";

export function emitResource(entry: PlannedResource, runtimeImport: string): ModuleText {
  const { resource } = entry;
  const docLines = [
    ...describedLines(resource.title, resource.description),
    ...(resource.title === undefined && resource.description === undefined ? [] : [""]),
    ...jsDocText(
      `Reads the MCP resource ${stringLiteral(resource.uri)}${resource.mimeType === undefined ? "" : ` (${resource.mimeType})`}.`,
    ),
    "@param client - A client connected to the server.",
  ];
  const call: CallOverloadsSpec = {
    fn: entry.fn,
    doc: docLines,
    parameters: [],
    options: "CallOptions",
    result: "ReadResourceResult",
    body: `return ${entry.binding}.read(client, options);`,
  };
  const bindingDoc = jsDocBlock(
    jsDocText(`The MCP resource ${stringLiteral(resource.uri)} as the server declared it.`),
  );
  return bindingModule({
    runtimeImport,
    define: "defineResource",
    binding: entry.binding,
    bindingDoc,
    definition: `{ definition: ${jsonLiteral(resource)} }`,
    typeStatements: [],
    declaredType: "ResourceBinding",
    call,
    types: ["CallOptions", "McpClient", "ReadResourceResult"],
    declaredTypes: [...DECLARED_CALL_TYPES, "ResourceBinding"],
  });
}

/** What a resource module's declarations name from the runtime besides its binding's type. */
const DECLARED_CALL_TYPES = [
  "CallOptions",
  "MaybeInputRequired",
  "McpClient",
  "ReadResourceResult",
];

/** Query-style operators (`{?x}`, `{&x}`) may be left out; every other variable is required. */
function isOptional(variable: UriTemplateVariable): boolean {
  return variable.operator === "?" || variable.operator === "&";
}

/**
 * Scalars for plain variables; exploded ones (`{/path*}`, `{?query*}`) also take lists and
 * records, as RFC 6570 allows. (Plain variables could take lists too, joined with commas; the
 * narrower type is what nearly every template means.)
 */
function valueType(variable: UriTemplateVariable): string {
  if (variable.prefix !== undefined) return "string | number | boolean";
  return variable.explode ? "UriTemplateValue" : "string | number | boolean";
}

interface ParamsType {
  text: string;
  anyRequired: boolean;
  /** The variable names, for the `{}` default (see empty-default.ts). */
  names: readonly string[];
  /** Why the parameters could not be typed from the template, if they could not. */
  unparsed?: string;
}

/**
 * Every variable may be any template value: the type for a template that does not parse. The
 * module still compiles and imports; reading it fails with the runtime's `McpError` (kind
 * `input`) naming the problem, as it would for any caller, until the server fixes it.
 */
const LOOSE_PARAMS = "{ [name: string]: UriTemplateValue }";

function paramsType(entry: PlannedTemplate): ParamsType {
  let variables: readonly UriTemplateVariable[];
  try {
    variables = compileUriTemplate(entry.template.uriTemplate).variables;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { text: LOOSE_PARAMS, anyRequired: false, names: [], unparsed: reason };
  }
  const merged = new Map<string, UriTemplateVariable & { optional: boolean }>();
  for (const variable of variables) {
    const previous = merged.get(variable.name);
    const optional = isOptional(variable) && (previous?.optional ?? true);
    merged.set(variable.name, { ...(previous ?? variable), optional });
  }
  if (merged.size === 0) return { text: "Record<string, never>", anyRequired: false, names: [] };
  const members = [...merged.values()].map(
    (v) => `${propertyKey(v.name)}${v.optional ? "?" : ""}: ${valueType(v)};`,
  );
  return {
    text: `{\n${members.join("\n")}\n}`,
    anyRequired: [...merged.values()].some((v) => !v.optional),
    names: [...merged.keys()],
  };
}

export function emitTemplate(entry: PlannedTemplate, runtimeImport: string): ModuleText {
  const { template } = entry;
  const paramsName = `${entry.typeBase}Params`;
  const params = paramsType(entry);
  const usesRecords = params.text.includes("UriTemplateValue");
  const warnings =
    params.unparsed === undefined
      ? []
      : [
          {
            subject: subjectOf("resource template", template.name),
            pointer: "/uriTemplate",
            message: `the URI template cannot be parsed (${describeMessage(params.unparsed)}); its parameters are typed loosely, and reading it fails until the server fixes it`,
          },
        ];
  const paramsDoc = [
    ...jsDocText(`Variables of the resource template ${stringLiteral(template.uriTemplate)}.`),
    ...(params.unparsed === undefined
      ? []
      : ["", ...jsDocText(`Typed loosely: the template cannot be parsed (${params.unparsed}).`)]),
  ];
  const docLines = [
    ...describedLines(template.title, template.description),
    ...(template.title === undefined && template.description === undefined ? [] : [""]),
    ...jsDocText(
      `Reads the MCP resource template ${stringLiteral(template.uriTemplate)}${template.mimeType === undefined ? "" : ` (${template.mimeType})`}.`,
    ),
    "@param client - A client connected to the server.",
    "@param params - The template's variables, expanded and encoded as RFC 6570 says.",
  ];
  const call: CallOverloadsSpec = {
    fn: entry.fn,
    doc: docLines,
    parameters: [
      {
        name: "params",
        type: paramsName,
        ...(params.anyRequired
          ? {}
          : { defaultText: emptyObjectDefault(paramsName, params.names) }),
      },
    ],
    options: "CallOptions",
    result: "ReadResourceResult",
    body: `return ${entry.binding}.read(client, params, options);`,
  };
  const paramsStatement = `${jsDocBlock(paramsDoc)}\nexport type ${paramsName} = ${params.text};`;
  const bindingDoc = jsDocBlock(
    jsDocText(
      `The MCP resource template ${stringLiteral(template.uriTemplate)} as the server declared it.`,
    ),
  );
  const records = usesRecords ? ["UriTemplateValue"] : [];
  return {
    ...bindingModule({
      runtimeImport,
      define: "defineResourceTemplate",
      binding: entry.binding,
      bindingDoc,
      typeArgument: paramsName,
      definition: `{ definition: ${jsonLiteral(template)} }`,
      typeStatements: [paramsStatement],
      declaredType: `ResourceTemplateBinding<${paramsName}>`,
      call,
      types: ["CallOptions", "McpClient", "ReadResourceResult", ...records],
      declaredTypes: [...DECLARED_CALL_TYPES, "ResourceTemplateBinding", ...records],
    }),
    warnings,
  };
}
