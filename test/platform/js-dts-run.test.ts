/**
 * The `js+dts` form runs as plain JavaScript: the demo client generated as `.js` + `.d.ts` is
 * imported by Node with no TypeScript loader and calls the demo server (examples/demo-server)
 * over stdio, with input and output validated by the generated validators; its mock client and
 * `allTools` work as the `ts` form's do. Under Deno (`importExtension: "ts"`), every `.js`
 * names its declarations with `// @ts-self-types`, which Deno's module graph follows, and the
 * same program runs.
 */
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFiles } from "../../templates/generate.js";
import { loadSnapshot, REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt } from "../support/typecheck.js";

const require = createRequire(import.meta.url);
const TSX_LOADER = pathToFileURL(require.resolve("tsx")).href;
const DEMO_STDIO = join(REPOSITORY_ROOT, "examples", "demo-server", "stdio.ts");
const DENO = join(dirname(require.resolve("deno/package.json")), "deno");
const WORK = join(REPOSITORY_ROOT, ".tmp", `js-dts-run-${process.pid}`);
const RUN_TIMEOUT = 120_000;

/** Plain JavaScript; prints what each part answered as one JSON line. */
const APP = `
import { createTripPlannerClient } from "./trip-planner/index.js";
import { createMockTripPlannerClient } from "./trip-planner/mock.js";
import { allTools } from "./trip-planner/all-tools.js";

const [command, ...args] = JSON.parse(process.argv[2] ?? Deno.args[0]);
const client = await createTripPlannerClient({ command, args });
try {
  const money = await client.tools.convertCurrency({ amount: 2, from: "EUR", to: "JPY" });
  let refused = "";
  try {
    await client.tools.convertCurrency({ amount: "2", from: "EUR", to: "JPY" }, { validateInput: true });
  } catch (error) {
    refused = error.kind;
  }
  const guide = await client.resources.cityGuide({ city: "oslo" });
  const prompt = await client.prompts.packingList({ destination: "Kyoto" });
  const mock = await createMockTripPlannerClient({
    tools: { convertCurrency: ({ amount, from, to }) => ({ from, to, amount, converted: amount * 3, rate: 3 }) },
  });
  const mocked = await mock.tools.convertCurrency({ amount: 5, from: "EUR", to: "NOK" });
  let badOutput = "";
  const lying = await createMockTripPlannerClient({ tools: { convertCurrency: () => ({ converted: "lots" }) } });
  try {
    await lying.tools.convertCurrency({ amount: 5, from: "EUR", to: "NOK" });
  } catch (error) {
    badOutput = error.kind;
  }
  await mock.close();
  await lying.close();
  console.log(JSON.stringify({
    converted: money.structuredContent.converted,
    refused,
    guide: guide.contents.length,
    prompt: prompt.messages.length,
    mocked: mocked.structuredContent.converted,
    mockCalls: mock.callsTo("convertCurrency").length,
    badOutput,
    tools: allTools.map((tool) => tool.name).sort(),
  }));
} finally {
  await client.close();
}
`;

interface Answer {
  converted: number;
  refused: string;
  guide: number;
  prompt: number;
  mocked: number;
  mockCalls: number;
  badOutput: string;
  tools: string[];
}

/** The demo's snapshot in the js+dts form, generated into `dir` beside the app. */
async function writeClient(dir: string, importExtension: "js" | "ts"): Promise<string[]> {
  const snapshot = loadSnapshot(join(REPOSITORY_ROOT, "examples", "trip-planner"));
  const files = await generateFiles(
    { ...snapshot, codegen: { ...snapshot.codegen, emit: "js+dts", importExtension } },
    { generatorVersion: "0.0.0-test" },
  );
  for (const file of files) {
    await mkdir(dirname(join(dir, "trip-planner", file.path)), { recursive: true });
    await writeFile(join(dir, "trip-planner", file.path), file.content);
  }
  await writeFile(join(dir, "app.js"), APP);
  // Its own package.json and tsconfig.json: ES modules, and not the repository's "paths".
  await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
  return files.map((file) => file.path);
}

const DEMO = JSON.stringify([process.execPath, "--import", TSX_LOADER, DEMO_STDIO]);

function expectDemoAnswers(answer: Answer): void {
  expect(answer.converted).toBeGreaterThan(0);
  expect(answer.refused).toBe("input");
  expect(answer.guide).toBeGreaterThan(0);
  expect(answer.prompt).toBeGreaterThan(0);
  expect(answer.mocked).toBe(15);
  expect(answer.mockCalls).toBe(1);
  expect(answer.badOutput).not.toBe("");
  expect(answer.tools).toContain("convert_currency");
  expect(answer.tools).toHaveLength(6);
}

beforeAll(() => assertRuntimeBuilt());
afterAll(() => rm(WORK, { recursive: true, force: true }));

describe("the js+dts form, run", () => {
  it(
    "under Node, as plain JavaScript: calls the demo server, validated; mock and allTools",
    async () => {
      const dir = join(WORK, "node");
      const paths = await writeClient(dir, "js");
      expect(paths.filter((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"))).toEqual([]);
      const { stdout } = await promisify(execFile)(process.execPath, ["app.js", DEMO], {
        cwd: dir,
      });
      expectDemoAnswers(JSON.parse(stdout) as Answer);
    },
    RUN_TIMEOUT,
  );

  it(
    "under Deno: each .js names its .d.ts (@ts-self-types), and the app runs",
    async () => {
      const dir = join(WORK, "deno");
      const paths = await writeClient(dir, "ts");
      const env = { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" };
      const { stdout: info } = await promisify(execFile)(
        DENO,
        ["info", "--json", join(dir, "app.js")],
        { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 },
      );
      const graph = JSON.parse(info) as {
        modules: Array<{ specifier: string; typesDependency?: { specifier: string } }>;
      };
      const scripts = paths.filter((path) => path.endsWith(".js"));
      // The app imports index.js, mock.js and all-tools.js: every module of the client.
      for (const path of scripts) {
        const module = graph.modules.find(
          (m) => m.specifier === pathToFileURL(join(dir, "trip-planner", path)).href,
        );
        expect(module?.typesDependency?.specifier, path).toBe(
          `./${path.slice(path.lastIndexOf("/") + 1).replace(/\.js$/, ".d.ts")}`,
        );
      }
      const { stdout } = await promisify(execFile)(
        DENO,
        ["run", "--allow-all", "--no-prompt", "app.js", DEMO],
        { cwd: dir, env },
      );
      expectDemoAnswers(JSON.parse(stdout) as Answer);
    },
    RUN_TIMEOUT,
  );
});
