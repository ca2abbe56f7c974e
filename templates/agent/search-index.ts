/**
 * `agent/search-index.json`: what a model or a harness needs to find a tool without a
 * connection: per tool the path code mode calls (`servers.trip.getWeather`), the server key, the
 * generated and MCP names, title, description and argument names, and the file declaring it.
 * The fields are `searchTools`' own (its matches carry `path`, `server`, `name`, `title`,
 * `description`), with the same text sanitising; the description is cut shorter (one line), so
 * the index of a thousand tools stays a few hundred kilobytes. The first key carries the
 * generated marker, since JSON has no comments.
 */
import { textForModel, TITLE_MAX_BYTES } from "@mcp-codegen/runtime/internal";
import type { PlannedTool } from "../plan.js";

/** The index's format version: a reader checks it before trusting the fields. */
export const SEARCH_INDEX_FORMAT = 1;

/** A description in the index is cut to this many UTF-8 bytes (one line). */
export const INDEX_DESCRIPTION_MAX_BYTES = 300;

/**
 * The argument names of an input schema: its top-level properties and those of its
 * `oneOf`/`anyOf`/`allOf` branches (a tool taking one of two shapes), each once. Untrusted: only
 * keys are kept, sanitised like titles.
 */
function argumentNames(schema: unknown, depth = 0): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > 2)
    return [];
  const record = schema as Record<string, unknown>;
  const properties = record.properties;
  const own =
    typeof properties === "object" && properties !== null && !Array.isArray(properties)
      ? Object.keys(properties)
      : [];
  const branches = ["oneOf", "anyOf", "allOf"].flatMap((key) =>
    Array.isArray(record[key])
      ? (record[key] as unknown[]).flatMap((branch) => argumentNames(branch, depth + 1))
      : [],
  );
  const names = [
    ...own.map((name) => textForModel(name, { singleLine: true, maxBytes: TITLE_MAX_BYTES })),
    ...branches,
  ];
  return [...new Set(names)];
}

/** The index's JSON text (two-space indented, a final newline), `marker` as its first key. */
export function searchIndexJson(
  marker: string,
  server: string,
  tools: readonly PlannedTool[],
  path: (tool: PlannedTool) => string,
  file: (tool: PlannedTool) => string,
): string {
  const entries = tools.map(({ tool, fn }, i) => {
    const shown = tool.title ?? tool.annotations?.title;
    const title =
      typeof shown === "string"
        ? textForModel(shown, { singleLine: true, maxBytes: TITLE_MAX_BYTES })
        : "";
    return {
      path: path(tools[i]!),
      key: fn,
      name: tool.name,
      ...(title === "" ? {} : { title }),
      description:
        typeof tool.description === "string"
          ? textForModel(tool.description, {
              singleLine: true,
              maxBytes: INDEX_DESCRIPTION_MAX_BYTES,
            })
          : "",
      arguments: argumentNames(tool.inputSchema),
      file: file(tools[i]!),
    };
  });
  const index = { "//": marker, formatVersion: SEARCH_INDEX_FORMAT, server, tools: entries };
  return `${JSON.stringify(index, null, 2)}\n`;
}
