/**
 * `trip.cancel-booking` asks the user to confirm (a form elicitation, answered through the
 * multi round-trip flow) when the client can answer one, and cancels only on a yes. A client
 * without an elicitation handler is not asked (demo-server-booking.test.ts). Driven through the
 * generated Trip Planner client over Streamable HTTP, as the browser test does from a page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ElicitFormParams } from "@mcp-codegen/runtime";
import { startDemoHttp } from "../../examples/demo-server/http.js";
import { createTripPlannerClient } from "../../examples/trip-planner/index.js";
import type { RunningHttpServer } from "../fixtures/servers/index.js";

const REFERENCE = "FL-LIS-OSL-20260612";

let server: RunningHttpServer | undefined;

beforeAll(async () => {
  server = await startDemoHttp();
});

afterAll(async () => {
  await server?.close();
});

/** Cancels REFERENCE with a client whose elicitation handler gives `answer`; records the asks. */
async function cancelAnswering(answer: { action: "accept" | "decline"; confirm?: boolean }) {
  const asked: ElicitFormParams[] = [];
  const client = await createTripPlannerClient(
    { url: server!.url },
    {
      handlers: {
        elicitation: (params) => {
          asked.push(params);
          return answer.action === "accept"
            ? { action: "accept", content: { confirm: answer.confirm ?? false } }
            : { action: "decline" };
        },
      },
    },
  );
  try {
    const result = await client.tools.tripCancelBooking({ reference: REFERENCE });
    return { result, asked };
  } finally {
    await client.close();
  }
}

describe("trip.cancel-booking with a client that can answer an elicitation", () => {
  it("asks once, naming the booking and the refund, and cancels on a yes", async () => {
    const { result, asked } = await cancelAnswering({ action: "accept", confirm: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toBe(`Cancel ${REFERENCE}? 85 EUR will be refunded.`);
    expect(asked[0]!.requestedSchema.required).toEqual(["confirm"]);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      reference: REFERENCE,
      status: "cancelled",
      refund: { amount: 85, currency: "EUR" },
    });
  });

  it.each([
    { given: "a no", answer: { action: "accept" as const, confirm: false } },
    { given: "a decline", answer: { action: "decline" as const } },
  ])("keeps the booking on $given", async ({ answer }) => {
    const { result, asked } = await cancelAnswering(answer);
    expect(asked).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: `${REFERENCE} was not cancelled: the user did not confirm.` },
    ]);
  });
});
