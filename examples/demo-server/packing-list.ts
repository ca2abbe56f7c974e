/** The `packing_list` prompt: one required argument and one optional, completable argument. */
import { completable } from "@modelcontextprotocol/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { SEASONS } from "./data.js";

/** Registers the `packing_list` prompt on `server`. */
export function registerPackingList(server: McpServer): void {
  server.registerPrompt(
    "packing_list",
    {
      title: "Packing list",
      description: "Asks the model for a packing list suited to a destination and a season.",
      argsSchema: z.object({
        destination: z.string().describe("Where the trip goes, e.g. Kyoto"),
        // The SDK unwraps `.optional()` before it looks for the completer, so the completer
        // wraps the inner schema.
        season: completable(z.string().describe("spring, summer, autumn or winter"), (value) =>
          SEASONS.filter((season) => season.startsWith(value.toLowerCase())),
        ).optional(),
      }),
    },
    ({ destination, season }) => ({
      description: `Packing list for ${destination}${season === undefined ? "" : ` in ${season}`}`,
      messages: [
        { role: "user", content: { type: "text", text: packingRequest(destination, season) } },
      ],
    }),
  );
}

/** The user message the prompt renders. */
export function packingRequest(destination: string, season: string | undefined): string {
  const when = season === undefined ? "at any time of year" : `in ${season}`;
  return (
    `I am travelling to ${destination} ${when}. Write a packing list grouped into clothing, ` +
    "documents and gear, with at most 20 items, and flag anything specific to the destination."
  );
}
