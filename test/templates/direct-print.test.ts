/**
 * The direct printer prints what prettier would: every golden case and a generated corpus of
 * servers (names, titles, descriptions and schemas from fast-check) give byte-identical files
 * with `format: "direct"` and with `format: "prettier"` (prettier over every module). The
 * synthetic catalog `bench:codegen` and `bench:peers` generate is printed without prettier at
 * all, so the fallback is not what makes a cold run fast or slow.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printDirect } from "../../templates/direct-print.js";
import { emitTool } from "../../templates/emit-tool.js";
import { generateFiles, type GeneratedFile } from "../../templates/generate.js";
import { planNames } from "../../templates/plan.js";
import { printModule } from "../../templates/print.js";
import { createSnapshot, type Snapshot } from "../../templates/snapshot.js";
import type { Tool } from "../../runtime/protocol/types.js";
import { syntheticSnapshot } from "../bench/synthetic-snapshot.js";
import { caseDir, goldenCaseNames, loadSnapshot } from "../support/golden-cases.js";

const VERSION = "0.0.0-golden";

/**
 * The paths whose content differs between the two ways of formatting; `onFallback` is told each
 * module the direct printer left to prettier.
 */
async function differences(
  snapshot: Snapshot,
  onFallback?: (path: string) => void,
): Promise<string[]> {
  const [direct, pretty] = await Promise.all([
    generateFiles(snapshot, {
      generatorVersion: VERSION,
      format: "direct",
      ...(onFallback === undefined ? {} : { onFormatFallback: onFallback }),
    }),
    generateFiles(snapshot, { generatorVersion: VERSION, format: "prettier" }),
  ]);
  const byPath = new Map(pretty.map((file: GeneratedFile) => [file.path, file.content]));
  expect(direct.map((file) => file.path)).toEqual(pretty.map((file) => file.path));
  // A path and the first line that differs, so a counterexample shows what to fix.
  const found = direct
    .filter((file) => byPath.get(file.path) !== file.content)
    .map((file) => {
      const want = byPath.get(file.path)!.split("\n");
      const at = file.content.split("\n").findIndex((line, i) => line !== want[i]);
      return `${file.path}:${at + 1}: ${JSON.stringify(want.slice(at - 2, at + 3))}`;
    });
  return found;
}

describe("direct printing", () => {
  it.each(goldenCaseNames())(
    "prints golden case %s as prettier does",
    async (name) => {
      expect(await differences(loadSnapshot(caseDir(name)))).toEqual([]);
    },
    60_000,
  );

  it("prints every module of the synthetic catalog without prettier", () => {
    const snapshot = syntheticSnapshot(40);
    const plan = planNames(snapshot, undefined);
    const fallbacks = plan.tools
      .map((entry) => printModule("// header", emitTool(entry, "@mcp-codegen/runtime")))
      .filter((text) => printDirect(text) === undefined);
    expect(fallbacks).toEqual([]);
  });

  it("leaves to prettier what it cannot print, rather than guessing", () => {
    const given: Array<[string, string]> = [
      ["a template literal", "export const a = `x`;\n"],
      ["an array broken over lines", "export const a = [\n1,\n];\n"],
      ["an intersection with a block", "export type A = B & {\na: string;\n};\n"],
      [
        "an intersection in a union",
        "export type A = { a: string } & { b: number } | undefined;\n",
      ],
      ["a quoted plain key", 'export type A = { "__proto__": string };\n'],
      ["a hexadecimal number", "export type A = 0x1F;\n"],
      // Prettier keeps `\d` as written; whether it would in a literal it requotes is left to it.
      ["an unusual escape in a literal changing quote", 'export const a = "\\d\\"";\n'],
      ["two blank lines", "export const a = 1;\n\n\nexport const b = 2;\n"],
    ];
    for (const [what, text] of given) expect([what, printDirect(text)]).toEqual([what, undefined]);
  });
});

/** Text a server might send: quotes, backslashes, wide and combining characters, long runs. */
const serverText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(`it's "quoted"`, "a\\b", "天気を取得します", "e\u0301", "*/ /*", "x".repeat(120)),
);

const leafSchema = fc.oneof(
  fc.constant({ type: "string" }),
  fc.constant({ type: "integer", minimum: 1 }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.uniqueArray(serverText, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    enum: fc.uniqueArray(
      fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({ type: fc.constant("array"), items: fc.constant({ type: "number" }) }),
  fc.record({ type: fc.constant(["string", "null"]) }),
);

/** Object schemas nested a few levels, with described, required and optional properties. */
const { objectSchema } = fc.letrec((tie) => ({
  property: fc.oneof(
    { depthSize: "small" },
    leafSchema,
    leafSchema.chain((leaf) => serverText.map((description) => ({ ...leaf, description }))),
    tie("objectSchema"),
    fc.record({ type: fc.constant("array"), items: tie("objectSchema") }),
    fc.record({ oneOf: fc.tuple(tie("objectSchema"), tie("objectSchema")) }),
  ),
  objectSchema: fc
    .tuple(
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("id", "a-b", "name")),
        tie("property"),
        { maxKeys: 5 },
      ),
      fc.boolean(),
      fc.oneof(fc.constant(undefined), fc.boolean()),
    )
    .map(([properties, requireFirst, additional]) => ({
      type: "object",
      properties,
      ...(requireFirst && Object.keys(properties).length > 0
        ? { required: [Object.keys(properties)[0]] }
        : {}),
      ...(additional === undefined ? {} : { additionalProperties: additional }),
    })),
}));

const tool: fc.Arbitrary<Tool> = fc
  .record(
    {
      name: fc.oneof(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom("a".repeat(90), "get_weather"),
      ),
      title: serverText,
      description: serverText,
      inputSchema: objectSchema,
      outputSchema: objectSchema,
    },
    { requiredKeys: ["name", "inputSchema"] },
  )
  .map((t) => t as unknown as Tool);

const toolLists = fc.uniqueArray(tool, { minLength: 1, maxLength: 4, selector: (t) => t.name });

/**
 * Everyday servers, shaped like the reference servers' catalogs: plain names and prose, objects
 * nested as required properties or in arrays, arrays of unions of objects (read_media_file's
 * output), unions of objects as properties, enums of words; with prompts and resources. More than
 * half of these modules the direct printer prints itself (deeply nested optional objects still go
 * to prettier),
 * so this corpus tests its layouts, not only the fallback.
 */
const words = fc.lorem({ maxCount: 14 });
const everydayLeaf = fc.oneof(
  fc.constant({ type: "string" }),
  fc.constant({ type: "number", minimum: 0 }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.uniqueArray(fc.lorem({ maxCount: 1 }), { minLength: 1, maxLength: 12 }),
  }),
  fc.record({ type: fc.constant("array"), items: fc.constant({ type: "string" }) }),
  words.map((description) => ({ type: "string", description })),
);
/** An object of leaves only: what the union members above are made of (kept small: prettier is slow on deep unions). */
const flatObject = fc
  .dictionary(fc.constantFrom("type", "data", "mimeType", "uri", "text", "name"), everydayLeaf, {
    minKeys: 1,
    maxKeys: 4,
  })
  .chain((properties) =>
    fc
      .subarray(Object.keys(properties))
      .map((required) => ({ type: "object", properties, required })),
  );
const { everydayObject } = fc.letrec((tie) => ({
  everydayProperty: fc.oneof(
    { depthSize: "small" },
    everydayLeaf,
    tie("everydayObject"),
    fc.record({ type: fc.constant("array"), items: tie("everydayObject"), description: words }),
    // What read_media_file returns: an array of a union of objects, `(A | B)[]`.
    fc.record({
      type: fc.constant("array"),
      items: fc.record({ anyOf: fc.tuple(flatObject, flatObject) }),
    }),
    // A union of objects as a property, broken over lines when an object spans lines.
    fc.record({ oneOf: fc.tuple(flatObject, flatObject) }),
  ),
  everydayObject: fc
    .dictionary(
      fc.constantFrom(
        "id",
        "name",
        "path",
        "mode",
        "limit",
        "tags",
        "query",
        "entities",
        "entityType",
        "observations",
        "contents",
        "relationType",
      ),
      tie("everydayProperty"),
      { minKeys: 1, maxKeys: 7 },
    )
    .chain((properties) =>
      fc
        .subarray(Object.keys(properties))
        .map((required) => ({ type: "object", properties, required })),
    ),
}));
const everydayTool: fc.Arbitrary<Tool> = fc
  .record(
    {
      name: fc.stringMatching(/^[a-z][a-z_]{0,30}$/),
      description: words,
      inputSchema: everydayObject,
      outputSchema: everydayObject,
    },
    { requiredKeys: ["name", "description", "inputSchema"] },
  )
  .map((t) => t as unknown as Tool);
const everydayLists = fc.uniqueArray(everydayTool, {
  minLength: 1,
  maxLength: 4,
  selector: (t) => t.name,
});

/** Prompts and resources as servers declare them: a definition object on one long line each. */
const everydayPrompts = fc.uniqueArray(
  fc.record(
    {
      name: fc.stringMatching(/^[a-z][a-z_-]{0,30}$/),
      description: words,
      arguments: fc.array(
        fc.record(
          {
            name: fc.stringMatching(/^[a-z][a-z_]{0,12}$/),
            description: words,
            required: fc.boolean(),
          },
          { requiredKeys: ["name"] },
        ),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: ["name"] },
  ),
  { maxLength: 3, selector: (p) => p.name },
);
const everydayResources = fc.uniqueArray(
  fc.record(
    {
      uri: fc.stringMatching(/^file:\/\/\/[a-z]{1,40}\.(?:txt|md)$/),
      name: fc.stringMatching(/^[a-z][a-z_]{0,30}$/),
      description: words,
      mimeType: fc.constantFrom("text/plain", "text/markdown"),
    },
    { requiredKeys: ["uri", "name"] },
  ),
  { maxLength: 3, selector: (r) => r.name },
);

function server(
  tools: Tool[],
  prompts: Snapshot["prompts"] = [],
  resources: Snapshot["resources"] = [],
): Snapshot {
  return createSnapshot({
    name: "corpus",
    server: { name: "corpus", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {}, prompts: {}, resources: {} },
    clientCapabilities: {},
    tools,
    prompts,
    resources,
    resourceTemplates: [],
  });
}

/** Runs the equivalence over a corpus; returns how many tool modules were printed directly. */
async function checkCorpus(
  servers: fc.Arbitrary<Snapshot>,
): Promise<{ direct: number; total: number }> {
  const printed = { direct: 0, total: 0 };
  await fc.assert(
    fc.asyncProperty(servers, async (snapshot) => {
      let fallbacks = 0;
      const counted = (path: string) =>
        (fallbacks += /^(?:tools|prompts|resources)\//.test(path) ? 1 : 0);
      expect(await differences(snapshot, counted)).toEqual([]);
      // The js+dts form prints its .js and .d.ts modules through the same printer.
      expect(await differences({ ...snapshot, codegen: { emit: "js+dts" } })).toEqual([]);
      const modules = planNames(snapshot, undefined);
      const total = modules.tools.length + modules.prompts.length + modules.resources.length;
      printed.total += total;
      printed.direct += total - fallbacks;
    }),
    { numRuns: 50 },
  );
  return printed;
}

describe("direct printing on generated servers", () => {
  it("prints every file of hostile servers as prettier does (mostly by falling back)", async () => {
    const printed = await checkCorpus(toolLists.map((tools) => server(tools)));
    expect(printed.total).toBeGreaterThan(0);
  }, 240_000);

  it("prints every file of everyday servers as prettier does, most by itself", async () => {
    const servers = fc
      .tuple(everydayLists, everydayPrompts, everydayResources)
      .map(([tools, prompts, resources]) => server(tools, prompts, resources));
    const printed = await checkCorpus(servers);
    console.log(`direct printing: ${printed.direct} of ${printed.total} modules`);
    expect(printed.direct / printed.total).toBeGreaterThan(0.4);
  }, 240_000);
});
