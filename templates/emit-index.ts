/**
 * `index.ts`: the typed client for one server. `create<Name>Client(target)` connects and returns
 * an object whose `tools`, `prompts` and `resources` members call the generated modules;
 * `bind<Name>Client(client)` does the same for a client the caller already has. Every module is
 * re-exported, so one import gives every type.
 */
import { LEGACY_PROTOCOL_VERSIONS } from "@mcp-codegen/runtime/internal";
import { annotationLines, describedLines } from "./docs.js";
import { jsDocBlock, jsDocText, stringLiteral } from "./escape.js";
import { localSpecifier, type ImportExtension } from "./local-specifier.js";
import type { ModuleText } from "./module-text.js";
import type { NamePlan } from "./plan.js";
import type { Snapshot } from "./snapshot.js";

interface Member {
  member: string;
  fn: string;
  file: string;
  doc: string[];
  /**
   * A tool's binding: its member is `binding.bindTo(client)`, typed by the tool's call form.
   * Prompts and resources have none: theirs is `bindClient(fn, client)`.
   */
  binding?: string;
  /** What the index re-exports from the module: values, then type names. */
  exports: { values: string[]; types: string[] };
}

/**
 * A member's hover text: the title and the whole description, as the standalone function has
 * them (hovering `client.tools.x` should tell as much as hovering `x`), or a fallback naming it.
 */
function memberDoc(
  title: string | undefined,
  description: string | undefined,
  fallback: string,
): string[] {
  const lines = describedLines(title, description);
  return lines.length === 0 ? jsDocText(fallback) : lines;
}

/**
 * The index's runtime imports, each under its own name unless a module's function took it (a
 * tool `connect`): then under `<name>$`. Generated names never contain `$` (naming.ts), so the
 * alias is free, and the tool keeps its name.
 */
function runtimeNames(local: ReadonlySet<string>) {
  const aliases: Record<string, string> = {};
  const name = (imported: string): string => {
    if (!local.has(imported)) return imported;
    aliases[imported] = `${imported}$`;
    return aliases[imported];
  };
  return {
    aliases,
    bindClient: name("bindClient"),
    connect: name("connect"),
    ConnectOptions: name("ConnectOptions"),
    ConnectTarget: name("ConnectTarget"),
    McpClient: name("McpClient"),
    WithoutClient: name("WithoutClient"),
  };
}

type RuntimeNames = ReturnType<typeof runtimeNames>;

function group(members: readonly Member[], rt: RuntimeNames): { type: string; value: string } {
  if (members.length === 0) return { type: "Record<never, never>", value: "{}" };
  // A tool's member type is read off its binding, which the tool's module typed by its call form:
  // one instantiation of a named interface, cheap for the compiler however many tools there are.
  const type = members.map(
    (m) =>
      `${jsDocBlock(m.doc)}\nreadonly ${m.member}: ${m.binding === undefined ? `${rt.WithoutClient}<typeof ${m.fn}>` : `ReturnType<typeof ${m.binding}.bindTo>`};`,
  );
  const value = members.map((m) =>
    m.binding === undefined
      ? `${m.member}: ${rt.bindClient}(${m.fn}, client),`
      : `${m.member}: ${m.binding}.bindTo(client),`,
  );
  return { type: `{\n${type.join("\n")}\n}`, value: `{\n${value.join("\n")}\n}` };
}

export function emitIndex(
  snapshot: Snapshot,
  plan: NamePlan,
  runtimeImport: string,
  extension: ImportExtension = "js",
): ModuleText {
  const relativeModule = (file: string) => localSpecifier(file, extension);
  const tools = plan.tools.map((t) => ({
    member: t.member,
    fn: t.fn,
    file: t.file,
    binding: t.binding,
    exports: {
      values: [t.fn, t.binding],
      types: [
        `${t.typeBase}Input`,
        ...(t.tool.outputSchema === undefined ? [] : [`${t.typeBase}Output`]),
      ],
    },
    doc: [
      ...memberDoc(
        t.tool.title ?? t.tool.annotations?.title,
        t.tool.description,
        `The MCP tool ${stringLiteral(t.tool.name)}.`,
      ),
      // The server's hints, worded and placed as on the standalone function.
      ...annotationLines(t.tool.annotations),
    ],
  }));
  const prompts = plan.prompts.map((p) => ({
    member: p.member,
    fn: p.fn,
    file: p.file,
    exports: { values: [p.fn, p.binding], types: [`${p.typeBase}Arguments`] },
    doc: memberDoc(
      p.prompt.title,
      p.prompt.description,
      `The MCP prompt ${stringLiteral(p.prompt.name)}.`,
    ),
  }));
  const resources = [
    ...plan.resources.map((r) => ({
      member: r.member,
      fn: r.fn,
      file: r.file,
      exports: { values: [r.fn, r.binding], types: [] as string[] },
      doc: memberDoc(
        r.resource.title,
        r.resource.description,
        `The MCP resource ${stringLiteral(r.resource.uri)}.`,
      ),
    })),
    ...plan.templates.map((t) => ({
      member: t.member,
      fn: t.fn,
      file: t.file,
      exports: { values: [t.fn, t.binding], types: [`${t.typeBase}Params`] },
      doc: memberDoc(
        t.template.title,
        t.template.description,
        `The MCP resource template ${stringLiteral(t.template.uriTemplate)}.`,
      ),
    })),
  ].sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
  const all: Member[] = [...tools, ...prompts, ...resources];
  const name = plan.client;
  const rt = runtimeNames(
    new Set([
      ...all.map((m) => m.fn),
      ...tools.map((m) => m.binding),
      `create${name}Client`,
      `bind${name}Client`,
      `${name}Client`,
    ]),
  );
  const groups = {
    tools: group(tools, rt),
    prompts: group(prompts, rt),
    resources: group(resources, rt),
  };
  const server = `${snapshot.server.name} ${snapshot.server.version}`;

  const byFile = [...all].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  // Explicit re-exports, not `export *`: a module's other declarations (its schema's `$defs`
  // types) stay importable from the module itself, and can never make two re-exports ambiguous.
  const reexports = byFile.map((m) => {
    const names = [...m.exports.values, ...m.exports.types.map((type) => `type ${type}`)];
    return `export { ${names.join(", ")} } from ${stringLiteral(relativeModule(m.file))};`;
  });
  const hasBoundFunctions = prompts.length + resources.length > 0;
  // The era `pull` found, so the generated factory skips the probe for an initialize-era server.
  const legacy = LEGACY_PROTOCOL_VERSIONS.includes(snapshot.protocolVersion);
  const imports = {
    values: hasBoundFunctions ? ["bindClient", "connect"] : ["connect"],
    types: [
      "ConnectOptions",
      "ConnectTarget",
      "McpClient",
      ...(hasBoundFunctions ? ["WithoutClient"] : []),
    ],
    from: runtimeImport,
    aliases: rt.aliases,
  };
  const localImports = byFile.map((m) => ({
    names: [m.binding ?? m.fn],
    from: relativeModule(m.file),
  }));
  const clientInterface = [
    jsDocBlock([...jsDocText(`A typed client for the MCP server ${stringLiteral(server)}.`)]),
    `export interface ${name}Client {`,
    jsDocBlock(["The untyped client underneath, for anything the server added after generation."]),
    `readonly raw: ${rt.McpClient};`,
    `readonly tools: ${groups.tools.type};`,
    `readonly prompts: ${groups.prompts.type};`,
    `readonly resources: ${groups.resources.type};`,
    jsDocBlock(["Closes the connection; calls still in flight fail."]),
    `close(): Promise<void>;`,
    `}`,
  ].join("\n");
  const bindDoc = jsDocBlock(["Wraps a client that is already connected to the server."]);
  const bindBody = [
    `return {`,
    `raw: client,`,
    `tools: ${groups.tools.value},`,
    `prompts: ${groups.prompts.value},`,
    `resources: ${groups.resources.value},`,
    `close: () => client.close(),`,
    `};`,
    `}`,
  ];
  const createDoc = jsDocBlock([
    ...jsDocText(
      `Connects to the MCP server ${stringLiteral(server)} and returns its typed client.`,
    ),
    "",
    "@param target - `{ command, args }` for stdio, `{ url, headers }` for Streamable HTTP, `{ server }` in process, or a `Transport`.",
    "@param options - Client info, capabilities, input handlers (elicitation, sampling, roots), default timeout, log and notification handlers.",
    ...(legacy
      ? [
          "",
          ...jsDocText(
            `The server spoke MCP ${snapshot.protocolVersion}, an initialize-era revision, when this client was generated: it gets \`initialize\` at once, without the 2026-07-28 probe. A server that no longer answers that way is probed afresh; \`options.prior\` or \`options.protocol\` override this.`,
          ),
        ]
      : []),
  ]);
  const createBody = [
    legacy
      ? `return bind${name}Client(await ${rt.connect}(target, { prior: { era: "legacy", protocolVersion: ${stringLiteral(snapshot.protocolVersion)}${snapshot.httpTransport === "sse" ? `, httpTransport: "sse"` : ""} }, ...options }));`
      : `return bind${name}Client(await ${rt.connect}(target, options));`,
    `}`,
  ];
  const bindSignature = `bind${name}Client(client: ${rt.McpClient}): ${name}Client`;
  const createSignature = `create${name}Client(target: ${rt.ConnectTarget}, options?: ${rt.ConnectOptions}): Promise<${name}Client>`;
  // The js form re-exports only values; its types come from the declarations beside it.
  const valueReexports = byFile.map(
    (m) =>
      `export { ${m.exports.values.join(", ")} } from ${stringLiteral(relativeModule(m.file))};`,
  );
  return {
    imports,
    localImports,
    statements: [
      ...(reexports.length === 0 ? [] : [reexports.join("\n")]),
      clientInterface,
      [bindDoc, `export function ${bindSignature} {`, ...bindBody].join("\n"),
      [createDoc, `export async function ${createSignature} {`, ...createBody].join("\n"),
    ],
    forms: {
      js: {
        imports: { ...imports, types: [] },
        localImports,
        statements: [
          ...(valueReexports.length === 0 ? [] : [valueReexports.join("\n")]),
          [`export function bind${name}Client(client) {`, ...bindBody].join("\n"),
          [`export async function create${name}Client(target, options) {`, ...createBody].join(
            "\n",
          ),
        ],
      },
      dts: {
        imports: { ...imports, values: [] },
        localImports,
        statements: [
          ...(reexports.length === 0 ? [] : [reexports.join("\n")]),
          clientInterface,
          `${bindDoc}\nexport declare function ${bindSignature};`,
          `${createDoc}\nexport declare function ${createSignature};`,
        ],
      },
    },
  };
}
