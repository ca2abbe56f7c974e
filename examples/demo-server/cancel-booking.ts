/**
 * `trip.cancel-booking`: a tool name with a dot and a dash (no valid identifier as it is),
 * marked destructive; a `const` and a nested object in its output. A client that can answer a
 * form elicitation is asked to confirm first (a multi round-trip request); one that cannot is
 * not asked, so the tool's contract is the same for both.
 */
import { inputRequired, inputResponse } from "@modelcontextprotocol/server";
import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
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
    ({ reference }, ctx) => {
      const booking = parseReference(reference);
      if (booking === undefined) return errorResult(`No booking has the reference ${reference}.`);
      const share = booking.kind === "flight" ? FLIGHT_REFUND_SHARE : 1;
      const refund = { amount: priceEur(booking) * share, currency: "EUR" as const };
      if (canElicit(ctx)) {
        const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
        if (answer.kind !== "elicit") {
          const message = `Cancel ${reference}? ${refund.amount} ${refund.currency} will be refunded.`;
          return inputRequired({
            inputRequests: { [CONFIRM_KEY]: inputRequired.elicit({ message, requestedSchema }) },
          });
        }
        // The answer comes from the client: only an accepted, literal `true` cancels.
        if (answer.action !== "accept" || answer.content?.["confirm"] !== true) {
          return errorResult(`${reference} was not cancelled: the user did not confirm.`);
        }
      }
      const output: z.infer<typeof cancelOutput> = { reference, status: "cancelled", refund };
      return jsonResult(output);
    },
  );
}

const CONFIRM_KEY = "confirm";

const requestedSchema = {
  type: "object" as const,
  properties: {
    confirm: { type: "boolean" as const, title: "Cancel the booking", default: false },
  },
  required: ["confirm"],
};

/**
 * Whether this request declared form elicitation (2026-07-28 requests carry their client's
 * capabilities). Initialize-era requests carry none here, so they are not asked.
 */
function canElicit(ctx: ServerContext): boolean {
  // The SDK types the envelope as `{}`; its keys are the spec's `_meta` names.
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
  const capabilities = envelope["io.modelcontextprotocol/clientCapabilities"];
  return typeof capabilities === "object" && capabilities !== null && "elicitation" in capabilities;
}
