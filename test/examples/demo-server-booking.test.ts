/**
 * The demo server's booking tools over stdio (official client, 2026-07-28): `book` with
 * discriminated unions in and out, and `trip.cancel-booking`, a dotted, dashed, destructive tool
 * that cancels what `book` returned.
 */
import { describe, expect, it } from "vitest";
import { textOf, useDemoServer } from "./demo-server-helpers.js";

describe("demo server over stdio (official client, 2026-07-28)", () => {
  const { tool, call } = useDemoServer();

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
});
