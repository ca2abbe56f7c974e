/**
 * The `js+dts` output form type-checks as the `ts` form does: every golden case and the demo
 * client, generated as `.js` + `.d.ts`, compile under the strict flags WITHOUT `skipLibCheck`
 * (so the declaration files themselves are checked, not just used), and one consumer file
 * type-checks against the demo client in both forms alike: its right calls compile, and each wrong
 * one is a compile error (its `@ts-expect-error` would otherwise be reported as unused).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  caseDir,
  generateGolden,
  goldenCaseNames,
  loadSnapshot,
  REPOSITORY_ROOT,
} from "../support/golden-cases.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";
import { generateOutput } from "../../templates/generate.js";
import type { Snapshot } from "../../templates/snapshot.js";

const WORK = join(REPOSITORY_ROOT, ".tmp", `generated-js-dts-${process.pid}`);
const TRIP_PLANNER = join(REPOSITORY_ROOT, "examples", "trip-planner");

const LIBRARIES = ["node_modules/", "runtime/dist/"];

/** Compiling every case twice takes seconds on a shared two-core machine; never minutes. */
const COMPILE_TIMEOUT = 240_000;

/**
 * Code a user writes against the demo client. The same text compiles against the `ts` form and
 * the `js+dts` form; each `@ts-expect-error` marks a call the types must refuse.
 */
const CONSUMER = `
import {
  book,
  createTripPlannerClient,
  getPackingListPrompt,
  type BookInput,
  type ConvertCurrencyOutput,
} from "./client/index.js";
import { createMockTripPlannerClient } from "./client/mock.js";
import { allTools } from "./client/all-tools.js";

export async function use(): Promise<number> {
  const client = await createTripPlannerClient({ command: "node", args: ["server.js"] });
  const money = await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
  const output: ConvertCurrencyOutput | undefined = money.isError ? undefined : money.structuredContent;
  // @ts-expect-error: amount is a number
  await client.tools.convertCurrency({ amount: "100", from: "EUR", to: "JPY" });
  // @ts-expect-error: a misspelt argument (input types are closed)
  await client.tools.getWeather({ cityy: "Oslo" });
  // @ts-expect-error: a currency outside the enum
  await client.tools.convertCurrency({ amount: 1, from: "EUR", to: "XXX" });
  const flight: BookInput = { kind: "flight", from: "LIS", to: "OSL", date: "2026-06-12" };
  await book(client.raw, flight);
  // @ts-expect-error: the standalone function takes the client first
  await book(flight);
  await client.prompts.packingList({ destination: "Kyoto" });
  await getPackingListPrompt(client.raw, { destination: "Kyoto", season: "winter" });
  // @ts-expect-error: prompt arguments are strings
  await client.prompts.packingList({ destination: 1 });
  await client.resources.cityGuide({ city: "Oslo", lang: "fr" });
  // @ts-expect-error: the template's {city} is required
  await client.resources.cityGuide({ lang: "fr" });
  const manual = await client.tools.getWeather({ city: "Oslo" }, { manual: true });
  void manual;
  const mock = await createMockTripPlannerClient({
    tools: { convertCurrency: ({ amount, from, to }) => ({ from, to, amount, converted: amount, rate: 1 }) },
  });
  // @ts-expect-error: no tool of that name
  await createMockTripPlannerClient({ tools: { convertCurency: () => ({}) } });
  const calls = mock.callsTo("convertCurrency").length;
  const names: string[] = allTools.map((tool) => tool.name);
  await client.close();
  return (output?.converted ?? 0) + calls + names.length;
}
`;

function writeFiles(dir: string, files: ReadonlyArray<{ path: string; content: string }>): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
}

function inForm(snapshot: Snapshot, emit: "ts" | "js+dts"): Snapshot {
  return { ...snapshot, codegen: { ...snapshot.codegen, emit } };
}

/** The `.ts` and `.d.ts` files among generated ones, as absolute paths under `dir`. */
function typedFiles(dir: string, files: ReadonlyArray<{ path: string }>): string[] {
  return files.filter((file) => file.path.endsWith(".ts")).map((file) => join(dir, file.path));
}

describe("the js+dts form", () => {
  let declarations: string[] = [];
  const consumers: string[] = [];

  beforeAll(async () => {
    assertRuntimeBuilt();
    rmSync(WORK, { recursive: true, force: true });
    for (const name of goldenCaseNames()) {
      const files = await generateGolden(inForm(loadSnapshot(caseDir(name)), "js+dts"));
      writeFiles(join(WORK, "cases", name), files);
      declarations.push(...typedFiles(join(WORK, "cases", name), files));
    }
    for (const emit of ["ts", "js+dts"] as const) {
      const dir = join(WORK, `consumer-${emit === "ts" ? "ts" : "js-dts"}`);
      const files = await generateGolden(inForm(loadSnapshot(TRIP_PLANNER), emit));
      writeFiles(join(dir, "client"), files);
      writeFileSync(join(dir, "consumer.ts"), CONSUMER);
      consumers.push(join(dir, "consumer.ts"));
      if (emit === "js+dts") declarations.push(...typedFiles(join(dir, "client"), files));
    }
    declarations = declarations.filter((file) => !file.includes("/agent/"));
  }, COMPILE_TIMEOUT);

  afterAll(() => rmSync(WORK, { recursive: true, force: true }));

  it("writes no .ts module, only declarations beside the JavaScript", () => {
    expect(declarations.length).toBeGreaterThan(goldenCaseNames().length * 4);
    for (const file of declarations) expect(file.endsWith(".d.ts"), file).toBe(true);
  });

  it("reports each generation warning once, as the ts form does", async () => {
    const snapshot = loadSnapshot(caseDir("edge-schemas"));
    const ts = await generateOutput(inForm(snapshot, "ts"), { generatorVersion: "0" });
    const split = await generateOutput(inForm(snapshot, "js+dts"), { generatorVersion: "0" });
    expect(ts.warnings.length).toBeGreaterThan(0);
    expect(split.warnings).toEqual(ts.warnings);
  });

  describe.each(GENERATED_CODE_CONFIGS)("$label", ({ options }) => {
    it(
      "declarations and consumers have zero diagnostics, with skipLibCheck off",
      () => {
        // The libraries' own declarations (zod's, the runtime's) name DOM and Node globals these
        // configurations leave out (`types: []`, no DOM lib): not what is under test here.
        const diagnostics = typecheck([...declarations, ...consumers], {
          ...options,
          skipLibCheck: false,
        }).filter((line) => !LIBRARIES.some((prefix) => line.startsWith(prefix)));
        if (diagnostics.length > 0) {
          expect.fail(`${diagnostics.length} diagnostics:\n${diagnostics.join("\n")}`);
        }
      },
      COMPILE_TIMEOUT,
    );
  });
});
