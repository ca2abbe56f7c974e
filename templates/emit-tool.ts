/**
 * One tool → `tools/<name>.ts`: input and output types, the embedded definition with lazily built
 * zod validators, and the typed call (the binding's own, typed by its form). Returns plain text
 * statements; the generator prints and formats them once for all files.
 */
import { annotationLines, describedLines } from "./docs.js";
import type { PlannedTool } from "./plan.js";
import {
  prepareSchema,
  schemaToTypeScript,
  schemaToZod,
  type TypeScriptOutput,
} from "./schema/index.js";
import { schemaWarnings, subjectOf, uniqueWarnings } from "./generation-warning.js";
import { jsDocBlock, stringLiteral } from "./escape.js";
import { toolTaskSupport, type ToolTaskSupport } from "./task-support.js";
import { handlerFor, TASKS_EXTENSION } from "@mcp-codegen/runtime/internal";
import type { ClientNeed, ServerCapabilities } from "@mcp-codegen/runtime";
import { layoutCode } from "./layout-code.js";
import type { ModuleForms, ModuleText } from "./module-text.js";

/**
 * The `validators` property, laid out by `layoutCode` at its final column and kept as is by
 * prettier (see layout-code.ts for why): `indent` is the column prettier put the property at, 2,
 * or 4 when a long `defineTool<…>(` head makes it break the call's argument onto its own line.
 * The generator formats the module with `VALIDATORS_PLACEHOLDER` there and then puts this in.
 */
function validatorsProperty(
  declarations: string,
  input: string,
  output: string | undefined,
  indent: number,
): string {
  const body = " ".repeat(indent + 2);
  const statements = declarations
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `${body}${layoutCode(line, body, body.length)}`);
  const entry = (key: string, expression: string): string =>
    `${body}  ${key}: ${layoutCode(expression, `${body}  `, body.length + 4 + key.length)},`;
  return [
    "validators: (z) => {",
    ...statements,
    `${body}return {`,
    entry("input", input),
    ...(output === undefined ? [] : [entry("output", output)]),
    `${body}};`,
    `${" ".repeat(indent)}},`,
  ].join("\n");
}

/**
 * Where the validators go while prettier formats the module. Not an identifier a module can
 * declare: generated names never contain `$` (naming.ts).
 */
const VALIDATORS_PLACEHOLDER = "validators: $validators$,";

/** Recursive validators are typed with the runtime's zod facade, not zod's generics. */
const recursiveAnnotation = (): string => "GeneratedSchema";

/**
 * The validators' declarations as JavaScript: without the annotation of recursive ones. Each
 * declaration is one line that starts with `const <name>: GeneratedSchema = z.lazy(` when
 * annotated (schemaToZod); server text only ever appears inside string literals after that.
 */
function untypedDeclarations(declarations: string): string {
  return declarations.replace(/^(const [\w$]+): GeneratedSchema = z\.lazy\(/gm, "$1 = z.lazy(");
}

/** The runtime's named interface of each call form (its `ToolFunctions` entry). */
const FORM_FUNCTION: Readonly<Record<string, string>> = {
  input: "ToolFunction",
  "optional input": "OptionalInputToolFunction",
  task: "TaskToolFunction",
  "task, optional input": "OptionalInputTaskToolFunction",
};

/**
/**
 * True when `{}` is a valid input, so the argument may be left out (the runtime sends `{}`): the
 * schema requires nothing and composes nothing, and its type admits `{}`. `inputSchema` is
 * untrusted: MCP says it is an object schema, but a server may send `false`, an array schema, or
 * something set aside as `unknown`.
 */
export function acceptsEmptyInput(schema: unknown, types: TypeScriptOutput): boolean {
  if (!types.acceptsEmpty) return false;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return true;
  const required = (schema as Record<string, unknown>).required;
  const composed = ["oneOf", "anyOf", "allOf", "$ref", "if", "not"].some((k) =>
    Object.hasOwn(schema, k),
  );
  return !composed && (!Array.isArray(required) || required.length === 0);
}

/**
 * The form of the tool's call (the runtime's tool-call-forms.ts): whether its input may be left
 * out, and whether it has the task forms.
 */
function callForm(optionalInput: boolean, tasks: ToolTaskSupport): string {
  const base = tasks === undefined ? "" : "task";
  if (!optionalInput) return base === "" ? "input" : base;
  return base === "" ? "optional input" : `${base}, optional input`;
}

/** What the call's documentation says about tasks, for a tool that may run as one. */
function taskDocLines(support: ToolTaskSupport): string[] {
  if (support === undefined) return [];
  const lines =
    support === "required"
      ? [
          'The server runs this tool only as a task (`execution.taskSupport: "required"`), so a call is sent with `task: "await"` unless its options say otherwise: the task is polled to its end and its final result returned.',
        ]
      : [
          'With `task: "await"` the server may run the call as a task; it is polled to its end and its final result returned.',
        ];
  return ["", ...lines, 'Pass `task: "return"` to get the task\'s handle instead.'];
}

/** Generation choices that shape a tool module (from the snapshot's `codegen` section). */
export interface ToolEmitOptions {
  /**
   * Input objects whose schema says nothing about other keys get `[k: string]: unknown`, as
   * before this was an option; by default they are closed, so a misspelt argument does not
   * compile. Validators follow the schema either way.
   */
  readonly openInputTypes?: boolean;
  /** The server's capabilities: declaring the tasks extension gives every tool the task forms. */
  readonly serverCapabilities?: ServerCapabilities;
  /** The snapshot's `toolCapabilities`: what each tool was listed with only. */
  readonly toolCapabilities?: Readonly<Record<string, readonly ClientNeed[]>> | undefined;
}

/**
 * The tool's needs from the snapshot (an own key only: a tool may be called `constructor`); empty
 * when the snapshot lists none for it.
 */
export function needsOf(options: ToolEmitOptions, name: string): readonly ClientNeed[] {
  const all = options.toolCapabilities;
  return all !== undefined && Object.hasOwn(all, name) ? (all[name] ?? []) : [];
}

/** What the call's documentation says about each client capability the tool needs. */
function needDocLines(needs: readonly ClientNeed[]): string[] {
  if (needs.length === 0) return [];
  const lines = needs.map((need) => {
    const handler = handlerFor(need);
    const what =
      handler === undefined
        ? `Needs the tasks extension: pass \`capabilities: { extensions: { "${TASKS_EXTENSION}": {} } }\` to createClient/connect`
        : `Needs the \`${handler}\` handler: pass \`handlers.${handler}\` to createClient/connect`;
    return `${what} (the server lists this tool only to clients that declare ${need}).`;
  });
  return ["", ...lines, "Without it, a call fails with kind `input` before anything is sent."];
}

export function emitTool(
  entry: PlannedTool,
  runtimeImport: string,
  options: ToolEmitOptions = {},
): ModuleText {
  const { tool } = entry;
  const inputName = `${entry.typeBase}Input`;
  const outputName = `${entry.typeBase}Output`;
  // A schema part that cannot be typed is typed `unknown` with a warning (prepareSchema degrades
  // rather than throws): one odd tool must not stop a whole server from being generated.
  const input = prepareSchema(tool.inputSchema);
  const output = tool.outputSchema === undefined ? undefined : prepareSchema(tool.outputSchema);
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
  const subject = subjectOf("tool", tool.name);
  const warnings = uniqueWarnings([
    ...schemaWarnings(subject, "inputSchema", inputTypes.diagnostics),
    ...schemaWarnings(subject, "inputSchema", inputZod.diagnostics),
    ...schemaWarnings(subject, "outputSchema", outputTypes?.diagnostics ?? []),
    ...schemaWarnings(subject, "outputSchema", outputZod?.diagnostics ?? []),
  ]);
  const result = output === undefined ? "CallToolResult" : `ToolResult<${outputName}>`;
  const recursive = inputZod.recursive || outputZod?.recursive === true;

  const declarations = [inputZod.declarations, outputZod?.declarations ?? ""].join("\n");
  const layoutValidators = (column: number, text = declarations) =>
    validatorsProperty(text, inputZod.expression, outputZod?.expression, column);

  const tasks = toolTaskSupport(tool, options.serverCapabilities);
  const needs = needsOf(options, tool.name);
  const docLines = [
    ...describedLines(tool.title ?? tool.annotations?.title, tool.description),
    ...(tool.title === undefined && tool.description === undefined ? [] : [""]),
    `Calls the MCP tool ${stringLiteral(tool.name)}.`,
    ...needDocLines(needs),
    ...taskDocLines(tasks),
    ...annotationLines(tool.annotations),
  ];
  const form = callForm(acceptsEmptyInput(tool.inputSchema, inputTypes), tasks);
  const typeStatements = [
    inputTypes.declarations,
    ...(outputTypes === undefined ? [] : [outputTypes.declarations]),
  ];
  const bindingDoc = jsDocBlock([
    `The MCP tool ${stringLiteral(tool.name)}: its definition as the server declared it, and its validators.`,
  ]);
  const validatorValues = [
    ...new Set([...inputZod.runtimeValues, ...(outputZod?.runtimeValues ?? [])]),
  ];
  const definitionBody = [
    // Compact JSON, parsed on first use: nothing to evaluate at import, cheap to format, and
    // exact for any key (the readable copy is mcp.snapshot.json).
    `definitionJson: ${stringLiteral(JSON.stringify(tool))},`,
    ...(needs.length === 0 ? [] : [`needs: [${needs.map(stringLiteral).join(", ")}],`]),
    "// prettier-ignore",
    VALIDATORS_PLACEHOLDER,
    `});`,
  ];
  const functionName = FORM_FUNCTION[form]!;
  const forms: ModuleForms = {
    js: {
      imports: {
        values: ["defineTool", "toolFunction", ...validatorValues],
        types: [],
        from: runtimeImport,
      },
      statements: [
        [`export const ${entry.binding} = /* @__PURE__ */ defineTool({`, ...definitionBody].join(
          "\n",
        ),
        `export const ${entry.fn} = /* @__PURE__ */ toolFunction(${entry.binding});`,
      ],
      laidOut: {
        placeholder: VALIDATORS_PLACEHOLDER,
        layout: (column) => layoutValidators(column, untypedDeclarations(declarations)),
      },
    },
    dts: {
      imports: {
        values: [],
        types: [
          "ToolBinding",
          functionName,
          output === undefined ? "CallToolResult" : "ToolResult",
        ],
        from: runtimeImport,
      },
      statements: [
        ...typeStatements,
        `${bindingDoc}\nexport declare const ${entry.binding}: ToolBinding<${inputName}, ${result}, ${stringLiteral(form)}>;`,
        `${jsDocBlock(docLines)}\nexport declare const ${entry.fn}: ${functionName}<${inputName}, ${result}>;`,
      ],
    },
  };

  return {
    imports: {
      // Validators that check patterns call the runtime's linear-time engine by name.
      values: ["defineTool", "toolFunction", ...validatorValues],
      types: [
        output === undefined ? "CallToolResult" : "ToolResult",
        ...(recursive ? ["GeneratedSchema"] : []),
      ],
      from: runtimeImport,
    },
    statements: [
      ...typeStatements,
      [
        bindingDoc,
        `export const ${entry.binding} = /* @__PURE__ */ defineTool<${inputName}, ${result}, ${stringLiteral(form)}>({`,
        ...definitionBody,
      ].join("\n"),
      // The binding's call, typed by its form: no overloads spelt out per tool (see the runtime's
      // tool-call-forms.ts for what that saves a compile).
      `${jsDocBlock(docLines)}\nexport const ${entry.fn} = /* @__PURE__ */ toolFunction(${entry.binding});`,
    ],
    warnings,
    laidOut: { placeholder: VALIDATORS_PLACEHOLDER, layout: (column) => layoutValidators(column) },
    forms,
  };
}
