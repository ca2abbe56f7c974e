/**
 * The demo server's read-only tools over stdio (official client, 2026-07-28): each answers as
 * examples/demo-server/README.md documents, and `tools/list` carries the schema features it
 * exists to exercise: nested objects and arrays, enums and numeric bounds, a recursive schema,
 * and a text-only result.
 */
import { describe, expect, it } from "vitest";
import { textOf, useDemoServer } from "./demo-server-helpers.js";

describe("demo server over stdio (official client, 2026-07-28)", () => {
  const { tool, call } = useDemoServer();

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
});
