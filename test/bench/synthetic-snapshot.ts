/**
 * A deterministic synthetic server contract for the generator benchmark: N tools whose schemas
 * vary the way real servers' do (enums, nesting, arrays, `$ref`/`$defs`, unions, output schemas).
 */
import type { Snapshot } from "../../templates/snapshot.js";
import type { Tool } from "../../runtime/protocol/types.js";
import { toolsSnapshot } from "../support/tools-snapshot.js";

function inputSchema(i: number): Tool["inputSchema"] {
  const base = {
    type: "object" as const,
    properties: {
      id: { type: "string", description: `Identifier of item ${i}`, minLength: 1 },
      mode: { type: "string", enum: ["fast", "safe", "balanced"], default: "safe" },
      limit: { type: "integer", minimum: 1, maximum: 100 },
      tags: { type: "array", items: { type: "string" }, maxItems: 10 },
      filter: {
        type: "object",
        properties: {
          field: { type: "string" },
          op: { enum: ["eq", "lt", "gt"] },
          value: { type: ["string", "number", "null"] },
        },
        required: ["field", "op"],
        additionalProperties: false,
      },
    },
    required: ["id"],
  };
  switch (i % 4) {
    case 0:
      return base;
    case 1:
      return {
        ...base,
        properties: { ...base.properties, node: { $ref: "#/$defs/Node" } },
        $defs: {
          Node: {
            type: "object",
            properties: {
              name: { type: "string" },
              children: { type: "array", items: { $ref: "#/$defs/Node" } },
            },
            required: ["name"],
          },
        },
      };
    case 2:
      return {
        type: "object",
        oneOf: [
          {
            type: "object",
            properties: { kind: { const: "a" }, a: { type: "number" } },
            required: ["kind", "a"],
          },
          {
            type: "object",
            properties: { kind: { const: "b" }, b: { type: "boolean" } },
            required: ["kind", "b"],
          },
        ],
      };
    default:
      return {
        ...base,
        properties: {
          ...base.properties,
          extra: { type: "object", additionalProperties: { type: "number" } },
        },
      };
  }
}

function outputSchema(i: number): Tool["outputSchema"] {
  if (i % 3 === 0) return undefined;
  return {
    type: "object",
    properties: {
      ok: { type: "boolean" },
      items: {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "string" }, score: { type: "number" } },
          required: ["id"],
        },
      },
    },
    required: ["ok"],
  };
}

/** A snapshot of a server with `count` tools. */
export function syntheticSnapshot(count: number): Snapshot {
  const tools: Tool[] = [];
  for (let i = 0; i < count; i++) {
    const output = outputSchema(i);
    tools.push({
      name: `tool_${String(i).padStart(4, "0")}.${["get", "list", "update", "delete"][i % 4]}`,
      title: `Tool number ${i}`,
      description: `Does thing ${i}. Handles ids, modes and filters; returns a page of items.`,
      inputSchema: inputSchema(i),
      ...(output === undefined ? {} : { outputSchema: output }),
      annotations: { readOnlyHint: i % 2 === 0 },
    });
  }
  return toolsSnapshot("synthetic", tools);
}
