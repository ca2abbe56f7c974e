/**
 * Application code that takes the typed client as a parameter, so a test can hand it a mock
 * (`createMockTripPlannerClient`, see usage.test.ts) and `usage.ts` the real thing: plans a trip
 * and prices it in the destination's currency.
 */
import type {
  ConvertCurrencyInput,
  PlanTripInput,
  TripPlannerClient,
} from "./trip-planner/index.js";

export type Currency = ConvertCurrencyInput["from"];

export interface Budget {
  destination: string;
  nights: number;
  /** The budget in the traveller's own currency: nights × the nightly amount. */
  home: { amount: number; currency: Currency };
  /** The same in the destination's currency, when it has another one. */
  local?: { amount: number; currency: Currency; rate: number };
}

/** Plans `trip` and prices it at `nightly` per night in `currency`, and in the local currency. */
export async function planBudget(
  client: TripPlannerClient,
  trip: PlanTripInput,
  nightly: number,
  currency: Currency,
): Promise<Budget> {
  const plan = await client.tools.planTrip(trip);
  if (plan.isError) throw new Error(`plan_trip failed for ${trip.destination}`);
  const { destination, nights, localCurrency } = plan.structuredContent;
  const home = { amount: nightly * nights, currency };
  if (localCurrency === undefined || localCurrency === currency) {
    return { destination, nights, home };
  }
  const money = await client.tools.convertCurrency({
    amount: home.amount,
    from: currency,
    to: localCurrency,
  });
  if (money.isError) return { destination, nights, home };
  const { converted, rate } = money.structuredContent;
  return { destination, nights, home, local: { amount: converted, currency: localCurrency, rate } };
}
