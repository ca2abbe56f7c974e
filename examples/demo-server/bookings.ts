/**
 * Booking references and prices. A reference encodes everything needed to price its booking
 * again, which is how `trip.cancel-booking` can refund without the server keeping any state
 * between calls.
 */
import { CITIES, DEFAULT_NIGHTLY_RATE_EUR, findCity } from "./data.js";
import { compactDate, expandDate } from "./dates.js";

/** Hotel stays longer than this many nights go on the waiting list. */
export const MAX_CONFIRMED_NIGHTS = 14;

/** A booking as its reference describes it. */
export type BookingKey =
  | { kind: "flight"; from: string; to: string; date: string }
  | { kind: "hotel"; city: string; date: string; nights: number };

const FLIGHT_REFERENCE = /^FL-([A-Z]{3})-([A-Z]{3})-(\d{8})$/;
const HOTEL_REFERENCE = /^HT-([A-Z0-9]+(?:-[A-Z0-9]+)*)-(\d{8})-(\d{1,2})$/;

/** `FL-LIS-OSL-20260612` or `HT-LISBON-20260612-3`. */
export function referenceFor(booking: BookingKey): string {
  if (booking.kind === "flight") {
    return `FL-${booking.from}-${booking.to}-${compactDate(booking.date)}`;
  }
  return `HT-${citySlug(booking.city).toUpperCase()}-${compactDate(booking.date)}-${booking.nights}`;
}

/** The booking a reference stands for, or undefined when it is not one this server issues. */
export function parseReference(reference: string): BookingKey | undefined {
  const flight = FLIGHT_REFERENCE.exec(reference);
  if (flight?.[1] !== undefined && flight[2] !== undefined && flight[3] !== undefined) {
    return { kind: "flight", from: flight[1], to: flight[2], date: expandDate(flight[3]) };
  }
  const hotel = HOTEL_REFERENCE.exec(reference);
  if (hotel?.[1] !== undefined && hotel[2] !== undefined && hotel[3] !== undefined) {
    const nights = Number(hotel[3]);
    if (nights < 1) return undefined;
    return { kind: "hotel", city: hotel[1].toLowerCase(), date: expandDate(hotel[2]), nights };
  }
  return undefined;
}

/**
 * Price in euros. Fares are a made-up but stable function of the route, the same in both
 * directions; hotels cost the city's nightly rate times the nights.
 */
export function priceEur(booking: BookingKey): number {
  if (booking.kind === "hotel") return nightlyRate(booking.city) * booking.nights;
  const route = [booking.from, booking.to].sort().join("");
  const spread = [...route].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 17;
  return 60 + spread * 10;
}

function nightlyRate(city: string): number {
  const slug = citySlug(city);
  return (CITIES[slug] ?? findCity(city))?.nightlyRateEur ?? DEFAULT_NIGHTLY_RATE_EUR;
}

/** "Mexico City" → "mexico-city": letters and digits, dashes between words. */
function citySlug(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "")
    .join("-");
}
