/**
 * The generated Trip Planner client in a Worker (Cloudflare Workers, Deno Deploy, any runtime with
 * `fetch` and no Node): bundlers pick the runtime's web build, which speaks Streamable HTTP
 * through `fetch`. The same code runs in a browser app. test/platform/ bundles it for the browser
 * and runs it with nothing but web globals.
 */
import { createTripPlannerClient } from "./trip-planner/index.js";

export interface Env {
  /** The demo server's endpoint, e.g. from `node --import tsx examples/demo-server/http.ts`. */
  TRIP_PLANNER_URL: string;
}

/** Converts `?amount=` EUR to JPY with the demo server, typed end to end. */
export async function convertToYen(amount: number, env: Env): Promise<string> {
  const client = await createTripPlannerClient({ url: env.TRIP_PLANNER_URL });
  try {
    const money = await client.tools.convertCurrency({ amount, from: "EUR", to: "JPY" });
    if (money.isError) return "the server could not convert";
    return `${amount} EUR = ${money.structuredContent.converted} JPY`;
  } finally {
    await client.close();
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const amount = Number(new URL(request.url).searchParams.get("amount") ?? "100");
    return new Response(await convertToYen(amount, env));
  },
};
