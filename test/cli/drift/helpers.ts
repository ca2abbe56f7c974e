import type { DriftChange } from "../../../cli/drift/report.js";
import type { Prompt, Resource, Tool } from "../../../runtime/protocol/types.js";
import type { Snapshot } from "../../../templates/snapshot.js";

/** A snapshot of the demo server with no tools, prompts or resources, overridden by `parts`. */
export function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
  return {
    formatVersion: 1,
    name: "demo",
    server: { name: "demo-server", version: "1.0.0" },
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {}, prompts: {}, resources: {} },
    clientCapabilities: {},
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...parts,
  };
}

/** The get_weather tool's input schema. */
export const WEATHER_INPUT = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name" },
    units: { type: "string", enum: ["metric", "imperial"] },
    days: { type: "integer" },
  },
  required: ["city"],
};

/** The get_weather tool's output schema. */
export const WEATHER_OUTPUT = {
  type: "object",
  properties: {
    temperature: { type: "number" },
    conditions: { type: "string", enum: ["sunny", "rainy"] },
    humidity: { type: "number" },
  },
  required: ["temperature", "conditions"],
};

/** get_weather with `change` merged into its schemas; `output: null` drops the output schema. */
export function weather(
  change: { input?: object; output?: object | null; extra?: Partial<Tool> } = {},
): Tool {
  const tool: Tool = {
    name: "get_weather",
    description: "Current weather",
    inputSchema: { ...WEATHER_INPUT, ...change.input } as Tool["inputSchema"],
    ...change.extra,
  };
  if (change.output !== null) tool.outputSchema = { ...WEATHER_OUTPUT, ...change.output };
  return tool;
}

/** The get_weather input properties with `extra` merged in. */
export const props = (extra: Record<string, unknown>) => ({
  ...WEATHER_INPUT.properties,
  ...extra,
});

/** One expected change: severity, kind, subject and detail. */
export type Want = [DriftChange["severity"], string, string, string];

/** A prompt with one required and one optional argument. */
export const summarize: Prompt = {
  name: "summarize",
  description: "Summarize a text",
  arguments: [
    { name: "text", required: true },
    { name: "style", description: "Tone" },
  ],
};

/** A snapshot holding only `summarize`, with `change` merged in. */
export const withPrompt = (change: Partial<Prompt> = {}) =>
  snapshot({ prompts: [{ ...summarize, ...change }] });

/** A static resource. */
export const readme: Resource = {
  uri: "file:///README.md",
  name: "readme",
  mimeType: "text/markdown",
};
