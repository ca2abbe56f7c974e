/**
 * Type-level tests of generated signatures. Small files that use the generated Trip Planner client
 * (examples/trip-planner) and a few golden cases are written to `.tmp/` (gitignored, inside the
 * repository so `@mcp-codegen/runtime` resolves to the build) and compiled under both generated-
 * code configurations. Lines marked `// @ts-expect-error` must fail and every other line must
 * compile: an unused `@ts-expect-error` is itself a diagnostic (TS2578), so "no diagnostics"
 * proves both directions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

const COMPILE_TIMEOUT = 120_000;

/** Shared by every file: exact type equality and a call that fails unless given `true`. */
const PRELUDE = `
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectTrue<T extends true>(_proof?: T): void {}
expectTrue<Equal<1, 1>>();
`;

const TRIP = "../../examples/trip-planner/index.js";

/** File name → source. Each file is small and about one thing. */
const FILES: Record<string, string> = {
  "tool-inputs.ts": `
import type { TripPlannerClient, GetWeatherInput } from "${TRIP}";
${PRELUDE}
declare const client: TripPlannerClient;

export async function inputs(): Promise<void> {
  await client.tools.getWeather({ city: "Oslo" });
  await client.tools.getWeather({ city: "Oslo", days: 3 });
  // Optional properties are written \`T | undefined\`, so an explicit undefined is accepted.
  await client.tools.getWeather({ city: "Oslo", days: undefined });
  // @ts-expect-error -- city is required
  await client.tools.getWeather({ days: 3 });
  // @ts-expect-error -- the arguments object itself is required when a property is
  await client.tools.getWeather();
  // @ts-expect-error -- days is a number
  await client.tools.getWeather({ city: "Oslo", days: "3" });
  expectTrue<Equal<Parameters<TripPlannerClient["tools"]["getWeather"]>[0], GetWeatherInput>>();

  await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "NOK" });
  // @ts-expect-error -- "SEK" is not in the enum
  await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "SEK" });

  // A oneOf input: each branch is checked on its own.
  await client.tools.book({ kind: "hotel", city: "Oslo", checkIn: "2026-01-01", nights: 2 });
  await client.tools.book({ kind: "flight", from: "OSL", to: "BGO", date: "2026-01-01" });
  // @ts-expect-error -- a hotel stay needs nights
  await client.tools.book({ kind: "hotel", city: "Oslo", checkIn: "2026-01-01" });
  // @ts-expect-error -- no such kind
  await client.tools.book({ kind: "train", from: "OSL", to: "BGO", date: "2026-01-01" });

  // A recursive input.
  await client.tools.summarizeItinerary({ itinerary: { title: "a", children: [{ title: "b", children: [] }] } });
  // @ts-expect-error -- a nested node needs a title
  await client.tools.summarizeItinerary({ itinerary: { title: "a", children: [{ notes: "no title" }] } });

  await client.tools.getWeather({ city: "Oslo" }, { timeout: 1000, validateInput: true, validateOutput: false });
  // @ts-expect-error -- not an option
  await client.tools.getWeather({ city: "Oslo" }, { retries: 3 });
}

export function members(): void {
  // @ts-expect-error -- client members are readonly
  client.tools.getWeather = client.tools.getWeather;
  // @ts-expect-error -- no such tool
  void client.tools.getForecast;
}
`,

  "tool-outputs.ts": `
import type { CallToolResult } from "@mcp-codegen/runtime";
import type { TripPlannerClient, PlanTripOutput, BookOutput } from "${TRIP}";
${PRELUDE}
declare const client: TripPlannerClient;
const trip = { destination: "Lisbon", dates: { start: "2026-06-12", end: "2026-06-14" }, travellers: [{ name: "Ada" }] };

export async function outputs(): Promise<number> {
  const plan = await client.tools.planTrip(trip);
  // @ts-expect-error -- a failed call may have no structuredContent: narrow on isError first
  void plan.structuredContent.nights;
  if (plan.isError) {
    expectTrue<Equal<typeof plan.structuredContent, unknown>>();
    return 0;
  }
  expectTrue<Equal<typeof plan.structuredContent, PlanTripOutput>>();
  const nights: number = plan.structuredContent.nights;
  // @ts-expect-error -- closed output object: no such property
  void plan.structuredContent.hotel;

  const weather = await client.tools.getWeather({ city: "Oslo" });
  expectTrue<Equal<typeof weather, CallToolResult>>();
  // @ts-expect-error -- no output schema: structuredContent stays unknown even on success
  if (!weather.isError) void weather.structuredContent.temperature;

  const booking = await client.tools.book({ kind: "flight", from: "LIS", to: "OSL", date: "2026-06-12" });
  if (booking.isError) return nights;
  const result: BookOutput = booking.structuredContent;
  if (result.status === "confirmed") {
    expectTrue<Equal<typeof result.price.currency, "EUR" | "USD" | "GBP" | "JPY" | "NOK" | "CHF">>();
    return result.price.amount;
  }
  expectTrue<Equal<typeof result.status, "waitlisted">>();
  // @ts-expect-error -- status is a closed set of literals
  if (result.status === "pending") return 0;
  return result.position;
}
`,

  "prompts.ts": `
import type { GetPromptResult } from "@mcp-codegen/runtime";
import { getPackingListPrompt, type TripPlannerClient, type PackingListPromptArguments } from "${TRIP}";
${PRELUDE}
declare const client: TripPlannerClient;

export async function prompts(): Promise<GetPromptResult> {
  await client.prompts.packingList({ destination: "Kyoto" });
  await client.prompts.packingList({ destination: "Kyoto", season: "winter" });
  // @ts-expect-error -- destination is required
  await client.prompts.packingList({ season: "winter" });
  // @ts-expect-error -- the arguments are required when one of them is
  await client.prompts.packingList();
  // @ts-expect-error -- prompt arguments are strings
  await client.prompts.packingList({ destination: 42 });
  // @ts-expect-error -- no such argument
  await client.prompts.packingList({ destination: "Kyoto", budget: "low" });
  expectTrue<Equal<PackingListPromptArguments, { destination: string; season?: string }>>();
  // The standalone function takes the client first.
  return getPackingListPrompt(client.raw, { destination: "Kyoto" });
}
`,

  "resources.ts": `
import type { ReadResourceResult } from "@mcp-codegen/runtime";
import { readCityGuide, type TripPlannerClient } from "${TRIP}";
${PRELUDE}
declare const client: TripPlannerClient;

export async function resources(): Promise<ReadResourceResult> {
  await client.resources.about();
  await client.resources.cityGuide({ city: "Paris" });
  await client.resources.cityGuide({ city: "Paris", lang: "fr" });
  // @ts-expect-error -- city is required ({city} is a path variable)
  await client.resources.cityGuide({ lang: "fr" });
  // @ts-expect-error -- a variable without explode takes a scalar, not a list
  await client.resources.cityGuide({ city: ["Paris", "Lyon"] });
  // @ts-expect-error -- nor a record
  await client.resources.cityGuide({ city: { name: "Paris" } });
  // @ts-expect-error -- no such variable
  await client.resources.cityGuide({ city: "Paris", country: "FR" });
  // @ts-expect-error -- a static resource takes no parameters
  await client.resources.about({ city: "Paris" });
  // @ts-expect-error -- the standalone function takes the client first
  await readCityGuide({ city: "Paris" });
  return readCityGuide(client.raw, { city: "Paris" }, { timeout: 5000 });
}
`,

  // Shapes the demo server does not have, from the golden cases.
  "golden-shapes.ts": `
import type { McpClient } from "@mcp-codegen/runtime";
import { constantsAndEnums, nullOutput, refOnlyRoot, tuples } from "../../test/golden/edge-schemas/expected/index.js";
import { readTree, readAuthor, readNoVariables, getSummarizeBookPrompt, getDailyQuotePrompt } from "../../test/golden/prompts-resources/expected/index.js";
${PRELUDE}
declare const raw: McpClient;

export async function closedObjects(): Promise<void> {
  await refOnlyRoot(raw, { query: "x", page: 2 });
  // @ts-expect-error -- additionalProperties: false, so no extra argument
  await refOnlyRoot(raw, { query: "x", extra: 1 });
  await constantsAndEnums(raw, { version: 2, colour: "red", mixed: null, level: 5 });
  // @ts-expect-error -- const 2
  await constantsAndEnums(raw, { version: 3, colour: "red" });
  // @ts-expect-error -- not in the numeric enum
  await constantsAndEnums(raw, { version: 2, colour: "red", level: 4 });
  await tuples(raw, { point: [1, 2] });
  // @ts-expect-error -- a closed two-element tuple
  await tuples(raw, { point: [1, 2, 3] });
  const none = await nullOutput(raw);
  if (!none.isError) expectTrue<Equal<typeof none.structuredContent, null>>();
}

export async function templatesAndPrompts(): Promise<void> {
  // Exploded variables take lists and records; query variables are optional.
  await readTree(raw, { path: ["a", "b"], filter: { lang: "en" } });
  await readTree(raw, { path: "a" });
  // @ts-expect-error -- a list member must be a scalar
  await readTree(raw, { path: [["nested"]] });
  // A prefix modifier ({name:1}) takes a scalar; the same name elsewhere makes it required.
  await readAuthor(raw, { name: "Ada" });
  // @ts-expect-error -- name is required
  await readAuthor(raw, { initial: "A" });
  await readNoVariables(raw);
  await getDailyQuotePrompt(raw);
  // @ts-expect-error -- a prompt without arguments takes none
  await getDailyQuotePrompt(raw, { topic: "x" });
  // @ts-expect-error -- isbn is required
  await getSummarizeBookPrompt(raw, { length: "short" });
}
`,
};

/** Proves the harness can fail: a wrong expectation must produce diagnostics. */
const CONTROL = `
import type { TripPlannerClient } from "${TRIP}";
declare const client: TripPlannerClient;
export async function control(): Promise<void> {
  // @ts-expect-error -- this line is valid, so the directive itself is reported
  await client.tools.getWeather({ city: "Oslo" });
  await client.tools.getWeather({ town: "Oslo" });
}
`;

describe("generated signatures, at the type level", () => {
  let dir = "";
  const paths: string[] = [];
  let control = "";

  beforeAll(() => {
    assertRuntimeBuilt();
    mkdirSync(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
    // Two levels below the repository root, as the relative imports above assume.
    dir = mkdtempSync(join(REPOSITORY_ROOT, ".tmp", "generated-types-"));
    for (const [name, source] of Object.entries(FILES)) {
      paths.push(join(dir, name));
      writeFileSync(join(dir, name), source);
    }
    control = join(dir, "control.ts");
    writeFileSync(control, CONTROL);
  });
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true });
  });

  describe.each(GENERATED_CODE_CONFIGS)("$label", ({ options }) => {
    it(
      "every expectation holds, in both directions",
      () => {
        const diagnostics = typecheck(paths, options);
        if (diagnostics.length > 0) {
          expect.fail(`${diagnostics.length} diagnostics:\n${diagnostics.join("\n")}`);
        }
      },
      COMPILE_TIMEOUT,
    );
  });

  it(
    "reports an unused @ts-expect-error and a wrong argument (the harness can fail)",
    () => {
      const codes = typecheck([control], GENERATED_CODE_CONFIGS[0]!.options).map(
        (line) => line.match(/ (TS\d+) /)?.[1],
      );
      expect(codes).toContain("TS2578");
      expect(codes.filter((code) => code !== "TS2578").length).toBeGreaterThan(0);
    },
    COMPILE_TIMEOUT,
  );
});
