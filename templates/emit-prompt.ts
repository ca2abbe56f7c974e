/**
 * One prompt → `prompts/<name>.ts`: its arguments as a typed string map, the embedded
 * definition, and a typed `get…Prompt` function.
 */
import { describedLines } from "./docs.js";
import { emptyObjectDefault } from "./empty-default.js";
import { bindingModule } from "./binding-module.js";
import type { CallOverloadsSpec } from "./call-overloads.js";
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { jsonLiteral } from "./literal.js";
import type { ModuleText } from "./module-text.js";
import type { PlannedPrompt } from "./plan.js";
import { propertyKey } from "./property-key.js";

function argumentsType(entry: PlannedPrompt): string {
  const args = entry.prompt.arguments ?? [];
  if (args.length === 0) return "Record<string, never>";
  const seen = new Set<string>();
  const members = args
    .filter((arg) => typeof arg.name === "string" && !seen.has(arg.name) && seen.add(arg.name))
    .map((arg) => {
      const doc = jsDocBlock(describedLines(arg.title, arg.description));
      const optional = arg.required === true ? "" : "?";
      return `${doc === "" ? "" : `${doc}\n`}${propertyKey(arg.name)}${optional}: string;`;
    });
  return `{\n${members.join("\n")}\n}`;
}

function argumentNames(entry: PlannedPrompt): string[] {
  return (entry.prompt.arguments ?? []).flatMap((arg) =>
    typeof arg.name === "string" ? [arg.name] : [],
  );
}

export function emitPrompt(entry: PlannedPrompt, runtimeImport: string): ModuleText {
  const { prompt } = entry;
  const argsName = `${entry.typeBase}Arguments`;
  const anyRequired = (prompt.arguments ?? []).some((arg) => arg.required === true);
  const docLines = [
    ...describedLines(prompt.title, prompt.description),
    ...(prompt.title === undefined && prompt.description === undefined ? [] : [""]),
    `Gets the MCP prompt ${stringLiteral(prompt.name)}.`,
    "@param client - A client connected to the server.",
    "@param args - The prompt's arguments (strings, as the protocol requires).",
  ];
  const call: CallOverloadsSpec = {
    fn: entry.fn,
    doc: docLines,
    parameters: [
      {
        name: "args",
        type: argsName,
        ...(anyRequired ? {} : { defaultText: emptyObjectDefault(argsName, argumentNames(entry)) }),
      },
    ],
    options: "CallOptions",
    result: "GetPromptResult",
    body: `return ${entry.binding}.get(client, args, options);`,
  };
  const argsType = `${jsDocBlock(jsDocText(`Arguments of the MCP prompt ${stringLiteral(prompt.name)}.`))}\nexport type ${argsName} = ${argumentsType(entry)};`;
  const bindingDoc = jsDocBlock([
    `The MCP prompt ${stringLiteral(prompt.name)} as the server declared it.`,
  ]);
  return bindingModule({
    runtimeImport,
    define: "definePrompt",
    binding: entry.binding,
    bindingDoc,
    typeArgument: argsName,
    definition: `{ definition: ${jsonLiteral(prompt)} }`,
    typeStatements: [argsType],
    declaredType: `PromptBinding<${argsName}>`,
    call,
    types: ["CallOptions", "GetPromptResult", "McpClient"],
    declaredTypes: [
      "CallOptions",
      "GetPromptResult",
      "MaybeInputRequired",
      "McpClient",
      "PromptBinding",
    ],
  });
}
