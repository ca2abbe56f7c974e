/**
 * The Trip Planner demo server: the MCP server the README's quick start pulls with
 * `mcp-codegen pull`. Each tool exercises a schema feature a typed client has to handle (see
 * README.md next to this file). Built with the official server SDK; every answer is
 * deterministic, so generated clients and the demo's output stay stable.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { registerBook } from "./book.js";
import { registerCancelBooking } from "./cancel-booking.js";
import { registerConvertCurrency } from "./convert-currency.js";
import { DEMO_SERVER_INFO } from "./data.js";
import { registerGetWeather } from "./get-weather.js";
import { registerPackingList } from "./packing-list.js";
import { registerPlanTrip } from "./plan-trip.js";
import { registerResources } from "./resources.js";
import { registerSummarizeItinerary } from "./summarize-itinerary.js";

export { DEMO_SERVER_INFO } from "./data.js";

/**
 * Builds a fresh, unconnected demo McpServer with every tool, the prompt and the resources
 * registered. Pass it as the factory to `serveStdio` (one instance per connection).
 */
export function createDemoServer(): McpServer {
  const server = new McpServer(DEMO_SERVER_INFO, {
    instructions:
      "Trip Planner helps plan trips: draft a plan with plan_trip, book flights and hotels with " +
      "book, cancel with trip.cancel-booking. Prices, rates and forecasts are fixed examples.",
  });
  registerPlanTrip(server);
  registerConvertCurrency(server);
  registerBook(server);
  registerSummarizeItinerary(server);
  registerGetWeather(server);
  registerCancelBooking(server);
  registerPackingList(server);
  registerResources(server);
  return server;
}
