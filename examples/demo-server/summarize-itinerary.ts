/**
 * `summarize_itinerary`: a recursive input schema. The itinerary is a tree of titled entries
 * (trip → days → stops → …); the SDK emits it as a `$ref` into `$defs`, named by the schema's
 * `id` metadata.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { jsonResult } from "./tool-results.js";

/** One entry of an itinerary tree. */
export interface ItineraryNode {
  title: string;
  notes?: string | undefined;
  children?: ItineraryNode[] | undefined;
}

// z.lazy defers the reference until the schema is first used, which is what lets the entry
// contain itself; the annotation gives TypeScript the type it cannot infer through the cycle.
// The id sits on the object, not on the lazy wrapper: zod then emits one `$defs/ItineraryNode`
// (on the wrapper it adds a second, generated `__schema0` that the named one points to).
const itineraryNode: z.ZodType<ItineraryNode> = z.lazy(() => itineraryNodeObject);

const itineraryNodeObject = z
  .object({
    title: z.string().min(1).describe("What happens here, e.g. Day 1 or Visit the castle"),
    notes: z.string().optional(),
    children: z.array(itineraryNode).optional().describe("Entries nested under this one"),
  })
  .meta({ id: "ItineraryNode" });

const summarizeInput = z.object({
  itinerary: itineraryNode.describe("The root of the itinerary tree"),
});

const summarizeOutput = z.object({
  outline: z
    .array(z.object({ level: z.number().int().min(0), title: z.string() }))
    .describe("Every entry in reading order, with its depth (the root is level 0)"),
  entries: z.number().int().min(1).describe("Number of entries in the tree"),
  stops: z.number().int().min(1).describe("Number of leaf entries: the concrete stops"),
  depth: z.number().int().min(1).describe("Levels in the tree; a lone root has depth 1"),
});

type Summary = z.infer<typeof summarizeOutput>;

/** Registers `summarize_itinerary` on `server`. */
export function registerSummarizeItinerary(server: McpServer): void {
  server.registerTool(
    "summarize_itinerary",
    {
      title: "Summarize an itinerary",
      description:
        "Flattens a nested itinerary (days containing stops containing details, to any depth) " +
        "into an outline, and counts its entries, stops and levels.",
      inputSchema: summarizeInput,
      outputSchema: summarizeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ itinerary }) => jsonResult(summarize(itinerary)),
  );
}

function summarize(root: ItineraryNode): Summary {
  const summary: Summary = { outline: [], entries: 0, stops: 0, depth: 0 };
  // Iterative depth-first walk: a deeply nested request cannot overflow the stack.
  const pending: { node: ItineraryNode; level: number }[] = [{ node: root, level: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, level } = next;
    summary.outline.push({ level, title: node.title });
    summary.entries += 1;
    summary.depth = Math.max(summary.depth, level + 1);
    const children = node.children ?? [];
    if (children.length === 0) summary.stops += 1;
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child !== undefined) pending.push({ node: child, level: level + 1 });
    }
  }
  return summary;
}
