/**
 * Writes test/golden/large/mcp.snapshot.json: a server with 150 tools whose schemas mix every
 * common shape (scalars with bounds and formats, enums, arrays, nested and closed objects,
 * unions, `$defs` references, tuples), plus prompts, resources and templates. Deterministic: a
 * seeded generator, no clock, so running it twice writes the same bytes. The snapshot is
 * committed; rerun this only to change the case, then rewrite its expected files:
 *
 *     npx tsx test/golden/make-large.ts && UPDATE_GOLDEN=1 npx vitest run test/templates/golden.test.ts
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Prompt, Resource, ResourceTemplate, Tool } from "../../runtime/protocol/types.js";
import { createSnapshot } from "../../templates/snapshot.js";
import { corpusSnapshotText } from "../support/golden-normalise.js";

const TOOL_COUNT = 150;
const OUTPUT = fileURLToPath(new URL("./large/mcp.snapshot.json", import.meta.url));

type Schema = Record<string, unknown>;

/** mulberry32: tiny, seeded, identical on every platform (integer arithmetic only). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = createRandom(20260728);
const int = (below: number): number => Math.floor(random() * below);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

const VERBS = ["get", "list", "create", "update", "delete", "search", "sync", "export"];
const NOUNS = [
  "user",
  "invoice",
  "order",
  "shipment",
  "ticket",
  "report",
  "repository",
  "calendar_event",
  "document",
  "payment",
];
// Separators servers really use; a few names collide once camelCased, on purpose.
const SEPARATORS = ["_", "_", "_", "-", ".", "/"];
const WORDS = ["id", "name", "status", "limit", "cursor", "tags", "owner", "created", "amount"];

/** One property schema of a randomly chosen kind; `depth` bounds nesting. */
function propertySchema(depth: number): Schema {
  const kinds = depth > 1 ? 9 : 12;
  switch (int(kinds)) {
    case 0:
      return { type: "string", description: `A ${pick(WORDS)} value` };
    case 1:
      return { type: "string", format: pick(["date-time", "date", "email", "uri", "uuid"]) };
    case 2:
      return { type: "integer", minimum: 0, maximum: 1 + int(1000) };
    case 3:
      return { type: "number", exclusiveMinimum: 0, default: 1 };
    case 4:
      return { type: "boolean", default: int(2) === 0 };
    case 5:
      return { type: "string", enum: ["low", "medium", "high"].slice(0, 2 + int(2)) };
    case 6:
      return { type: "array", items: { type: "string" }, maxItems: 1 + int(50) };
    case 7:
      return { type: ["string", "null"], pattern: "^[a-z0-9-]+$" };
    case 8:
      return { anyOf: [{ type: "string" }, { type: "integer" }] };
    case 9:
      return objectSchema(depth + 1, int(2) === 0);
    case 10:
      return { type: "array", items: objectSchema(depth + 1, true) };
    default:
      return {
        type: "array",
        prefixItems: [{ type: "number" }, { type: "number" }],
        items: false,
        minItems: 2,
      };
  }
}

function objectSchema(depth: number, closed: boolean): Schema {
  const count = 1 + int(depth === 0 ? 8 : 4);
  const properties: Schema = {};
  for (let i = 0; i < count; i += 1) properties[`${pick(WORDS)}${i}`] = propertySchema(depth);
  const names = Object.keys(properties);
  const required = names.filter(() => int(3) === 0);
  return {
    type: "object",
    properties,
    ...(required.length === 0 ? {} : { required }),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

/** Every tenth tool is a union of two shapes, every seventh references a shared definition. */
function inputSchema(index: number): Schema {
  if (index % 10 === 3) {
    return {
      type: "object",
      oneOf: [
        {
          properties: { mode: { const: "by_id" }, id: { type: "string" } },
          required: ["mode", "id"],
        },
        {
          properties: { mode: { const: "by_query" }, query: { type: "string", minLength: 1 } },
          required: ["mode", "query"],
        },
      ],
    };
  }
  const schema = objectSchema(0, index % 4 === 0);
  if (index % 7 === 0) {
    return {
      ...schema,
      $defs: { page: { type: "object", properties: { size: { type: "integer", minimum: 1 } } } },
      properties: { ...(schema.properties as Schema), page: { $ref: "#/$defs/page" } },
    };
  }
  return schema;
}

function tool(index: number): Tool {
  const name = `${pick(VERBS)}${pick(SEPARATORS)}${pick(NOUNS)}`;
  return {
    name: `${name}${index % 5 === 0 ? "" : `_${index}`}`,
    ...(index % 3 === 0 ? { title: `Tool number ${index}` } : {}),
    description: `Generated tool ${index}: ${name.replace(/[_./-]/g, " ")}.`,
    inputSchema: inputSchema(index) as Tool["inputSchema"],
    ...(index % 2 === 0 ? { outputSchema: objectSchema(0, index % 6 === 0) } : {}),
    ...(index % 9 === 0 ? { annotations: { readOnlyHint: true, openWorldHint: false } } : {}),
  };
}

/** Tools can repeat a generated name; a server would not list a name twice, so drop repeats. */
function uniqueTools(): Tool[] {
  const byName = new Map<string, Tool>();
  for (let index = 0; byName.size < TOOL_COUNT; index += 1) {
    const candidate = tool(index);
    if (!byName.has(candidate.name)) byName.set(candidate.name, candidate);
  }
  return [...byName.values()];
}

const prompts: Prompt[] = Array.from({ length: 12 }, (_, index) => ({
  name: `prompt_${index}`,
  description: `Generated prompt ${index}.`,
  arguments: Array.from({ length: index % 4 }, (_, arg) => ({
    name: `${WORDS[arg]!}`,
    required: arg === 0,
  })),
}));

const resources: Resource[] = Array.from({ length: 12 }, (_, index) => ({
  uri: `large://static/${index}`,
  name: `static_${index}`,
  mimeType: index % 2 === 0 ? "text/plain" : "application/json",
}));

const resourceTemplates: ResourceTemplate[] = Array.from({ length: 8 }, (_, index) => ({
  uriTemplate: `large://${NOUNS[index]!}/{id}${index % 2 === 0 ? "{?fields*}" : "{/path*}"}`,
  name: `${NOUNS[index]!}_by_id`,
}));

const snapshot = createSnapshot({
  name: "large",
  server: { name: "large-server", version: "1.0.0" },
  protocolVersion: "2026-07-28",
  supportedVersions: ["2026-07-28", "2025-11-25"],
  capabilities: { tools: {}, prompts: {}, resources: {} },
  clientCapabilities: {},
  tools: uniqueTools(),
  prompts,
  resources,
  resourceTemplates,
});

// Formatted like every other corpus snapshot, so `prettier --check` passes.
writeFileSync(OUTPUT, await corpusSnapshotText(snapshot, OUTPUT));
