/**
 * Using the generated Trip Planner client: every call is typed from the server's own schemas.
 * `npm run demo` regenerates `./trip-planner/` from the demo server, compiles this file under
 * strict settings, and runs it.
 */
import { isMcpError } from "@mcp-codegen/runtime";
import { planBudget } from "./trip-budget.js";
import { createTripPlannerClient } from "./trip-planner/index.js";

const client = await createTripPlannerClient({
  command: process.execPath,
  args: ["--import", "tsx", new URL("./demo-server/stdio.ts", import.meta.url).pathname],
});

try {
  // Arguments are checked by the compiler; structuredContent is typed by the output schema.
  const plan = await client.tools.planTrip({
    destination: "Lisbon",
    dates: { start: "2026-06-12", end: "2026-06-14" },
    travellers: [{ name: "Ada" }, { name: "Linus", age: 9 }],
  });
  if (plan.isError) throw new Error("plan_trip failed");
  console.log(
    `plan_trip: ${plan.structuredContent.nights} nights in ${plan.structuredContent.destination}`,
  );
  for (const day of plan.structuredContent.days) console.log(`  ${day.date}: ${day.activity}`);

  // Application code takes the typed client, so its tests can pass a mock (usage.test.ts).
  const budget = await planBudget(
    client,
    {
      destination: "Oslo",
      dates: { start: "2026-06-12", end: "2026-06-15" },
      travellers: [{ name: "Ada" }],
    },
    120,
    "EUR",
  );
  console.log(
    `budget: ${budget.home.amount} ${budget.home.currency}` +
      (budget.local === undefined ? "" : ` = ${budget.local.amount} ${budget.local.currency}`),
  );

  const money = await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
  if (!money.isError)
    console.log(`convert_currency: 100 EUR = ${money.structuredContent.converted} JPY`);

  // A union input and a union output: narrow on `status`.
  const booking = await client.tools.book({
    kind: "flight",
    from: "LIS",
    to: "OSL",
    date: "2026-06-12",
  });
  if (!booking.isError) {
    const result = booking.structuredContent;
    console.log(
      result.status === "confirmed"
        ? `book: ${result.reference} for ${result.price.amount} ${result.price.currency}`
        : `book: waitlisted at position ${result.position}`,
    );
    if (result.status === "confirmed") {
      const cancelled = await client.tools.tripCancelBooking({ reference: result.reference });
      if (!cancelled.isError)
        console.log(`trip.cancel-booking: refund ${cancelled.structuredContent.refund.amount}`);
    }
  }

  // A recursive input.
  const summary = await client.tools.summarizeItinerary({
    itinerary: { title: "Lisbon", children: [{ title: "Day 1", children: [{ title: "Belém" }] }] },
  });
  if (!summary.isError)
    console.log(`summarize_itinerary: depth ${summary.structuredContent.depth}`);

  // A tool without an output schema returns content blocks only.
  const weather = await client.tools.getWeather({ city: "Oslo", days: 2 });
  const text = weather.content.find((block) => block.type === "text");
  console.log(`get_weather: ${text?.type === "text" ? text.text.split("\n")[0] : "(no text)"}`);

  const prompt = await client.prompts.packingList({ destination: "Kyoto", season: "spring" });
  console.log(`packing_list: ${prompt.messages.length} message(s)`);

  // Resource templates take typed variables and are expanded per RFC 6570.
  const guide = await client.resources.cityGuide({ city: "oslo", lang: "fr" });
  const first = guide.contents[0];
  console.log(
    `city-guide: ${first !== undefined && "text" in first ? first.text.split("\n")[0] : ""}`,
  );
  const about = await client.resources.about();
  console.log(`about: ${about.contents.length} content(s)`);

  // Protocol errors are McpErrors with a kind; a tool's own failure is a result with isError.
  try {
    await client.raw.callTool("no_such_tool", {});
  } catch (error) {
    if (isMcpError(error))
      console.log(`unknown tool: McpError kind=${error.kind} code=${error.code}`);
  }
} finally {
  await client.close();
}
