/**
 * `get_weather`: no output schema; the answer is a plain text forecast, so a typed client
 * gets typed arguments and an untyped (content-only) result.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { CITIES, findCity } from "./data.js";
import type { City } from "./data.js";
import { errorResult } from "./tool-results.js";

/** Days forecast when the caller does not say. */
export const DEFAULT_FORECAST_DAYS = 3;

const weatherInput = z.object({
  city: z.string().min(1).describe("City name, e.g. Oslo"),
  days: z.number().int().min(1).max(7).optional().describe("Days to forecast, 1 to 7 (default 3)"),
});

/** Registers `get_weather` on `server`. */
export function registerGetWeather(server: McpServer): void {
  server.registerTool(
    "get_weather",
    {
      title: "Get the weather forecast",
      description:
        "Returns a plain-text forecast for the coming days in a city the demo knows " +
        `(${Object.values(CITIES)
          .map((city) => city.name)
          .join(", ")}): one line per day with the sky and the high temperature.`,
      inputSchema: weatherInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ city, days }) => {
      const known = findCity(city);
      if (known === undefined) return errorResult(`No forecast for ${city.trim()}.`);
      return { content: [{ type: "text", text: forecast(known, days ?? DEFAULT_FORECAST_DAYS) }] };
    },
  );
}

/** "Forecast for Oslo, 2 days:\nDay 1: cloudy, high 14 °C\nDay 2: …" */
export function forecast(city: City, days: number): string {
  const lines = Array.from({ length: days }, (_, index) => {
    const [condition, high] = city.weather[index % city.weather.length] ?? ["unknown", 0];
    return `Day ${index + 1}: ${condition}, high ${high} °C`;
  });
  return [`Forecast for ${city.name}, ${days} ${days === 1 ? "day" : "days"}:`, ...lines].join(
    "\n",
  );
}
