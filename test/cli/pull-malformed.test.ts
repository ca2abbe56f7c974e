/**
 * `pull` against servers whose lists hold malformed entries or values nested hundreds of levels
 * deep, or whose name cannot name a client: each used to end in exit 70. A malformed entry is left
 * out with one warning naming it and the rest is generated; only a broken answer (a list that is
 * not a list, capabilities nested past the contract's bound, a result nested past the client's
 * MAX_JSON_DEPTH, cacheable or not) fails, with exit 3 and one line. Every client
 * pulled here must compile, and `generate` must accept every snapshot `pull` wrote.
 */
import fc from "fast-check";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import { jsonNestingProblem, MAX_JSON_DEPTH } from "../../runtime/basics/json-depth.js";
import { MAX_CONTRACT_DEPTH } from "../../templates/json-depth.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { CASES, catalogText, deepJson } from "./pull-malformed-cases.js";
import { typeScriptFiles } from "../support/golden-cases.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

let project: TempProject;
const pulled: string[] = [];

beforeAll(async () => {
  assertRuntimeBuilt();
  project = await createTempProject("malformed");
});
afterAll(() => project.remove());

async function pullCatalog(file: string, out: string, flags: readonly string[] = []) {
  const text = catalogText(JSON.parse(await readFile(file, "utf8")) as unknown).replaceAll(
    '"BOUND"',
    // The entry object and `_meta` take two levels: the rest fills the bound exactly.
    deepJson(MAX_CONTRACT_DEPTH - 2),
  );
  const served = await project.write(`${out}.served.json`, text);
  return runCliCaptured(
    ["pull", ...flags, "--out", out, "--", ...contractServerCommand(served)],
    project.dir,
  );
}

describe("pull leaves malformed entries out, one warning each, and generates the rest", () => {
  it.each(CASES.map((c, index) => ({ ...c, index })))(
    "$name",
    async ({ catalog, warnings, files, index }) => {
      const file = await project.write(`catalogs/${index}.json`, catalog);
      const run = await pullCatalog(file, `out/${index}`);
      const warned = linesOf(run.stderr);
      expect(warned, run.stderr).toHaveLength(warnings.length);
      warnings.forEach((pattern, i) => expect(warned[i]).toMatch(/^warning: /));
      warnings.forEach((pattern, i) => expect(warned[i]).toMatch(pattern));
      expect(run.code, run.stderr).toBe(ExitCode.Ok);
      const written = typeScriptFiles(project.path(`out/${index}`)).map((path) =>
        path.slice(project.path(`out/${index}`).length + 1),
      );
      expect(written.sort()).toEqual(["all-tools.ts", "index.ts", "mock.ts", ...files].sort());
      pulled.push(project.path(`out/${index}`));
    },
  );

  it('a server named "" gets the client name `server`, and generate reads the snapshot', async () => {
    const file = await project.write("catalogs/unnamed.json", {
      serverInfo: { name: "", version: "1.0.0" },
      tools: [simpleTool("ok")],
    });
    const run = await pullCatalog(file, "out/unnamed");
    expect(run.stderr).toMatch(
      /^warning: .*the server's name "" has no letters or digits.*"server"/,
    );
    expect(run.code).toBe(ExitCode.Ok);
    const index = await readFile(project.path("out/unnamed/index.ts"), "utf8");
    expect(index).toContain("export async function createServerClient(");
    const generate = await runCliCaptured(
      ["generate", "--snapshot", "out/unnamed/mcp.snapshot.json", "--out", "out/unnamed"],
      project.dir,
    );
    expect(generate.stderr).toBe("");
    expect(generate.stdout).toMatch(/0 written, 5 unchanged/);
    expect(generate.code).toBe(ExitCode.Ok);
    pulled.push(project.path("out/unnamed"));
  });

  it.each(["", "日本", "!!"])(
    "--name %j is a usage error, and nothing is written",
    async (name) => {
      const file = await project.write("catalogs/named.json", { tools: [simpleTool("ok")] });
      const run = await runCliCaptured(
        ["pull", "--name", name, "--out", "out/named", "--", ...contractServerCommand(file)],
        project.dir,
      );
      expect(run.stderr).toMatch(/^error: .*has no ASCII letters or digits.*choose another\n$/);
      expect(run.code).toBe(ExitCode.Usage);
      expect(existsSync(project.path("out/named"))).toBe(false);
    },
  );

  describe.each(GENERATED_CODE_CONFIGS)("every client pulled above, $label", ({ options }) => {
    it("compiles with zero diagnostics", () => {
      expect(pulled.length).toBe(CASES.length + 1);
      expect(typecheck(pulled.flatMap(typeScriptFiles), options)).toEqual([]);
    }, 120_000);
  });
});

describe("with --strict, an entry left out fails the pull", () => {
  const warned = CASES.map((c, index) => ({ ...c, index })).filter((c) => c.warnings.length > 0);
  it.each(warned)(
    "$name: exit 4, one error line naming it, the other warnings, nothing written",
    async ({ catalog, warnings, index }) => {
      const file = await project.write(`strict/${index}.json`, catalog);
      const out = `strict-out/${index}`;
      const run = await pullCatalog(file, out, ["--strict"]);
      expect(run.code, run.stderr).toBe(ExitCode.Contract);
      const [error, ...rest] = linesOf(run.stderr).sort((a, b) =>
        a.startsWith("error") ? -1 : b.startsWith("error") ? 1 : 0,
      );
      expect(error).toMatch(/^error: .*--strict makes this an error/);
      expect(error).toMatch(warnings[0]!);
      expect(rest).toHaveLength(warnings.length - 1);
      for (const line of rest) expect(line).toMatch(/^warning: /);
      expect(existsSync(project.path(out))).toBe(false);
    },
  );
});

describe("a broken answer fails the pull with exit 3 and one line", () => {
  it.each([
    {
      name: "tools/list whose tools is not a list",
      catalog: { tools: "x" },
      error: /tools\/list.*"tools" array/,
    },
    {
      name: "capabilities nested 500 levels deep",
      catalog: { tools: [], extraCapabilities: { deep: "DEEP" } },
      error: new RegExp(
        `capabilities in server/discover cannot be used: nested more than ${MAX_CONTRACT_DEPTH}`,
      ),
    },
    {
      name: "a cacheable tools/list holding a tool nested 100,000 levels deep",
      catalog: { tools: [{ ...simpleTool("deep"), _meta: { deep: "ABYSS" } }], ttlMs: 60_000 },
      error: new RegExp(
        `tools/list: invalid result from the server: nested more than ${MAX_JSON_DEPTH} levels deep`,
      ),
    },
    {
      name: "an uncacheable one, likewise",
      catalog: { tools: [{ ...simpleTool("deep"), _meta: { deep: "ABYSS" } }] },
      error: new RegExp(`nested more than ${MAX_JSON_DEPTH} levels deep`),
    },
    {
      name: "a server description nested 500 levels deep",
      catalog: { tools: [], serverInfo: { name: "deep", version: "1", icons: "DEEP" } },
      error: /description \(serverInfo\) in server\/discover cannot be used: nested more than/,
    },
  ])("$name", async ({ name, catalog, error }) => {
    const slug = name.replace(/[^a-z0-9]+/g, "-");
    const file = await project.write(`broken/${slug}.json`, catalog);
    const run = await pullCatalog(file, `broken-out/${slug}`);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(run.stderr).toMatch(error);
    expect(run.code).toBe(ExitCode.Server);
  });
});

/** A tool that is either well-formed or broken in one of the ways a server breaks tools. */
function toolVariant(name: string, depth: number) {
  const valid = simpleTool(name);
  // Deep values are written as a "DEEP<n>" placeholder and spliced in as text.
  const deep = `DEEP${depth}`;
  return fc.constantFrom(
    { valid: true, tool: valid },
    { valid: true, tool: { ...valid, _meta: { shallow: `DEEP${Math.min(depth, 100)}` } } },
    { valid: true, tool: { ...valid, annotations: { readOnlyHint: true, extra: [1] } } },
    { valid: false, tool: null },
    { valid: false, tool: [valid] },
    { valid: false, tool: { ...valid, name: 42 } },
    { valid: false, tool: { ...valid, title: { text: name } } },
    { valid: false, tool: { ...valid, description: false } },
    { valid: false, tool: { name, inputSchema: "object" } },
    { valid: false, tool: { ...valid, outputSchema: [] } },
    { valid: false, tool: { ...valid, annotations: { readOnlyHint: "yes" } } },
    { valid: false, tool: { ...valid, icons: [{ src: 1 }] } },
    { valid: false, tool: { ...valid, _meta: deep } },
    { valid: false, tool: { ...valid, inputSchema: { type: "object", default: { v: deep } } } },
  );
}

describe("any mix of well-formed and malformed tools, values at any depth", () => {
  it("pull exits 0, warns once per malformed tool and generates every well-formed one; exit 3 past the client's bound", async () => {
    let run = 0;
    const depth = fc.oneof(
      fc.integer({ min: MAX_CONTRACT_DEPTH, max: MAX_JSON_DEPTH + 10 }),
      fc.integer({ min: MAX_JSON_DEPTH - 10, max: MAX_JSON_DEPTH + 10 }),
      fc.constant(100_000),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(depth, { maxLength: 5 })
          .chain((depths) =>
            fc.tuple(...depths.map((depth, i) => toolVariant(`tool_${i}`, depth))),
          ),
        fc.constantFrom(0, 60_000),
        async (variants, ttlMs) => {
          run += 1;
          const text = JSON.stringify({ tools: variants.map((v) => v.tool), ttlMs }).replace(
            /"DEEP(\d+)"/g,
            (_match, depth: string) => deepJson(Number(depth)),
          );
          const served = await project.write(`property/${run}.json`, text);
          const out = `property-out/${run}`;
          const result = await runCliCaptured(
            ["pull", "--out", out, "--", ...contractServerCommand(served)],
            project.dir,
          );
          // tools/list's result is as deep as { tools, ttlMs }: past the bound, the answer is broken.
          if (jsonNestingProblem(JSON.parse(text), MAX_JSON_DEPTH) !== undefined) {
            expect(result.stderr).toMatch(
              new RegExp(`^error: [^\n]+nested more than ${MAX_JSON_DEPTH} levels deep[^\n]+\n$`),
            );
            expect(result.code, result.stderr).toBe(ExitCode.Server);
            return;
          }
          const malformed = variants.filter((v) => !v.valid).length;
          const warnings = linesOf(result.stderr);
          expect(warnings, result.stderr).toHaveLength(malformed);
          for (const line of warnings) expect(line).toMatch(/^warning: .*left out: /);
          expect(result.code, result.stderr).toBe(ExitCode.Ok);
          const toolFiles = typeScriptFiles(project.path(out)).filter((f) => f.includes("/tools/"));
          expect(toolFiles).toHaveLength(variants.length - malformed);
        },
      ),
      { numRuns: 14 },
    );
  }, 180_000);
});
