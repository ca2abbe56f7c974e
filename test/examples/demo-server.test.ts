/**
 * The Trip Planner demo server (examples/demo-server), driven over stdio by the official client
 * SDK pinned to 2026-07-28: every tool, the prompt, the static resource and the template answer
 * as examples/demo-server/README.md documents, and `tools/list` carries the schema features
 * the demo exists to exercise.
 */
import { Client, ProtocolError } from "@modelcontextprotocol/client";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_TEXT, CITIES, DEMO_SERVER_INFO } from "../../examples/demo-server/data.js";

const MODERN = "2026-07-28";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("../../examples/demo-server/stdio.ts", import.meta.url));
/** Absolute, because `--import tsx` resolves from the child's working directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

function demoTransport(): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ["--import", TSX_LOADER, ENTRY],
    cwd: REPOSITORY_ROOT,
  });
}

/** The text of a result's only content block. */
function textOf(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block?.type !== "text") throw new Error(`expected one text block, got ${block?.type}`);
  return block.text;
}

describe("demo server over stdio (official client, 2026-07-28)", () => {
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    client = new Client(
      { name: "demo-server-test", version: "0.0.0" },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await client.connect(demoTransport());
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await client.close();
  });

  function tool(name: string): Tool {
    const found = tools.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`tool ${name} not listed`);
    return found;
  }

  function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  }

  it("identifies itself and negotiates the modern revision", async () => {
    const discover = await client.discover();
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getServerVersion()).toMatchObject(DEMO_SERVER_INFO);
    expect(discover.capabilities).toMatchObject({
      tools: {},
      prompts: {},
      resources: {},
      completions: {},
    });
    expect(discover.instructions).toContain("trip.cancel-booking");
  });

  it("lists the six tools, each titled and described, all but get_weather with an output schema", () => {
    expect(tools.map((entry) => entry.name).sort()).toEqual([
      "book",
      "convert_currency",
      "get_weather",
      "plan_trip",
      "summarize_itinerary",
      "trip.cancel-booking",
    ]);
    for (const entry of tools) {
      expect(entry.title).toBeTruthy();
      expect(entry.description).toBeTruthy();
      expect(entry.outputSchema === undefined).toBe(entry.name === "get_weather");
    }
  });

  describe("plan_trip (nested objects and arrays)", () => {
    it("advertises a nested date range and an array of travellers with an optional age", () => {
      expect(tool("plan_trip").inputSchema).toMatchObject({
        type: "object",
        properties: {
          destination: { type: "string", minLength: 1 },
          dates: {
            type: "object",
            properties: {
              start: { type: "string", format: "date" },
              end: { type: "string", format: "date" },
            },
            required: ["start", "end"],
          },
          travellers: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
              required: ["name"],
            },
          },
        },
        required: ["destination", "dates", "travellers"],
      });
      expect(tool("plan_trip").outputSchema).toMatchObject({
        properties: {
          days: { type: "array", items: { required: ["date", "activity"] } },
          localCurrency: { enum: expect.arrayContaining(["EUR", "NOK"]) },
        },
        required: ["destination", "nights", "days", "travellers"],
      });
    });

    it("plans one activity per day and counts children", async () => {
      const result = await call("plan_trip", {
        destination: "lisbon",
        dates: { start: "2026-06-12", end: "2026-06-15" },
        travellers: [{ name: "Ada", age: 36 }, { name: "Linus", age: 9 }, { name: "Grace" }],
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        destination: "Lisbon",
        nights: 3,
        days: [
          { date: "2026-06-12", activity: "Tram 28 through Alfama" },
          { date: "2026-06-13", activity: "Belém tower and pastéis" },
          { date: "2026-06-14", activity: "Day trip to Sintra" },
          { date: "2026-06-15", activity: "Tram 28 through Alfama" },
        ],
        travellers: { adults: 2, children: 1 },
        localCurrency: "EUR",
      });
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    });

    it("plans an unknown city generically, without a local currency, across a month end", async () => {
      const result = await call("plan_trip", {
        destination: "Reykjavik",
        dates: { start: "2026-02-27", end: "2026-03-01" },
        travellers: [{ name: "Ada" }],
      });
      expect(result.structuredContent).toEqual({
        destination: "Reykjavik",
        nights: 2,
        days: [
          { date: "2026-02-27", activity: "Old town walking tour" },
          { date: "2026-02-28", activity: "Local market visit" },
          { date: "2026-03-01", activity: "Museum afternoon" },
        ],
        travellers: { adults: 1, children: 0 },
      });
    });

    it("answers reversed dates, over-long trips and impossible dates with isError", async () => {
      const travellers = [{ name: "Ada" }];
      const reversed = await call("plan_trip", {
        destination: "Oslo",
        dates: { start: "2026-06-12", end: "2026-06-10" },
        travellers,
      });
      expect(reversed.isError).toBe(true);
      expect(textOf(reversed)).toBe("The departure date comes before the arrival date.");
      const long = await call("plan_trip", {
        destination: "Oslo",
        dates: { start: "2026-01-01", end: "2026-03-01" },
        travellers,
      });
      expect(long.isError).toBe(true);
      const impossible = await call("plan_trip", {
        destination: "Oslo",
        dates: { start: "2026-02-30", end: "2026-03-02" },
        travellers,
      });
      expect(impossible.isError).toBe(true);
    });
  });

  describe("convert_currency (enums and numeric constraints)", () => {
    it("advertises currency enums, a non-negative amount and a defaulted integer", () => {
      const currencies = ["EUR", "USD", "GBP", "JPY", "NOK", "CHF"];
      expect(tool("convert_currency").inputSchema).toMatchObject({
        properties: {
          amount: { type: "number", minimum: 0 },
          from: { type: "string", enum: currencies },
          to: { type: "string", enum: currencies },
          decimals: { type: "integer", minimum: 0, maximum: 4, default: 2 },
        },
        required: ["amount", "from", "to"],
      });
    });

    it("converts at the fixed rates, rounding to the requested decimals", async () => {
      const yen = await call("convert_currency", { amount: 100, from: "EUR", to: "JPY" });
      expect(yen.structuredContent).toEqual({
        from: "EUR",
        to: "JPY",
        amount: 100,
        converted: 16200,
        rate: 162,
      });
      const dollars = await call("convert_currency", {
        amount: 100,
        from: "NOK",
        to: "USD",
        decimals: 3,
      });
      expect(dollars.structuredContent).toEqual({
        from: "NOK",
        to: "USD",
        amount: 100,
        converted: 9.391,
        rate: 0.093913,
      });
    });

    it("rejects an unknown currency and a negative amount with isError", async () => {
      const result = await call("convert_currency", { amount: -1, from: "EUR", to: "XXX" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/amount/);
    });
  });

  describe("book (discriminated unions in and out)", () => {
    it("advertises a oneOf of flight and hotel requests and a oneOf of outcomes", () => {
      const book = tool("book");
      expect(book.inputSchema).toMatchObject({
        type: "object",
        oneOf: [
          {
            properties: { kind: { const: "flight" }, from: { pattern: "^[A-Z]{3}$" } },
            required: ["kind", "from", "to", "date"],
          },
          {
            properties: { kind: { const: "hotel" }, nights: { type: "integer", maximum: 30 } },
            required: ["kind", "city", "checkIn", "nights"],
          },
        ],
      });
      expect(book.outputSchema).toMatchObject({
        type: "object",
        oneOf: [
          { properties: { status: { const: "confirmed" } } },
          { properties: { status: { const: "waitlisted" } } },
        ],
      });
    });

    it("confirms a flight and a short hotel stay with a reference and a price", async () => {
      const flight = await call("book", {
        kind: "flight",
        from: "LIS",
        to: "OSL",
        date: "2026-06-12",
      });
      expect(flight.structuredContent).toEqual({
        status: "confirmed",
        kind: "flight",
        reference: "FL-LIS-OSL-20260612",
        summary: "Flight LIS → OSL on 2026-06-12",
        price: { amount: 170, currency: "EUR" },
      });
      const hotel = await call("book", {
        kind: "hotel",
        city: "Lisbon",
        checkIn: "2026-06-12",
        nights: 3,
      });
      expect(hotel.structuredContent).toEqual({
        status: "confirmed",
        kind: "hotel",
        reference: "HT-LISBON-20260612-3",
        summary: "3 nights in Lisbon from 2026-06-12",
        price: { amount: 330, currency: "EUR" },
      });
    });

    it("waitlists hotel stays longer than 14 nights", async () => {
      const result = await call("book", {
        kind: "hotel",
        city: "Mexico City",
        checkIn: "2026-06-12",
        nights: 16,
      });
      expect(result.structuredContent).toEqual({
        status: "waitlisted",
        kind: "hotel",
        position: 2,
        summary: "16 nights in Mexico City from 2026-06-12",
      });
    });

    it("rejects an unknown kind and a round-trip-to-nowhere flight with isError", async () => {
      expect((await call("book", { kind: "car" })).isError).toBe(true);
      const nowhere = await call("book", {
        kind: "flight",
        from: "LIS",
        to: "LIS",
        date: "2026-06-12",
      });
      expect(nowhere.isError).toBe(true);
      expect(textOf(nowhere)).toBe("A flight needs two different airports.");
    });
  });

  describe("summarize_itinerary (recursive schema)", () => {
    it("advertises the tree as a self-referencing $defs entry", () => {
      expect(tool("summarize_itinerary").inputSchema).toMatchObject({
        type: "object",
        properties: { itinerary: { $ref: "#/$defs/ItineraryNode" } },
        required: ["itinerary"],
        $defs: {
          ItineraryNode: {
            type: "object",
            properties: {
              title: { type: "string" },
              notes: { type: "string" },
              children: { type: "array", items: { $ref: "#/$defs/ItineraryNode" } },
            },
            required: ["title"],
          },
        },
      });
    });

    it("flattens the tree in reading order and counts entries, stops and levels", async () => {
      const result = await call("summarize_itinerary", {
        itinerary: {
          title: "Portugal",
          children: [
            { title: "Day 1", children: [{ title: "Alfama" }, { title: "Belém", notes: "tarts" }] },
            { title: "Day 2", notes: "Sintra" },
          ],
        },
      });
      expect(result.structuredContent).toEqual({
        outline: [
          { level: 0, title: "Portugal" },
          { level: 1, title: "Day 1" },
          { level: 2, title: "Alfama" },
          { level: 2, title: "Belém" },
          { level: 1, title: "Day 2" },
        ],
        entries: 5,
        stops: 3,
        depth: 3,
      });
    });

    it("validates nested entries too", async () => {
      const result = await call("summarize_itinerary", {
        itinerary: { title: "Trip", children: [{ title: "Day 1", children: [{ notes: "x" }] }] },
      });
      expect(result.isError).toBe(true);
    });
  });

  describe("get_weather (text only, read-only)", () => {
    it("has no output schema and is annotated read-only", () => {
      const weather = tool("get_weather");
      expect(weather.outputSchema).toBeUndefined();
      expect(weather.annotations).toMatchObject({ readOnlyHint: true });
      expect(weather.inputSchema).toMatchObject({
        properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 7 } },
        required: ["city"],
      });
    });

    it("returns a text forecast and no structured content", async () => {
      const result = await call("get_weather", { city: "oslo", days: 2 });
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toBe(
        "Forecast for Oslo, 2 days:\nDay 1: cloudy, high 14 °C\nDay 2: light rain, high 12 °C",
      );
      const defaultDays = await call("get_weather", { city: "Kyoto" });
      expect(textOf(defaultDays).split("\n")).toHaveLength(4);
    });

    it("answers a city it does not know with isError", async () => {
      const result = await call("get_weather", { city: "Atlantis" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe("No forecast for Atlantis.");
    });
  });

  describe("trip.cancel-booking (dotted, dashed name; destructive)", () => {
    it("is annotated destructive and returns a const status", () => {
      const cancel = tool("trip.cancel-booking");
      expect(cancel.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
      expect(cancel.outputSchema).toMatchObject({
        properties: { status: { const: "cancelled" }, refund: { type: "object" } },
      });
    });

    it("cancels what book returned, refunding half a flight and a whole hotel stay", async () => {
      const booked = await call("book", {
        kind: "flight",
        from: "LIS",
        to: "OSL",
        date: "2026-06-12",
      });
      const { reference } = booked.structuredContent as { reference: string };
      const flight = await call("trip.cancel-booking", { reference, reason: "plans changed" });
      expect(flight.structuredContent).toEqual({
        reference: "FL-LIS-OSL-20260612",
        status: "cancelled",
        refund: { amount: 85, currency: "EUR" },
      });
      const hotel = await call("trip.cancel-booking", { reference: "HT-LISBON-20260612-3" });
      expect(hotel.structuredContent).toMatchObject({ refund: { amount: 330, currency: "EUR" } });
    });

    it("answers a reference it never issued with isError", async () => {
      const unknown = await call("trip.cancel-booking", { reference: "FL-NOPE" });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toBe("No booking has the reference FL-NOPE.");
      const malformed = await call("trip.cancel-booking", { reference: "booking 42" });
      expect(malformed.isError).toBe(true);
    });
  });

  describe("packing_list prompt", () => {
    it("lists a required destination and an optional season", async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts).toEqual([
        expect.objectContaining({
          name: "packing_list",
          title: "Packing list",
          arguments: [
            expect.objectContaining({ name: "destination", required: true }),
            expect.objectContaining({ name: "season", required: false }),
          ],
        }),
      ]);
    });

    it("renders with and without the season", async () => {
      const summer = await client.getPrompt({
        name: "packing_list",
        arguments: { destination: "Kyoto", season: "summer" },
      });
      expect(summer.description).toBe("Packing list for Kyoto in summer");
      expect(summer.messages).toEqual([
        {
          role: "user",
          content: {
            type: "text",
            text: expect.stringMatching(
              /^I am travelling to Kyoto in summer\. Write a packing list/,
            ),
          },
        },
      ]);
      const anytime = await client.getPrompt({
        name: "packing_list",
        arguments: { destination: "Kyoto" },
      });
      expect(anytime.description).toBe("Packing list for Kyoto");
      expect(JSON.stringify(anytime.messages)).toContain("at any time of year");
    });

    it("completes the season and refuses a missing destination", async () => {
      const completion = await client.complete({
        ref: { type: "ref/prompt", name: "packing_list" },
        argument: { name: "season", value: "s" },
      });
      expect(completion.completion.values).toEqual(["spring", "summer"]);
      await expect(client.getPrompt({ name: "packing_list", arguments: {} })).rejects.toThrow();
    });
  });

  describe("resources", () => {
    it("lists demo://about and the city guide template", async () => {
      const { resources } = await client.listResources();
      expect(resources).toEqual([
        expect.objectContaining({ uri: "demo://about", name: "about", mimeType: "text/plain" }),
      ]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([
        expect.objectContaining({
          uriTemplate: "demo://cities/{city}/guide{?lang}",
          name: "city-guide",
          mimeType: "text/markdown",
        }),
      ]);
    });

    it("reads the about text", async () => {
      const about = await client.readResource({ uri: "demo://about" });
      expect(about.contents).toEqual([
        { uri: "demo://about", mimeType: "text/plain", text: ABOUT_TEXT },
      ]);
    });

    it("reads a guide with and without the optional lang query", async () => {
      const english = await client.readResource({ uri: "demo://cities/oslo/guide" });
      expect(english.contents).toEqual([
        {
          uri: "demo://cities/oslo/guide",
          mimeType: "text/markdown",
          text: CITIES["oslo"]?.guide.en,
        },
      ]);
      const french = await client.readResource({ uri: "demo://cities/oslo/guide?lang=fr" });
      expect(french.contents[0]).toMatchObject({ text: CITIES["oslo"]?.guide.fr });
    });

    it("completes both template variables", async () => {
      const ref = { type: "ref/resource", uri: "demo://cities/{city}/guide{?lang}" } as const;
      const city = await client.complete({ ref, argument: { name: "city", value: "k" } });
      expect(city.completion.values).toEqual(["kyoto"]);
      const lang = await client.complete({ ref, argument: { name: "lang", value: "" } });
      expect(lang.completion.values).toEqual(["en", "fr"]);
    });

    it("answers an unknown city or language with resource-not-found (-32602 with data.uri)", async () => {
      for (const uri of ["demo://cities/atlantis/guide", "demo://cities/oslo/guide?lang=de"]) {
        const error: unknown = await client.readResource({ uri }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code).toBe(-32602);
        expect((error as ProtocolError).data).toEqual({ uri });
      }
    });
  });
});

describe("demo server over stdio, legacy handshake (official client)", () => {
  it("serves a 2025-era client the same tools", async () => {
    const client = new Client({ name: "demo-legacy-test", version: "0.0.0" });
    await client.connect(demoTransport());
    try {
      expect(client.getNegotiatedProtocolVersion()).not.toBe(MODERN);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(6);
      const result = await client.callTool({
        name: "book",
        arguments: { kind: "hotel", city: "Oslo", checkIn: "2026-01-05", nights: 2 },
      });
      expect(result.structuredContent).toMatchObject({
        status: "confirmed",
        reference: "HT-OSLO-20260105-2",
      });
    } finally {
      await client.close();
    }
  });
});
