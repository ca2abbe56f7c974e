/**
 * The agent pack of `pull --agent` over the demo server's snapshot: api.d.ts and every
 * tools/<tool>.d.ts compile on their own under the strictest flags (declarations included); a
 * script a model would write from api.d.ts type-checks against `Servers` AND runs through
 * `createCodeMode` against the demo server with the same server key; a misspelt argument does
 * not type-check; the search index names the paths `searchTools` answers with; SKILL.md has the
 * Agent Skills frontmatter and keeps the server's text inside its fence.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeMode } from "@mcp-codegen/runtime/code-mode";
import { allTools } from "../../../examples/trip-planner/all-tools.js";
import { generateFiles, type GeneratedFile } from "../../../templates/generate.js";
import { hasAgentMarker } from "../../../templates/index.js";
import { expectedDir, loadSnapshot, readTree } from "../../support/golden-cases.js";
import { GENERATED_CODE_CONFIGS, typecheck } from "../../support/typecheck.js";
import { tripPlannerWorld } from "../../runtime/governance/trip-planner-world.js";
import { fileURLToPath } from "node:url";

/** The demo server over loopback, started in beforeAll by the world. */
const world = tripPlannerWorld();

const EXAMPLE = fileURLToPath(new URL("../../../examples/trip-planner/", import.meta.url));

/** Code a model writes from api.d.ts: two tools, the typed structured result, a caught error (the demo forecast is a heading and one line per day). */
const SCRIPT = `
const weather = await servers.tripPlanner.getWeather({ city: "Oslo", days: 2 });
const converted = await servers.tripPlanner.convertCurrency({ amount: 100, from: "EUR", to: "NOK" });
let refused = "";
try {
  await servers.tripPlanner.getWeather({ city: "" });
} catch (error) {
  refused = (error as ToolError).kind;
}
const text = weather.content[0]?.text ?? "";
return {
  lines: text.split("\\n").length,
  nok: converted.isError ? null : converted.structuredContent.to,
  refused,
};
`;

let dir = "";
let files: GeneratedFile[] = [];

/** Writes `script` as a module that declares `servers` from api.d.ts; its path. */
function scriptFile(name: string, script: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    [
      'import type { Servers, ToolError } from "./agent/api.js";',
      "declare const servers: Servers;",
      `export async function run(): Promise<unknown> {${script}}`,
    ].join("\n"),
  );
  return path;
}

/** Strict options with declaration files checked too: the pack's files are declarations. */
const CONFIGS = GENERATED_CODE_CONFIGS.map((config) => ({
  ...config,
  options: { ...config.options, skipLibCheck: false },
}));

beforeAll(async () => {
  const snapshot = loadSnapshot(EXAMPLE);
  files = await generateFiles(
    { ...snapshot, codegen: { ...snapshot.codegen, agent: true } },
    { generatorVersion: "0.0.0-test" },
  );
  dir = mkdtempSync(join(tmpdir(), "mcp-codegen-agent-"));
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const file of files.filter((f) => f.path.startsWith("agent/"))) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
});

afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

const text = (path: string): string => {
  const file = files.find((f) => f.path === path);
  if (file === undefined) throw new Error(`${path} was not generated`);
  return file.content;
};

describe("agent pack", () => {
  it("writes SKILL.md, api.d.ts, one declaration per tool and the index, listed in the snapshot", () => {
    const paths = files.map((f) => f.path).filter((p) => p.startsWith("agent/"));
    expect(paths).toEqual(
      expect.arrayContaining([
        "agent/SKILL.md",
        "agent/api.d.ts",
        "agent/search-index.json",
        "agent/tools/get-weather.d.ts",
        "agent/tools/convert-currency.d.ts",
      ]),
    );
    expect(paths.filter((p) => p.startsWith("agent/tools/"))).toHaveLength(allTools.length);
    const listed = JSON.parse(text("mcp.snapshot.json")) as { files: string[] };
    expect(listed.files).toEqual(expect.arrayContaining(paths));
    for (const path of ["agent/SKILL.md", "agent/search-index.json"]) {
      expect(hasAgentMarker(path, text(path)), path).toBe(true);
    }
  });

  it("is not written without the option", async () => {
    const plain = await generateFiles(loadSnapshot(EXAMPLE), { generatorVersion: "0.0.0-test" });
    expect(plain.some((f) => f.path.startsWith("agent/"))).toBe(false);
  });

  it.each(CONFIGS)("compiles on its own, file by file ($label)", ({ options }) => {
    const declarations = files
      .filter((f) => f.path.startsWith("agent/") && f.path.endsWith(".d.ts"))
      .map((f) => join(dir, f.path));
    for (const file of declarations) expect(typecheck([file], options), file).toEqual([]);
  });

  it.each(CONFIGS)("type-checks the model's script against Servers ($label)", ({ options }) => {
    expect(typecheck([scriptFile("script.ts", SCRIPT)], options)).toEqual([]);
  });

  it("rejects a misspelt argument and an unknown tool at type-check", () => {
    const options = CONFIGS[0]!.options;
    const misspelt = scriptFile(
      "misspelt.ts",
      'return servers.tripPlanner.getWeather({ cty: "Oslo" });',
    );
    expect(typecheck([misspelt], options).join("\n")).toMatch(/TS2353|TS2345|TS2561/);
    const unknown = scriptFile("unknown.ts", "return servers.tripPlanner.getWether({});");
    expect(typecheck([unknown], options).join("\n")).toMatch(/TS2551|TS2339/);
  });

  it("runs the same script through createCodeMode against the demo server", async () => {
    const client = await world.tripPlanner();
    const mode = await createCodeMode({ servers: { tripPlanner: { client, tools: allTools } } });
    const result = await mode.execute(SCRIPT);
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual({ lines: 3, nok: "NOK", refused: "input" });
  });

  it("indexes each tool under the path searchTools answers with", async () => {
    const index = JSON.parse(text("agent/search-index.json")) as {
      formatVersion: number;
      tools: Array<{ path: string; key: string; name: string; arguments: string[]; file: string }>;
    };
    expect(index.formatVersion).toBe(1);
    const client = await world.tripPlanner();
    const mode = await createCodeMode({ servers: { tripPlanner: { client, tools: allTools } } });
    for (const entry of index.tools) {
      const matches = mode.searchTools(entry.name);
      expect(
        matches.map((m) => m.path),
        entry.name,
      ).toContain(entry.path);
      expect(files.some((f) => f.path === `agent/${entry.file}`)).toBe(true);
    }
    const weather = index.tools.find((entry) => entry.name === "get_weather");
    expect(weather?.arguments).toEqual(["city", "days"]);
  });

  it.each(CONFIGS)("compiles the hostile golden case's pack ($label)", ({ options }) => {
    const folder = join(expectedDir("agent-pack"), "agent");
    const declarations = [...readTree(folder).keys()]
      .filter((path) => path.endsWith(".d.ts"))
      .map((path) => join(folder, path));
    expect(declarations.length).toBeGreaterThan(10);
    expect(typecheck(declarations, options)).toEqual([]);
  });

  it("opens SKILL.md with Agent Skills frontmatter (name rules, a description)", () => {
    const skill = text("agent/SKILL.md");
    const match = /^---\nname: ([^\n]*)\ndescription: ([^\n]*)\n---\n/.exec(skill);
    expect(match).not.toBeNull();
    expect(match![1]).toMatch(/^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/);
    const description = JSON.parse(match![2]!) as string;
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(skill).toContain("servers.tripPlanner.getWeather(args)");
  });
});
