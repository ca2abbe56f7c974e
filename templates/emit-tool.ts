/**
 * One tool → `tools/<name>.ts`: input and output types, the embedded definition with lazily built
 * zod validators, and a typed call function. Returns plain text statements; the generator prints
 * and formats them once for all files.
 */
import { annotationLines, describedLines } from "./docs.js";
import type { PlannedTool } from "./plan.js";
import { prepareSchema, SchemaError, type PreparedSchema } from "./schema/prepare.js";
import { schemaToTypeScript } from "./schema/to-typescript.js";
import { schemaToZod } from "./schema/to-zod.js";
import { jsDocBlock, stringLiteral } from "./escape.js";
import { emptyObjectDefault } from "./empty-default.js";
import { layoutCode } from "./layout-code.js";
import type { ModuleText } from "./module-text.js";

/** A tool whose schema cannot be turned into code, with where and why. */
export class ContractError extends Error {
  override readonly name = "ContractError";
}

function prepare(entry: PlannedTool, which: "inputSchema" | "outputSchema"): PreparedSchema {
  try {
    return prepareSchema(entry.tool[which]);
  } catch (error) {
    if (error instanceof SchemaError) {
      throw new ContractError(
        `tool ${stringLiteral(entry.tool.name)}: ${which} ${error.message}; exclude the tool in mcp-codegen.config.json if it cannot be fixed on the server`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The `validators` property, laid out by `layoutCode` at its final indentation and kept as is by
 * prettier (see layout-code.ts for why).
 */
function validatorsProperty(
  declarations: string,
  input: string,
  output: string | undefined,
): string {
  const body = "    ";
  const statements = declarations
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `${body}${layoutCode(line, body, body.length)}`);
  const entry = (key: string, expression: string): string =>
    `${body}  ${key}: ${layoutCode(expression, `${body}  `, body.length + 4 + key.length)},`;
  return [
    "// prettier-ignore",
    "validators: (z) => {",
    ...statements,
    `${body}return {`,
    entry("input", input),
    ...(output === undefined ? [] : [entry("output", output)]),
    `${body}};`,
    "  },",
  ].join("\n");
}

/** Recursive validators are typed with the runtime's zod facade, not zod's generics. */
const recursiveAnnotation = (): string => "GeneratedSchema";

/**
 * The parameter's default when `{}` is a valid input: the schema admits anything, or is one
 * object with no required property. Read from the prepared root, so a schema that is not an
 * object (or combines several) never gets a `{}` its type would reject.
 */
function emptyInputDefault(input: PreparedSchema, typeName: string): string {
  const root = input.definitions[0]?.node;
  if (root?.kind === "unknown") return " = {}";
  if (root?.kind !== "object" || root.properties.some((property) => property.required)) return "";
  return emptyObjectDefault(
    typeName,
    root.properties.map((property) => property.name),
  );
}

/** Generation choices that shape a tool module (from the snapshot's `codegen` section). */
export interface ToolEmitOptions {
  /**
   * Input objects whose schema says nothing about other keys get `[k: string]: unknown`, as
   * before this was an option; by default they are closed, so a misspelt argument does not
   * compile. Validators follow the schema either way.
   */
  readonly openInputTypes?: boolean;
}

export function emitTool(
  entry: PlannedTool,
  runtimeImport: string,
  options: ToolEmitOptions = {},
): ModuleText {
  const { tool } = entry;
  const inputName = `${entry.typeBase}Input`;
  const outputName = `${entry.typeBase}Output`;
  const input = prepare(entry, "inputSchema");
  const output = tool.outputSchema === undefined ? undefined : prepare(entry, "outputSchema");
  const inputTypes = schemaToTypeScript(input, {
    typeName: inputName,
    closeUnstatedObjects: options.openInputTypes !== true,
  });
  const inputZod = schemaToZod(input, {
    constName: `${entry.binding}InputSchema`,
    typeName: inputName,
    recursiveAnnotation,
  });
  const outputTypes =
    output === undefined ? undefined : schemaToTypeScript(output, { typeName: outputName });
  const outputZod =
    output === undefined
      ? undefined
      : schemaToZod(output, {
          constName: `${entry.binding}OutputSchema`,
          typeName: outputName,
          recursiveAnnotation,
        });
  const result = output === undefined ? "CallToolResult" : `ToolResult<${outputName}>`;
  const recursive = `${inputZod.declarations}${outputZod?.declarations ?? ""}`.includes(
    ": GeneratedSchema =",
  );

  const validators = validatorsProperty(
    [inputZod.declarations, outputZod?.declarations ?? ""].join("\n"),
    inputZod.expression,
    outputZod?.expression,
  );

  const docLines = [
    ...describedLines(tool.title ?? tool.annotations?.title, tool.description),
    ...(tool.title === undefined && tool.description === undefined ? [] : [""]),
    `Calls the MCP tool ${stringLiteral(tool.name)}.`,
    ...annotationLines(tool.annotations),
    "@param client - A client connected to the server (`connect()` or `create…Client()`).",
    "@param input - The tool's arguments.",
    "@param options - Timeout, cancellation, progress, validation switches.",
  ];
  const inputParam = `input: ${inputName}${emptyInputDefault(input, inputName)}`;

  return {
    imports: {
      values: ["defineTool"],
      types: [
        "McpClient",
        "ToolCallOptions",
        output === undefined ? "CallToolResult" : "ToolResult",
        ...(recursive ? ["GeneratedSchema"] : []),
      ],
      from: runtimeImport,
    },
    statements: [
      inputTypes.declarations,
      ...(outputTypes === undefined ? [] : [outputTypes.declarations]),
      [
        jsDocBlock([
          `The MCP tool ${stringLiteral(tool.name)}: its definition as the server declared it, and its validators.`,
        ]),
        `export const ${entry.binding} = /* @__PURE__ */ defineTool<${inputName}, ${result}>({`,
        // Compact JSON, parsed on first use: nothing to evaluate at import, cheap to format, and
        // exact for any key (the readable copy is mcp.snapshot.json).
        `definitionJson: ${stringLiteral(JSON.stringify(tool))},`,
        validators,
        `});`,
      ].join("\n"),
      [
        jsDocBlock(docLines),
        `export function ${entry.fn}(client: McpClient, ${inputParam}, options?: ToolCallOptions): Promise<${result}> {`,
        `return ${entry.binding}.call(client, input, options);`,
        `}`,
      ].join("\n"),
    ],
  };
}
