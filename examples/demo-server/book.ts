/**
 * `book`: a discriminated union on the way in (`kind`: flight or hotel) and another on the way
 * out (`status`: confirmed or waitlisted).
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { MAX_CONFIRMED_NIGHTS, priceEur, referenceFor } from "./bookings.js";
import type { BookingKey } from "./bookings.js";
import { isoDate, money } from "./schemas.js";
import { errorResult, jsonResult } from "./tool-results.js";

const airport = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe("IATA airport code, e.g. LIS");

const flightRequest = z.object({
  kind: z.literal("flight"),
  from: airport.describe("Departure airport (IATA code)"),
  to: airport.describe("Arrival airport (IATA code)"),
  date: isoDate.describe("Departure date"),
});

const hotelRequest = z.object({
  kind: z.literal("hotel"),
  city: z.string().min(1).describe("City to stay in"),
  checkIn: isoDate.describe("Check-in date"),
  nights: z.number().int().min(1).max(30).describe("Number of nights, 1 to 30"),
});

const bookInput = z.discriminatedUnion("kind", [flightRequest, hotelRequest]);

const kind = z.enum(["flight", "hotel"]);

const bookOutput = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("confirmed"),
    kind,
    reference: z.string().describe("Quote this to cancel the booking"),
    summary: z.string(),
    price: money,
  }),
  z.object({
    status: z.literal("waitlisted"),
    kind,
    position: z.number().int().min(1).describe("Place on the waiting list, 1 is next"),
    summary: z.string(),
  }),
]);

type BookInput = z.infer<typeof bookInput>;
type BookOutput = z.infer<typeof bookOutput>;

/** Registers `book` on `server`. */
export function registerBook(server: McpServer): void {
  server.registerTool(
    "book",
    {
      title: "Book a flight or a hotel",
      description:
        "Books a one-way flight between two airports, or a hotel stay in a city. Returns a " +
        `confirmed booking with its reference and price, or a waiting-list place for hotel ` +
        `stays longer than ${MAX_CONFIRMED_NIGHTS} nights.`,
      inputSchema: bookInput,
      outputSchema: bookOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (request) => {
      if (request.kind === "flight" && request.from === request.to) {
        return errorResult("A flight needs two different airports.");
      }
      return jsonResult(book(request));
    },
  );
}

function book(request: BookInput): BookOutput {
  if (request.kind === "flight") {
    const key: BookingKey = {
      kind: "flight",
      from: request.from,
      to: request.to,
      date: request.date,
    };
    return {
      status: "confirmed",
      kind: "flight",
      reference: referenceFor(key),
      summary: `Flight ${request.from} → ${request.to} on ${request.date}`,
      price: { amount: priceEur(key), currency: "EUR" },
    };
  }
  const key: BookingKey = {
    kind: "hotel",
    city: request.city,
    date: request.checkIn,
    nights: request.nights,
  };
  const summary = `${request.nights} nights in ${request.city.trim()} from ${request.checkIn}`;
  if (request.nights > MAX_CONFIRMED_NIGHTS) {
    return {
      status: "waitlisted",
      kind: "hotel",
      position: request.nights - MAX_CONFIRMED_NIGHTS,
      summary,
    };
  }
  return {
    status: "confirmed",
    kind: "hotel",
    reference: referenceFor(key),
    summary,
    price: { amount: priceEur(key), currency: "EUR" },
  };
}
