/**
 * `trip.cancel-booking`: a tool name with a dot and a dash (no valid identifier as it is),
 * marked destructive; a `const` and a nested object in its output.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { parseReference, priceEur } from "./bookings.js";
import { money } from "./schemas.js";
import { errorResult, jsonResult } from "./tool-results.js";

/** Share of a flight fare refunded on cancellation; hotel stays are refunded in full. */
export const FLIGHT_REFUND_SHARE = 0.5;

const cancelInput = z.object({
  reference: z
    .string()
    .regex(/^(FL|HT)-[A-Z0-9-]+$/)
    .describe("The reference `book` returned, e.g. FL-LIS-OSL-20260612"),
  reason: z.string().max(200).optional().describe("Why the booking is cancelled, for the record"),
});

const cancelOutput = z.object({
  reference: z.string(),
  status: z.literal("cancelled"),
  refund: money.describe("What is paid back"),
});

/** Registers `trip.cancel-booking` on `server`. */
export function registerCancelBooking(server: McpServer): void {
  server.registerTool(
    "trip.cancel-booking",
    {
      title: "Cancel a booking",
      description:
        "Cancels a flight or hotel booking by its reference and reports the refund: hotel " +
        `stays in full, flights ${FLIGHT_REFUND_SHARE * 100}% of the fare. Cannot be undone.`,
      inputSchema: cancelInput,
      outputSchema: cancelOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ reference }) => {
      const booking = parseReference(reference);
      if (booking === undefined) return errorResult(`No booking has the reference ${reference}.`);
      const share = booking.kind === "flight" ? FLIGHT_REFUND_SHARE : 1;
      const output: z.infer<typeof cancelOutput> = {
        reference,
        status: "cancelled",
        refund: { amount: priceEur(booking) * share, currency: "EUR" },
      };
      return jsonResult(output);
    },
  );
}
