/**
 * `all-tools.ts`: every tool of the server as a list for LLM applications (`allTools`), built by
 * the runtime's `describeTools` from the tools' bindings. One line per tool, so the file costs the
 * compiler little; index.ts does not import it, so a client that never hands tools to a model
 * does not compile or bundle it. No name here can meet a binding's: bindings end in `Tool` or
 * `_tool` (plan.ts), `describeTools` and `allTools` in `Tools`.
 */
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { localSpecifier, type ImportExtension } from "./local-specifier.js";
import { indexTypesImport, INDEX_TYPES } from "./index-types.js";
import type { ModuleText } from "./module-text.js";
import type { NamePlan } from "./plan.js";
import type { Snapshot } from "./snapshot.js";

/** Where the file sits in the output folder. */
export const ALL_TOOLS_FILE = "all-tools.ts";

export function emitAllTools(
  snapshot: Snapshot,
  plan: NamePlan,
  runtimeImport: string,
  extension: ImportExtension = "js",
): ModuleText {
  const server = `${snapshot.server.name} ${snapshot.server.version}`;
  const byFile = [...plan.tools].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const entries = plan.tools.map((tool) => `${tool.fn}: ${tool.binding},`);
  const localImports = byFile.map((tool) => ({
    names: [tool.binding],
    from: localSpecifier(tool.file, extension),
  }));
  const doc = jsDocBlock([
    ...jsDocText(`Every tool of the MCP server ${stringLiteral(server)}, for a model.`),
    "",
    ...jsDocText(
      "Each entry has the tool's MCP name, its function's name, its title and description made fit for a model (invisible characters removed, length capped), its input JSON Schema, its boolean hints, the zod schema of its input, and its call. Titles, descriptions and schemas are the server's text: untrusted.",
    ),
  ]);
  const call = `describeTools({${entries.length === 0 ? "" : `\n${entries.join("\n")}\n`}})`;
  // What `describeTools` infers for its `const` type parameter from the object above; a type
  // alias (not an interface, which has no index signature for `describeTools`' constraint).
  const bindings = plan.tools.map(
    (tool) => `readonly ${tool.fn}: typeof ${INDEX_TYPES}.${tool.binding};`,
  );
  const bindingsType = [
    jsDocBlock(["The tools' bindings by function name, as `describeTools` infers them."]),
    `type Bindings = ${bindings.length === 0 ? "{}" : `{\n${bindings.join("\n")}\n}`};`,
  ].join("\n");
  return {
    imports: { values: ["describeTools"], types: [], from: runtimeImport },
    localImports,
    statements: [`${doc}\nexport const allTools = /* @__PURE__ */ ${call};`],
    forms: {
      js: {
        imports: { values: ["describeTools"], types: [], from: runtimeImport },
        localImports,
        statements: [`export const allTools = /* @__PURE__ */ ${call};`],
      },
      dts: {
        imports: { values: [], types: ["ModelTools"], from: runtimeImport },
        localImports: indexTypesImport(plan.tools.length, extension),
        statements: [
          bindingsType,
          `${doc}\nexport declare const allTools: ModelTools<Bindings>;`,
          // A declaration file exports every top-level declaration unless it says otherwise.
          "export {};",
        ],
      },
    },
  };
}
