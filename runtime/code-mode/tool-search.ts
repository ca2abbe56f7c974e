/**
 * `searchTools(query)`: the catalog's tools that match the words of a query, best first, so a
 * model with a thousand tools behind it reads the few it needs instead of all of them.
 */
import { toolPath, type CatalogTool } from "./server-catalog.js";

/** One match: how to call the tool, and what it takes. */
export interface ToolMatch {
  /** What the code writes: `servers.trip.getWeather`. */
  readonly path: string;
  readonly server: string;
  /** The MCP name. */
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string;
  readonly inputSchema: CatalogTool["inputSchema"];
}

/** The most matches a search returns. */
export const SEARCH_LIMIT = 10;

/** Lower-case words of `text`, camelCase and snake_case split: `getWeather` → get, weather. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/** How well `tool` matches `query`'s words: names weigh most, then title, then description. */
function score(tool: CatalogTool, query: readonly string[]): number {
  const name = new Set([...words(tool.key), ...words(tool.name), ...words(tool.server)]);
  const title = new Set(words(tool.title ?? ""));
  const description = words(tool.description);
  let total = 0;
  for (const word of query) {
    if (name.has(word)) total += 4;
    else if ([...name].some((part) => part.startsWith(word))) total += 2;
    if (title.has(word)) total += 2;
    if (description.includes(word)) total += 1;
  }
  return total;
}

/**
 * The tools matching `query`, best first, at most `limit`; an empty query lists the first
 * `limit` tools in catalog order. Ties keep catalog order.
 */
export function searchCatalog(
  catalog: readonly CatalogTool[],
  query: string,
  limit: number = SEARCH_LIMIT,
): ToolMatch[] {
  const asked = words(String(query ?? ""));
  const ranked =
    asked.length === 0
      ? catalog.slice(0, limit)
      : catalog
          .map((tool, index) => ({ tool, index, score: score(tool, asked) }))
          .filter((entry) => entry.score > 0)
          .sort((a, b) => b.score - a.score || a.index - b.index)
          .slice(0, limit)
          .map((entry) => entry.tool);
  return ranked.map((tool) => ({
    path: toolPath(tool),
    server: tool.server,
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
}
