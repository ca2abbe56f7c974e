/**
 * One tool whose schema cannot be typed in full does not fail the pull: by default the part is
 * typed `unknown` with a JSDoc note and a warning naming the tool and the pointer, and the
 * client compiles under the strictest settings; with `--strict` or `strict: true` the same warning
 * is exit 4, one `error:` line, and nothing is written. In-process CLI, contract server over stdio.
 */
import { access, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../cli/terminal/exit-codes.js";
import {
  createTempProject,
  linesOf,
  runCliCaptured,
  type CliRun,
  type TempProject,
} from "../support/cli-run.js";
import { contractServerCommand, simpleTool } from "../support/cli-servers.js";
import { typeScriptFiles } from "../support/golden-cases.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

let project: TempProject;

beforeAll(async () => {
  assertRuntimeBuilt();
  project = await createTempProject("degrade");
});
afterAll(() => project.remove());

/** More subschemas than `prepareSchema` reads (10,000): the whole input schema is set aside. */
const oversized = Object.fromEntries(
  Array.from({ length: 10_001 }, (_, i) => [`p${i}`, { type: "string" }]),
);

const cases: ReadonlyArray<{
  name: string;
  tool: unknown;
  /** The pointer the warning names, as printed. */
  pointer: string;
  reason: RegExp;
  /** What the tool module must now say. */
  typed: RegExp;
  /** The JSDoc note saying why. */
  note: string;
}> = [
  {
    name: "a network $ref",
    tool: simpleTool("lookup_city", { city: { $ref: "https://schemas.example/city.json" } }, [
      "city",
    ]),
    pointer: "#/inputSchema/properties/city/$ref",
    reason: /points outside this schema.*nothing is fetched; typed as unknown/,
    typed: /city: unknown;/,
    note: 'The reference is read as unknown: $ref "https://schemas.example/city.json" points outside',
  },
  {
    name: 'a misspelt type ("strin")',
    tool: simpleTool("lookup_city", { city: { type: "strin" }, days: { type: "integer" } }),
    pointer: "#/inputSchema/properties/city/type",
    reason: /type "strin" is not a JSON Schema type; typed as unknown/,
    typed: /city\?: unknown;\s+days\?: number \| undefined;/,
    note: 'Typed as unknown: type "strin" is not a JSON Schema type.',
  },
  {
    name: "a schema past the subschema limit",
    tool: simpleTool("lookup_city", oversized),
    pointer: "#/inputSchema/properties/p9999",
    reason: /schema has more than 10000 subschemas; typed as unknown/,
    typed: /export type LookupCityInput = unknown;/,
    note: "Typed as unknown: schema has more than 10000 subschemas.",
  },
];

let run = 0;
const pulledFolders: string[] = [];

/** Serves `tool` and one plain tool, and pulls into a fresh folder with `extra` flags. */
async function pullWith(
  tool: unknown,
  extra: readonly string[] = [],
): Promise<CliRun & { out: string }> {
  run += 1;
  const contract = await project.write(`contracts/${run}.json`, {
    serverInfo: { name: "odd-server", version: "1.0.0" },
    tools: [simpleTool("plain", { q: { type: "string" } }), tool],
  });
  const out = `out/${run}`;
  const result = await runCliCaptured(
    ["pull", "--out", out, ...extra, "--", ...contractServerCommand(contract)],
    project.dir,
  );
  return { ...result, out: project.path(out) };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe.each(cases)("pull, one tool with $name", ({ tool, pointer, reason, typed, note }) => {
  it("by default: exit 0, the part typed unknown with a note, a warning naming tool and pointer", async () => {
    const result = await pullWith(tool);
    expect(result.code, result.stderr).toBe(ExitCode.Ok);
    const warnings = linesOf(result.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`warning: `);
    expect(warnings[0]).toContain(`tool "lookup_city" at ${pointer}: `);
    expect(warnings[0]).toMatch(reason);
    const module = await readFile(`${result.out}/tools/lookup-city.ts`, "utf8");
    expect(module).toMatch(typed);
    expect(module).toContain(note);
    pulledFolders.push(result.out);
  }, 60_000);

  it("with --strict: exit 4, one error line naming tool and pointer, nothing written", async () => {
    const result = await pullWith(tool, ["--strict"]);
    expect(result.code).toBe(ExitCode.Contract);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(result.stderr).toContain(`tool "lookup_city" at ${pointer}: `);
    expect(result.stderr).toMatch(/--strict/);
    expect(await exists(result.out)).toBe(false);
  }, 60_000);
});

// One program per configuration over every client pulled above: each is a costly compile.
describe.each(GENERATED_CODE_CONFIGS)("every degraded client, $label", ({ options }) => {
  it("compiles with zero diagnostics", () => {
    const files = pulledFolders.flatMap(typeScriptFiles);
    expect(files.length).toBeGreaterThan(0);
    expect(typecheck(files, options)).toEqual([]);
  }, 120_000);
});

describe("strict: true in the config", () => {
  it("fails like --strict: exit 4, one error line, nothing written", async () => {
    const contract = await project.write("config-contract.json", {
      tools: [simpleTool("plain"), cases[1]!.tool],
    });
    const [command, ...args] = contractServerCommand(contract);
    await project.write("mcp-codegen.config.json", {
      strict: true,
      servers: { odd: { command, args, out: "config-out" } },
    });
    const result = await runCliCaptured(["pull"], project.dir);
    expect(result.code).toBe(ExitCode.Contract);
    expect(result.stderr).toMatch(
      /^error: odd: tool "lookup_city" at #\/inputSchema\/properties\/city\/type: [^\n]+\n$/,
    );
    expect(await exists(project.path("config-out"))).toBe(false);
  }, 60_000);
});

describe("generate and check, from a snapshot with a warning", () => {
  /** A warning line without its label (pull names the command, generate the snapshot file). */
  const withoutLabel = (text: string) =>
    linesOf(text).map((line) => line.slice(line.indexOf(": tool ") + 2));

  it("warn every time, a cache hit as a miss does, and fail with --strict", async () => {
    const pulled = await pullWith(cases[0]!.tool);
    expect(pulled.code).toBe(ExitCode.Ok);
    // pull filled the generation cache; generate is served from it, and must still warn.
    expect(await exists(project.path("node_modules/.cache/mcp-codegen"))).toBe(true);
    const generated = await runCliCaptured(["generate", "--out", pulled.out], project.dir);
    expect(generated.code).toBe(ExitCode.Ok);
    expect(withoutLabel(generated.stderr)).toEqual(withoutLabel(pulled.stderr));
    expect(withoutLabel(generated.stderr)).toHaveLength(1);
    const checked = await runCliCaptured(["check", "--out", pulled.out], project.dir);
    expect(checked.code).toBe(ExitCode.Ok);
    expect(checked.stderr).toBe(generated.stderr);

    for (const command of ["generate", "check"]) {
      const strict = await runCliCaptured([command, "--strict", "--out", pulled.out], project.dir);
      expect(strict.code, command).toBe(ExitCode.Contract);
      expect(strict.stderr, command).toMatch(/^error: [^\n]+properties\/city\/\$ref[^\n]+\n$/);
    }
  }, 60_000);
});
