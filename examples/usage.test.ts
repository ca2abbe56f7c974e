/**
 * Unit tests of application code that calls the generated client (trip-budget.ts), with the
 * generated mock client: no server runs. The handlers are typed by the tools' own input and
 * output types, and what they return is checked against the tools' output schemas.
 */
import { isMcpError } from "@mcp-codegen/runtime";
import { describe, expect, it } from "vitest";
import { planBudget } from "./trip-budget.js";
import type { PlanTripInput, PlanTripOutput } from "./trip-planner/index.js";
import { createMockTripPlannerClient } from "./trip-planner/mock.js";

const trip: PlanTripInput = {
  destination: "Oslo",
  dates: { start: "2026-06-12", end: "2026-06-15" },
  travellers: [{ name: "Ada" }],
};

const osloPlan = (input: PlanTripInput): PlanTripOutput => ({
  destination: input.destination,
  nights: 3,
  days: [],
  travellers: { adults: input.travellers.length, children: 0 },
  localCurrency: "NOK",
});

describe("planBudget", () => {
  it("prices the nights at home and converts the total to the local currency", async () => {
    const client = await createMockTripPlannerClient({
      tools: {
        planTrip: osloPlan,
        convertCurrency: ({ amount, from, to }) => ({
          from,
          to,
          amount,
          converted: amount * 11.5,
          rate: 11.5,
        }),
      },
    });
    const budget = await planBudget(client, trip, 120, "EUR");
    expect(budget).toEqual({
      destination: "Oslo",
      nights: 3,
      home: { amount: 360, currency: "EUR" },
      local: { amount: 4140, currency: "NOK", rate: 11.5 },
    });
    // What the code sent, in order, as the server received it.
    expect(client.calls.map((call) => call.kind === "tool" && call.tool)).toEqual([
      "planTrip",
      "convertCurrency",
    ]);
    expect(client.callsTo("convertCurrency").map((call) => call.input)).toEqual([
      { amount: 360, from: "EUR", to: "NOK" },
    ]);
    await client.close();
  });

  it("makes no conversion where the local currency is the traveller's", async () => {
    const client = await createMockTripPlannerClient({
      tools: { planTrip: (input) => ({ ...osloPlan(input), localCurrency: "EUR" }) },
    });
    const budget = await planBudget(client, trip, 100, "EUR");
    expect(budget.local).toBeUndefined();
    expect(client.callsTo("convertCurrency")).toEqual([]);
    await client.close();
  });

  it("keeps the home budget when the conversion fails as a tool error", async () => {
    const client = await createMockTripPlannerClient({
      tools: {
        planTrip: osloPlan,
        convertCurrency: () => ({
          isError: true,
          content: [{ type: "text", text: "no rate for NOK today" }],
        }),
      },
    });
    const budget = await planBudget(client, trip, 100, "EUR");
    expect(budget).toEqual({
      destination: "Oslo",
      nights: 3,
      home: { amount: 300, currency: "EUR" },
    });
    await client.close();
  });

  it("fails when a mock's output drifts from the tool's output schema", async () => {
    const client = await createMockTripPlannerClient({
      tools: {
        planTrip: osloPlan,
        // rate is exclusiveMinimum 0 in the schema; the type (number) cannot say so.
        convertCurrency: ({ amount, from, to }) => ({ from, to, amount, converted: 0, rate: 0 }),
      },
    });
    const error: unknown = await planBudget(client, trip, 100, "EUR").catch((e: unknown) => e);
    expect(isMcpError(error) && error.kind).toBe("execution");
    expect(isMcpError(error) && error.serverMessage).toMatch(
      /^the mock's handler for tool "convert_currency" returned output that does not match the tool's output schema: rate: /,
    );
    await client.close();
  });

  it("fails a call the test gave no handler for, naming the handler to pass", async () => {
    const client = await createMockTripPlannerClient({ tools: { planTrip: osloPlan } });
    await expect(planBudget(client, trip, 100, "EUR")).rejects.toThrow(
      'the mock has no handler for tool "convert_currency"; pass tools.convertCurrency to the mock',
    );
    await client.close();
  });

  it("types handlers by the tools' own input and output types", async () => {
    const client = await createMockTripPlannerClient({
      tools: {
        // @ts-expect-error: `nights` is a number in the tool's output type.
        planTrip: (input) => ({ ...osloPlan(input), nights: "three" }),
      },
    });
    // The compiler's verdict is the mock's too: the schema rejects it at run time.
    await expect(client.tools.planTrip(trip)).rejects.toThrow(/nights: /);
    await client.close();
  });
});
