/**
 * The generator degrades instead of failing: a tool whose schema cannot be typed in full is still
 * generated, and `generateOutput` returns warnings naming the tool and the pointer, through the
 * generation cache too. The property generates sibling bad schemas (unknown type names, references
 * that cannot be followed, keywords of the wrong type, in every position a schema can sit) and
 * asserts generation never throws, always returns formatted code, and warns about each of them.
 */
import fc from "fast-check";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ResourceTemplate, Tool } from "../../runtime/protocol/types.js";
import { formatWarning } from "../../templates/generation-warning.js";
import {
  generateOutput,
  type CachedModule,
  type GenerationCache,
} from "../../templates/generate.js";
import type { Snapshot } from "../../templates/snapshot.js";
import { badSchema, placed } from "../support/bad-schema.js";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

function snapshotOf(
  tools: readonly Tool[],
  resourceTemplates: readonly ResourceTemplate[] = [],
): Snapshot {
  return toolsSnapshot("odd", [...tools], { resourceTemplates: [...resourceTemplates] });
}

const tool = (inputSchema: unknown, outputSchema?: unknown): Tool =>
  ({
    name: "lookup_city",
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
  }) as Tool;

function memoryCache(): GenerationCache & { hits: number } {
  const entries = new Map<string, CachedModule>();
  const cache = {
    hits: 0,
    get(key: string) {
      const entry = entries.get(key);
      if (entry !== undefined) cache.hits += 1;
      return entry;
    },
    set(key: string, module: CachedModule) {
      entries.set(key, module);
    },
  };
  return cache;
}

describe("generateOutput: warnings", () => {
  const cases: ReadonlyArray<{ name: string; given: Tool; want: string[] }> = [
    {
      name: "a network $ref in the input",
      given: tool({ type: "object", properties: { city: { $ref: "https://x.example/c" } } }),
      want: [
        'tool "lookup_city" at #/inputSchema/properties/city/$ref: $ref "https://x.example/c" points outside this schema; only references within the document are resolved, and nothing is fetched; typed as unknown',
      ],
    },
    {
      name: "an unknown type in the output",
      given: tool({ type: "object" }, { type: "object", properties: { temp: { type: "numbr" } } }),
      want: [
        'tool "lookup_city" at #/outputSchema/properties/temp/type: type "numbr" is not a JSON Schema type; typed as unknown',
      ],
    },
    {
      name: "an unknown dialect: the whole input",
      given: tool({ $schema: "http://json-schema.org/draft-03/schema#", type: "object" }),
      want: [
        'tool "lookup_city" at #/inputSchema/$schema: unsupported JSON Schema dialect "http://json-schema.org/draft-03/schema#"; supported: 2020-12, 2019-09, draft-07, draft-06, draft-04; typed as unknown',
      ],
    },
    { name: "a schema that is fine", given: tool({ type: "object" }), want: [] },
  ];
  it.each(cases)("$name", async ({ given, want }) => {
    const { warnings } = await generateOutput(snapshotOf([given]), { generatorVersion: "0" });
    expect(warnings.map(formatWarning)).toEqual(want);
  });

  it("types a whole input set aside as unknown, still callable without arguments", async () => {
    const { files } = await generateOutput(
      snapshotOf([tool({ $schema: "http://json-schema.org/draft-03/schema#" })]),
      { generatorVersion: "0" },
    );
    const module = files.find((file) => file.path === "tools/lookup-city.ts")?.content ?? "";
    expect(module).toContain("export type LookupCityInput = unknown;");
    // Callable without arguments: the call's form lets the input be left out.
    expect(module).toMatch(
      /defineTool<\s*LookupCityInput,\s*CallToolResult,\s*"optional input"\s*>/,
    );
    expect(module).toContain("input: z.unknown()");
  });

  it("types the parameters of a URI template that does not parse loosely, and warns", async () => {
    const { files, warnings } = await generateOutput(
      snapshotOf([], [{ name: "forecast", uriTemplate: "weather://{city" }]),
      { generatorVersion: "0" },
    );
    expect(warnings.map(formatWarning)).toEqual([
      expect.stringMatching(
        /^resource template "forecast" at #\/uriTemplate: the URI template cannot be parsed \(invalid URI template "weather:\/\/{city": unclosed "{" at offset 10\); its parameters are typed loosely, and reading it fails until the server fixes it$/,
      ),
    ]);
    const module = files.find((file) => file.path === "resources/forecast.ts")?.content ?? "";
    expect(module).toContain("export type ForecastParams = { [name: string]: UriTemplateValue };");
    expect(module).toContain("Typed loosely: the template cannot be parsed");
  });

  it("reports the same warnings when the module comes from the cache", async () => {
    const snapshot = snapshotOf([tool({ properties: { a: { type: "strin" } } })]);
    const cache = memoryCache();
    const miss = await generateOutput(snapshot, { generatorVersion: "0", cache });
    const hit = await generateOutput(snapshot, { generatorVersion: "0", cache });
    expect(cache.hits).toBeGreaterThan(0);
    expect(miss.warnings).toHaveLength(1);
    expect(hit).toEqual(miss);
  });
});

describe("generateOutput: property over sibling bad schemas", () => {
  it("never throws, returns formatted code, and warns at or under the bad part", async () => {
    await fc.assert(
      fc.asyncProperty(
        badSchema,
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        async (bad, where, asOutput) => {
          const { schema, pointer } = placed(bad.schema, where);
          const given = asOutput ? tool({ type: "object" }, schema) : tool(schema);
          const keyword = asOutput ? "outputSchema" : "inputSchema";
          const { files, warnings } = await generateOutput(snapshotOf([given]), {
            generatorVersion: "0",
          });
          expect(files.map((file) => file.path)).toContain("tools/lookup-city.ts");
          for (const warning of warnings) {
            expect(warning.pointer.startsWith(`/${keyword}`)).toBe(true);
            // Printed on a terminal: one line, no control or bidirectional characters.
            expect(formatWarning(warning)).not.toMatch(UNPRINTABLE);
          }
          if (bad.warns) {
            expect(warnings.length, JSON.stringify(schema)).toBeGreaterThan(0);
            const near = `/${keyword}${pointer}`;
            const related = warnings.some(
              (w) => w.pointer.startsWith(near) || near.startsWith(w.pointer),
            );
            expect(related, `${near}: ${warnings.map(formatWarning).join("\n")}`).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("generateOutput: what it generates for bad schemas compiles", () => {
  // Inside the repository, so `@mcp-codegen/runtime` resolves through the package's own exports.
  const out = join(REPOSITORY_ROOT, ".tmp", "degrade-compile");
  const files: string[] = [];
  afterAll(() => rm(out, { recursive: true, force: true }));

  it("generates one client with a tool for each of 60 sampled bad schemas", async () => {
    assertRuntimeBuilt();
    // A fixed seed: the same sample every run, compiled as one program per configuration.
    const sample = fc.sample(fc.tuple(badSchema, fc.integer({ min: 0, max: 6 }), fc.boolean()), {
      numRuns: 60,
      seed: 6,
    });
    const tools = sample.map(([bad, where, asOutput], i): Tool => {
      const { schema } = placed(bad.schema, where);
      const given = asOutput ? tool({ type: "object" }, schema) : tool(schema);
      return { ...given, name: `tool_${i}` };
    });
    const result = await generateOutput(snapshotOf(tools), { generatorVersion: "0" });
    expect(result.warnings.length).toBeGreaterThan(0);
    await rm(out, { recursive: true, force: true });
    for (const file of result.files) {
      const path = join(out, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
      if (path.endsWith(".ts")) files.push(path);
    }
    // One module per tool, with index.ts, mock.ts and all-tools.ts.
    expect(files.length).toBe(tools.length + 3);
  });

  describe.each(GENERATED_CODE_CONFIGS)("$label", ({ options }) => {
    it("compiles with zero diagnostics", () => {
      expect(files.length).toBeGreaterThan(0);
      expect(typecheck(files, options)).toEqual([]);
    }, 120_000);
  });
});
