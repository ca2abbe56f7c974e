/**
 * `mock.ts`: `createMock<Name>Client(handlers)`, the typed client connected to a mock server in
 * the same process (the runtime's `createMockClient`), for unit tests of code that takes the
 * typed client. Its own module, which `index.ts` never imports: applications do not load it, and
 * compiling the client does not compile it. Handlers are typed by one mapped type over the
 * bindings (`MockHandlers<typeof definitions>`), so the module declares no per-item type.
 */
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { indexTypesImport, INDEX_TYPES } from "./index-types.js";
import { localSpecifier, type ImportExtension } from "./local-specifier.js";
import type { ModuleText } from "./module-text.js";
import type { NamePlan } from "./plan.js";
import type { Snapshot } from "./snapshot.js";

/** `{ member: typeof index.binding; … }`: the declared type of what `group` builds. */
function groupType(entries: ReadonlyArray<{ member: string; binding: string }>): string {
  if (entries.length === 0) return "{}";
  const members = entries.map((e) => `${e.member}: typeof ${INDEX_TYPES}.${e.binding};`);
  return `{\n${members.join("\n")}\n}`;
}

/** `{ member: binding, … }`, or `{}` for a kind the server has none of. */
function group(entries: ReadonlyArray<{ member: string; binding: string }>): string {
  if (entries.length === 0) return "{}";
  return `{\n${entries.map((e) => `${e.member}: ${e.binding},`).join("\n")}\n}`;
}

export function emitMock(
  snapshot: Snapshot,
  plan: NamePlan,
  runtimeImport: string,
  extension: ImportExtension = "js",
): ModuleText {
  const relativeModule = (file: string) => localSpecifier(file, extension);
  const name = plan.client;
  const server = `${snapshot.server.name} ${snapshot.server.version}`;
  const resources = [...plan.resources, ...plan.templates].sort((a, b) =>
    a.member < b.member ? -1 : a.member > b.member ? 1 : 0,
  );
  const modules = [...plan.tools, ...plan.prompts, ...resources].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
  const client = `ReturnType<typeof bind${name}Client>`;
  const bindImport = { names: [`bind${name}Client`], from: relativeModule("index.ts") };
  const localImports = [
    bindImport,
    ...modules.map((m) => ({ names: [m.binding], from: relativeModule(m.file) })),
  ];
  const definitionsDoc = jsDocBlock([
    "What the mock serves: the generated bindings, under the typed client's member names.",
  ]);
  const definitions = [
    `tools: ${group(plan.tools)},`,
    `prompts: ${group(plan.prompts)},`,
    `resources: ${group(resources)},`,
  ];
  const types = [
    [
      jsDocBlock([
        `Handlers for \`createMock${name}Client\`, by member name: a tool's receives its typed input and returns its typed output (or a whole result), a prompt's its arguments, a resource's the URI read.`,
      ]),
      `export type ${name}MockHandlers = MockHandlers<typeof definitions>;`,
    ].join("\n"),
    [
      jsDocBlock([
        `\`${name}Client\` over a mock server, with the calls the mock received (\`calls\`, \`callsTo(tool)\`).`,
      ]),
      `export type Mock${name}Client = MockClient<${client}, typeof definitions>;`,
    ].join("\n"),
  ];
  const createDoc = jsDocBlock([
    ...jsDocText(
      `A typed client for the MCP server ${stringLiteral(server)} whose server is a mock in the same process, for unit tests: no server runs.`,
    ),
    "",
    "Each call goes to its handler. A tool's output is checked against the tool's output schema, so a handler cannot return what the real server could not; a call without a handler fails with an `McpError` naming the handler to pass.",
    "",
    "@param handlers - `{ tools, prompts, resources }`, each keyed by the client's member names.",
    "@param options - Connect options for the client, and the mock's `serverInfo`.",
  ]);
  const createBody = (typed: boolean) =>
    `return createMockClient${typed ? `<${client}, typeof definitions>` : ""}(definitions, handlers, bind${name}Client, options);`;
  return {
    imports: {
      values: ["createMockClient"],
      types: ["MockClient", "MockClientOptions", "MockHandlers"],
      from: runtimeImport,
    },
    localImports,
    statements: [
      [definitionsDoc, `const definitions = {`, ...definitions, `};`].join("\n"),
      ...types,
      [
        createDoc,
        `export function createMock${name}Client(handlers: ${name}MockHandlers = {}, options?: MockClientOptions): Promise<Mock${name}Client> {`,
        // Type arguments spelt out: inferring them relates every binding, a cost per tool.
        createBody(true),
        `}`,
      ].join("\n"),
    ],
    forms: {
      js: {
        imports: { values: ["createMockClient"], types: [], from: runtimeImport },
        localImports,
        statements: [
          [`const definitions = {`, ...definitions, `};`].join("\n"),
          [
            `export function createMock${name}Client(handlers = {}, options) {`,
            createBody(false),
            `}`,
          ].join("\n"),
        ],
      },
      dts: {
        imports: {
          values: [],
          types: ["MockClient", "MockClientOptions", "MockHandlers"],
          from: runtimeImport,
        },
        localImports: [bindImport, ...indexTypesImport(modules.length, extension)],
        statements: [
          [
            definitionsDoc,
            `declare const definitions: {`,
            `tools: ${groupType(plan.tools)};`,
            `prompts: ${groupType(plan.prompts)};`,
            `resources: ${groupType(resources)};`,
            `};`,
          ].join("\n"),
          ...types,
          `${createDoc}\nexport declare function createMock${name}Client(handlers?: ${name}MockHandlers, options?: MockClientOptions): Promise<Mock${name}Client>;`,
          // A declaration file exports every top-level declaration unless it says otherwise:
          // `definitions` exists only inside the module.
          "export {};",
        ],
      },
    },
  };
}
