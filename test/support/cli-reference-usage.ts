/**
 * The sources of programs that use clients generated from the reference servers
 * (`@modelcontextprotocol/server-everything`, `-filesystem`, `-memory`) the way a user would: the
 * legacy-pull test writes them next to the generated folders, compiles them under strict settings,
 * then runs them (node --import tsx) against the live servers. Each makes typed calls (every tool,
 * prompt and resource the pull found, but server-everything's task-only simulate-research-query)
 * and prints what came back as one JSON line for the test to assert on.
 *
 * Text, not modules of this repository, because they import code that only exists once a test has
 * pulled it. A `@ts-expect-error` line fails compilation if the generated types accept that call.
 */

const PRELUDE = `import { type ConnectTarget, type LogMessage, type Progress } from "@mcp-codegen/runtime";

const target = JSON.parse(process.argv[2] ?? "null") as ConnectTarget;
const folder = process.argv[3] ?? "";
const results: Record<string, unknown> = {};
const logs: LogMessage[] = [];
const progress: Progress[] = [];
/** The text blocks of a result's content. */
const texts = (content: readonly { type: string }[]) =>
  content.flatMap((block) => ("text" in block && typeof block.text === "string" ? [block.text] : []));
void folder;
void logs;
void progress;
`;

function program(clientModule: string, factory: string, body: string): string {
  return `${PRELUDE}import { ${factory} } from ${JSON.stringify(clientModule)};

/** Resolves on the first log message (the server sends one as simulated logging starts). */
let logged: () => void = () => undefined;
const firstLog = new Promise<void>((resolve) => (logged = resolve));
void firstLog;
const client = await ${factory}(target, {
  onLog: (message) => {
    logs.push(message);
    logged();
  },
});
try {
${body}
} finally {
  await client.raw.close();
}
process.stdout.write(JSON.stringify(results));
`;
}

export function everythingUsageSource(clientModule: string): string {
  return program(
    clientModule,
    "createEverythingClient",
    `  // @ts-expect-error location is one of three cities
  if (Math.random() > 2) await client.tools.getStructuredContent({ location: "Paris" });
  results.echo = texts((await client.tools.echo({ message: "typed" })).content);
  results.annotated = texts((await client.tools.getAnnotatedMessage({ messageType: "success" })).content);
  results.envHome = (JSON.parse(texts((await client.tools.getEnv()).content)[0] ?? "{}") as Record<string, string>).HOME;
  results.links = (await client.tools.getResourceLinks({ count: 1 })).content.map((block) => block.type);
  results.reference = (await client.tools.getResourceReference({ resourceType: "Text", resourceId: 4 })).content.map((block) => block.type);
  const weather = await client.tools.getStructuredContent({ location: "New York" });
  if (weather.isError) throw new Error("get-structured-content failed");
  const temperature: number = weather.structuredContent.temperature;
  results.weather = { temperature, humidity: weather.structuredContent.humidity };
  results.sum = texts((await client.tools.getSum({ a: 19, b: 23 })).content);
  results.image = (await client.tools.getTinyImage()).content.map((block) => block.type);
  const data = "data:text/plain;base64," + Buffer.from("zip me").toString("base64");
  results.gzip = (await client.tools.gzipFileAsResource({ name: "z.gz", data, outputType: "resourceLink" })).content.map((block) => block.type);
  results.logging = texts((await client.tools.toggleSimulatedLogging()).content).map((text) => text.split(" ")[0]);
  await firstLog;
  await client.tools.toggleSimulatedLogging();
  results.logged = logs.some((log) => /level[- ]message/i.test(String(log.data)));
  results.updates = texts((await client.tools.toggleSubscriberUpdates()).content).map((text) => text.split(" ")[0]);
  await client.tools.toggleSubscriberUpdates();
  const long = await client.tools.triggerLongRunningOperation({ duration: 0.2, steps: 2 }, { onProgress: (update) => progress.push(update) });
  results.long = texts(long.content);
  results.progress = progress.map((update) => update.progress);
  const prompt = async (result: Promise<{ messages: { content: unknown }[] }>) =>
    (await result).messages.map((message) => (message.content as { type: string }).type);
  results.prompts = [
    await prompt(client.prompts.simplePrompt()),
    await prompt(client.prompts.argsPrompt({ city: "Oslo" })),
    await prompt(client.prompts.completablePrompt({ department: "Support", name: "Kim" })),
    await prompt(client.prompts.resourcePrompt({ resourceType: "Text", resourceId: "1" })),
  ];
  const uris = async (result: Promise<{ contents: { uri: string }[] }>) => (await result).contents[0]?.uri;
  results.resources = [
    await uris(client.resources.architectureMd()),
    await uris(client.resources.extensionMd()),
    await uris(client.resources.featuresMd()),
    await uris(client.resources.howItWorksMd()),
    await uris(client.resources.instructionsMd()),
    await uris(client.resources.startupMd()),
    await uris(client.resources.structureMd()),
    await uris(client.resources.dynamicTextResource({ resourceId: 8 })),
    await uris(client.resources.dynamicBlobResource({ resourceId: 9 })),
  ];`,
  );
}

export function filesystemUsageSource(clientModule: string): string {
  return `import { join } from "node:path";
${program(
  clientModule,
  "createFilesystemClient",
  `  // @ts-expect-error path is required
  if (Math.random() > 2) await client.tools.readTextFile({ head: 1 });
  const at = (name: string) => join(folder, name);
  const content = async (result: Promise<{ isError?: boolean; structuredContent?: unknown }>) => {
    const settled = await result;
    if (settled.isError === true) throw new Error("a filesystem tool failed");
    return (settled.structuredContent as { content: unknown }).content;
  };
  const written = await client.tools.writeFile({ path: at("notes.txt"), content: "alpha\\nbeta" });
  if (written.isError) throw new Error("write_file failed");
  const message: string = written.structuredContent.content;
  results.write = message;
  results.edit = await content(client.tools.editFile({ path: at("notes.txt"), edits: [{ oldText: "beta", newText: "gamma" }], dryRun: false }));
  results.readText = await content(client.tools.readTextFile({ path: at("notes.txt") }));
  results.read = await content(client.tools.readFile({ path: at("notes.txt"), head: 1 }));
  await content(client.tools.createDirectory({ path: at("nested") }));
  await content(client.tools.moveFile({ source: at("notes.txt"), destination: at("nested/moved.txt") }));
  results.multiple = await content(client.tools.readMultipleFiles({ paths: [at("nested/moved.txt")] }));
  results.list = await content(client.tools.listDirectory({ path: folder }));
  results.sizes = await content(client.tools.listDirectoryWithSizes({ path: at("nested") }));
  results.tree = await content(client.tools.directoryTree({ path: folder }));
  results.search = await content(client.tools.searchFiles({ path: folder, pattern: "**/*.txt" }));
  results.info = String(await content(client.tools.getFileInfo({ path: at("nested/moved.txt") }))).split("\\n")[0];
  results.allowed = await content(client.tools.listAllowedDirectories());
  const { writeFile } = await import("node:fs/promises");
  await writeFile(at("dot.png"), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));
  const media = await client.tools.readMediaFile({ path: at("dot.png") });
  results.media = media.content.map((block) => block.type);`,
)}`;
}

export function memoryUsageSource(clientModule: string): string {
  return program(
    clientModule,
    "createMemoryClient",
    `  // @ts-expect-error an entity needs observations
  if (Math.random() > 2) await client.tools.createEntities({ entities: [{ name: "x", entityType: "y" }] });
  const created = await client.tools.createEntities({ entities: [{ name: "Grace", entityType: "person", observations: ["admiral"] }, { name: "COBOL", entityType: "language", observations: [] }] });
  if (created.isError) throw new Error("create_entities failed");
  const names: string[] = created.structuredContent.entities.map((entity) => entity.name);
  results.created = names;
  await client.tools.createRelations({ relations: [{ from: "Grace", to: "COBOL", relationType: "designed" }] });
  await client.tools.addObservations({ observations: [{ entityName: "COBOL", contents: ["1959"] }] });
  const found = await client.tools.searchNodes({ query: "admiral" });
  if (found.isError) throw new Error("search_nodes failed");
  results.found = found.structuredContent.entities.map((entity) => entity.name);
  const opened = await client.tools.openNodes({ names: ["COBOL"] });
  if (opened.isError) throw new Error("open_nodes failed");
  results.opened = opened.structuredContent.entities[0]?.observations;
  results.resource = JSON.parse((await client.resources.knowledgeGraph()).contents.map((c) => ("text" in c ? c.text : "")).join("")) as unknown;
  await client.tools.deleteObservations({ deletions: [{ entityName: "COBOL", observations: ["1959"] }] });
  await client.tools.deleteRelations({ relations: [{ from: "Grace", to: "COBOL", relationType: "designed" }] });
  const deleted = await client.tools.deleteEntities({ entityNames: ["COBOL"] });
  if (deleted.isError) throw new Error("delete_entities failed");
  const success: boolean = deleted.structuredContent.success;
  results.deleted = success;
  const graph = await client.tools.readGraph();
  if (graph.isError) throw new Error("read_graph failed");
  results.graph = graph.structuredContent;`,
  );
}
