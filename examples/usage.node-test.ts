/**
 * The same kind of unit test as usage.test.ts, with Node's own test runner instead of vitest:
 * `node --test --import tsx examples/usage.node-test.ts` (usage-node-test.test.ts runs it).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { planBudget } from "./trip-budget.js";
import { createMockTripPlannerClient } from "./trip-planner/mock.js";

test("planBudget converts the trip's total to the local currency", async () => {
  const client = await createMockTripPlannerClient({
    tools: {
      planTrip: (input) => ({
        destination: input.destination,
        nights: 2,
        days: [],
        travellers: { adults: 1, children: 0 },
        localCurrency: "JPY",
      }),
      convertCurrency: ({ amount, from, to }) => ({
        from,
        to,
        amount,
        converted: amount * 160,
        rate: 160,
      }),
    },
  });
  try {
    const budget = await planBudget(
      client,
      {
        destination: "Kyoto",
        dates: { start: "2026-04-01", end: "2026-04-03" },
        travellers: [{ name: "Ada" }],
      },
      100,
      "EUR",
    );
    assert.deepEqual(budget.local, { amount: 32000, currency: "JPY", rate: 160 });
    assert.deepEqual(
      client.callsTo("convertCurrency").map((call) => call.input),
      [{ amount: 200, from: "EUR", to: "JPY" }],
    );
  } finally {
    await client.close();
  }
});

test("a call without a handler fails, naming the handler to pass", async () => {
  const client = await createMockTripPlannerClient();
  try {
    await assert.rejects(
      client.tools.getWeather({ city: "Oslo" }),
      /pass tools\.getWeather to the mock/,
    );
  } finally {
    await client.close();
  }
});
