/**
 * `plan_trip`: nested objects and arrays on the way in (a date range, a list of travellers
 * with an optional integer age), an array of day plans and an optional enum on the way out.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DEFAULT_ACTIVITIES, findCity } from "./data.js";
import { addDays, daysBetween } from "./dates.js";
import { currency, isoDate } from "./schemas.js";
import { errorResult, jsonResult } from "./tool-results.js";

/** The longest trip `plan_trip` will plan, in nights. */
export const MAX_NIGHTS = 30;

/** Travellers younger than this count as children. */
const ADULT_AGE = 18;

const traveller = z.object({
  name: z.string().min(1).describe("Name as on the passport"),
  age: z.number().int().min(0).optional().describe("Age in years; omit for adults"),
});

const planTripInput = z.object({
  destination: z.string().min(1).describe("City to travel to, e.g. Lisbon"),
  dates: z
    .object({
      start: isoDate.describe("Arrival date"),
      end: isoDate.describe("Departure date, on or after the arrival date"),
    })
    .describe("The travel dates, both inclusive"),
  travellers: z.array(traveller).min(1).max(9).describe("Everyone on the trip, 1 to 9 people"),
});

const planTripOutput = z.object({
  destination: z.string(),
  nights: z.number().int().min(0),
  days: z.array(z.object({ date: isoDate, activity: z.string() })).describe("One entry per day"),
  travellers: z.object({ adults: z.number().int().min(0), children: z.number().int().min(0) }),
  localCurrency: currency.optional().describe("Currency spent there, when the city is known"),
});

type PlanTripInput = z.infer<typeof planTripInput>;
type PlanTripOutput = z.infer<typeof planTripOutput>;

/** Registers `plan_trip` on `server`. */
export function registerPlanTrip(server: McpServer): void {
  server.registerTool(
    "plan_trip",
    {
      title: "Plan a trip",
      description:
        "Drafts a day-by-day plan for a trip: one activity per day between the arrival and " +
        `departure dates (at most ${MAX_NIGHTS} nights), and a head count of adults and children.`,
      inputSchema: planTripInput,
      outputSchema: planTripOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (input) => {
      const nights = daysBetween(input.dates.start, input.dates.end);
      if (nights < 0) return errorResult("The departure date comes before the arrival date.");
      if (nights > MAX_NIGHTS) {
        return errorResult(`Trips are limited to ${MAX_NIGHTS} nights; this one has ${nights}.`);
      }
      return jsonResult(planTrip(input, nights));
    },
  );
}

function planTrip(input: PlanTripInput, nights: number): PlanTripOutput {
  const city = findCity(input.destination);
  const activities = city?.activities ?? DEFAULT_ACTIVITIES;
  const days = Array.from({ length: nights + 1 }, (_, index) => ({
    date: addDays(input.dates.start, index),
    activity: activities[index % activities.length] ?? "Free day",
  }));
  const children = input.travellers.filter((person) => (person.age ?? ADULT_AGE) < ADULT_AGE);
  const plan: PlanTripOutput = {
    destination: city?.name ?? input.destination.trim(),
    nights,
    days,
    travellers: { adults: input.travellers.length - children.length, children: children.length },
  };
  if (city !== undefined) plan.localCurrency = city.currency;
  return plan;
}
