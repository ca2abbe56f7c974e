import { describe, expect, it } from "vitest";
import { classifyDrift, formatDriftReport, type DriftChange } from "../../cli/drift.js";
import type { Prompt, Resource, ResourceTemplate, Tool } from "../../runtime/types.js";
import type { Snapshot } from "../../templates/snapshot.js";

function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
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

const WEATHER_INPUT = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name" },
    units: { type: "string", enum: ["metric", "imperial"] },
    days: { type: "integer" },
  },
  required: ["city"],
};
const WEATHER_OUTPUT = {
  type: "object",
  properties: {
    temperature: { type: "number" },
    conditions: { type: "string", enum: ["sunny", "rainy"] },
    humidity: { type: "number" },
  },
  required: ["temperature", "conditions"],
};

function weather(
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

const withTools = (...tools: Tool[]) => snapshot({ tools });
const props = (extra: Record<string, unknown>) => ({ ...WEATHER_INPUT.properties, ...extra });
const outProps = (extra: Record<string, unknown>) => ({ ...WEATHER_OUTPUT.properties, ...extra });
const without = <T extends Record<string, unknown>>(record: T, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

type Want = [DriftChange["severity"], string, string, string];
const T = 'tool "get_weather"';

// [what, before, after, want changes in report order]
const TABLE: readonly (readonly [string, Snapshot, Snapshot, Want[]])[] = [
  ["identical snapshots", withTools(weather()), withTools(weather()), []],
  [
    "a tool removed",
    withTools(weather(), { name: "old", inputSchema: { type: "object" } }),
    withTools(weather()),
    [["breaking", "tool-removed", 'tool "old"', "removed"]],
  ],
  [
    "a tool added",
    withTools(weather()),
    withTools(weather(), { name: "new_tool", inputSchema: { type: "object" } }),
    [["compatible", "tool-added", 'tool "new_tool"', "added"]],
  ],
  [
    "a new required argument",
    withTools(weather()),
    withTools(
      weather({
        input: { properties: props({ key: { type: "string" } }), required: ["city", "key"] },
      }),
    ),
    [["breaking", "input-required-property-added", T, 'argument "key": added, required']],
  ],
  [
    "an existing argument made required",
    withTools(weather()),
    withTools(weather({ input: { required: ["city", "units"] } })),
    [["breaking", "input-property-required", T, 'argument "units": now required']],
  ],
  [
    "an optional argument added",
    withTools(weather()),
    withTools(weather({ input: { properties: props({ lang: { type: "string" } }) } })),
    [["compatible", "input-property-added", T, 'argument "lang": added, optional']],
  ],
  [
    "an argument removed",
    withTools(weather()),
    withTools(weather({ input: { properties: without(WEATHER_INPUT.properties, "days") } })),
    [["breaking", "input-property-removed", T, 'argument "days": removed']],
  ],
  [
    "an argument made optional",
    withTools(weather()),
    withTools(weather({ input: { required: [] } })),
    [["compatible", "input-property-optional", T, 'argument "city": no longer required']],
  ],
  [
    "an argument's type changed from string to number",
    withTools(weather()),
    withTools(
      weather({
        input: { properties: props({ city: { type: "number", description: "City name" } }) },
      }),
    ),
    [["breaking", "input-type-changed", T, 'argument "city": type changed from string to number']],
  ],
  [
    "an argument's type widened from integer to number",
    withTools(weather()),
    withTools(weather({ input: { properties: props({ days: { type: "number" } }) } })),
    [
      [
        "compatible",
        "input-type-widened",
        T,
        'argument "days": type changed from integer to number',
      ],
    ],
  ],
  [
    "an argument's type narrowed from number to integer",
    withTools(weather({ input: { properties: props({ days: { type: "number" } }) } })),
    withTools(weather()),
    [
      [
        "breaking",
        "input-type-narrowed",
        T,
        'argument "days": type changed from number to integer',
      ],
    ],
  ],
  [
    "an input enum narrowed",
    withTools(weather()),
    withTools(
      weather({ input: { properties: props({ units: { type: "string", enum: ["metric"] } }) } }),
    ),
    [["breaking", "input-enum-narrowed", T, 'argument "units": no longer allows "imperial"']],
  ],
  [
    "an input enum widened",
    withTools(weather()),
    withTools(
      weather({
        input: {
          properties: props({ units: { type: "string", enum: ["metric", "imperial", "kelvin"] } }),
        },
      }),
    ),
    [["compatible", "input-enum-widened", T, 'argument "units": now also allows "kelvin"']],
  ],
  [
    "additionalProperties turned false",
    withTools(weather()),
    withTools(weather({ input: { additionalProperties: false } })),
    [
      [
        "breaking",
        "input-additional-properties-closed",
        T,
        "input schema: additionalProperties turned false: unknown properties are rejected now",
      ],
    ],
  ],
  [
    "an output property removed",
    withTools(weather()),
    withTools(weather({ output: { properties: without(WEATHER_OUTPUT.properties, "humidity") } })),
    [["breaking", "output-property-removed", T, 'output "humidity": removed']],
  ],
  [
    "an output property made optional",
    withTools(weather()),
    withTools(weather({ output: { required: ["temperature"] } })),
    [["breaking", "output-property-optional", T, 'output "conditions": no longer required']],
  ],
  [
    "an output property's type changed",
    withTools(weather()),
    withTools(weather({ output: { properties: outProps({ temperature: { type: "string" } }) } })),
    [
      [
        "breaking",
        "output-type-changed",
        T,
        'output "temperature": type changed from number to string',
      ],
    ],
  ],
  [
    "an output type narrowed (compatible: fewer values to read)",
    withTools(weather()),
    withTools(weather({ output: { properties: outProps({ temperature: { type: "integer" } }) } })),
    [
      [
        "compatible",
        "output-type-narrowed",
        T,
        'output "temperature": type changed from number to integer',
      ],
    ],
  ],
  [
    "an output enum widened",
    withTools(weather()),
    withTools(
      weather({
        output: {
          properties: outProps({
            conditions: { type: "string", enum: ["sunny", "rainy", "snowy"] },
          }),
        },
      }),
    ),
    [["breaking", "output-enum-widened", T, 'output "conditions": now also allows "snowy"']],
  ],
  [
    "an output enum narrowed",
    withTools(weather()),
    withTools(
      weather({
        output: { properties: outProps({ conditions: { type: "string", enum: ["sunny"] } }) },
      }),
    ),
    [["compatible", "output-enum-narrowed", T, 'output "conditions": no longer allows "rainy"']],
  ],
  [
    "an output property added",
    withTools(weather()),
    withTools(weather({ output: { properties: outProps({ wind: { type: "number" } }) } })),
    [["compatible", "output-property-added", T, 'output "wind": added, optional']],
  ],
  [
    "an output property added where additionalProperties was false",
    withTools(weather({ output: { additionalProperties: false } })),
    withTools(
      weather({
        output: { additionalProperties: false, properties: outProps({ wind: { type: "number" } }) },
      }),
    ),
    [["breaking", "output-property-added", T, 'output "wind": added, optional']],
  ],
  [
    "the output schema removed",
    withTools(weather()),
    withTools(weather({ output: null })),
    [
      [
        "breaking",
        "output-schema-removed",
        T,
        "output schema removed: structured results are no longer promised",
      ],
    ],
  ],
  [
    "an output schema added",
    withTools(weather({ output: null })),
    withTools(weather()),
    [["compatible", "output-schema-added", T, "output schema added"]],
  ],
  [
    "descriptions, titles and annotations changed",
    withTools(weather({ extra: { annotations: { readOnlyHint: true } } })),
    withTools(
      weather({
        input: { properties: props({ city: { type: "string", description: "The city" } }) },
        extra: {
          title: "Weather",
          description: "Weather now",
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
      }),
    ),
    [
      ["compatible", "input-annotation-changed", T, 'argument "city": description changed'],
      [
        "compatible",
        "tool-annotations-changed",
        T,
        "annotations: openWorldHint changed from none to true",
      ],
      ["compatible", "tool-description-changed", T, "description changed"],
      ["compatible", "tool-title-changed", T, 'title changed from none to "Weather"'],
    ],
  ],
  [
    "versions changed",
    snapshot(),
    snapshot({ server: { name: "demo-server", version: "1.1.0" }, protocolVersion: "2025-11-25" }),
    [
      [
        "compatible",
        "protocol-version-changed",
        "server",
        'protocol version changed from "2026-07-28" to "2025-11-25"',
      ],
      ["compatible", "server-version-changed", "server", 'version changed from "1.0.0" to "1.1.0"'],
    ],
  ],
  [
    "a capability removed",
    snapshot({ capabilities: { tools: {}, completions: {} } }),
    snapshot({ capabilities: { tools: { listChanged: true }, logging: {} } }),
    [
      ["breaking", "capability-removed", "server", "capability completions no longer offered"],
      ["compatible", "capability-added", "server", "capability logging now offered"],
      ["compatible", "capability-changed", "server", "capability tools options changed"],
    ],
  ],
];

describe("classifyDrift: tools and server", () => {
  it.each(TABLE)("%s", (_, before, after, want) => {
    const report = classifyDrift(before, after);
    expect(report.changes.map((c) => [c.severity, c.kind, c.subject, c.detail])).toEqual(want);
    expect(report.breaking).toBe(want.some(([severity]) => severity === "breaking"));
  });
});

const summarize: Prompt = {
  name: "summarize",
  description: "Summarize a text",
  arguments: [
    { name: "text", required: true },
    { name: "style", description: "Tone" },
  ],
};
const withPrompt = (change: Partial<Prompt> = {}) =>
  snapshot({ prompts: [{ ...summarize, ...change }] });
const P = 'prompt "summarize"';

const readme: Resource = { uri: "file:///README.md", name: "readme", mimeType: "text/markdown" };
const forecast: ResourceTemplate = {
  uriTemplate: "weather://{city}/forecast{?days}",
  name: "forecast",
};
const withResources = (
  resource: Partial<Resource> = {},
  template: Partial<ResourceTemplate> = {},
) =>
  snapshot({
    resources: [{ ...readme, ...resource }],
    resourceTemplates: [{ ...forecast, ...template }],
  });

// [what, before, after, want changes in report order]
const ENTITIES: readonly (readonly [string, Snapshot, Snapshot, Want[]])[] = [
  ["a prompt removed", withPrompt(), snapshot(), [["breaking", "prompt-removed", P, "removed"]]],
  ["a prompt added", snapshot(), withPrompt(), [["compatible", "prompt-added", P, "added"]]],
  [
    "a prompt argument newly required",
    withPrompt(),
    withPrompt({
      arguments: [
        { name: "text", required: true },
        { name: "style", description: "Tone", required: true },
      ],
    }),
    [["breaking", "prompt-argument-now-required", P, 'argument "style": now required']],
  ],
  [
    "a prompt argument no longer required",
    withPrompt(),
    withPrompt({ arguments: [{ name: "text" }, { name: "style", description: "Tone" }] }),
    [["compatible", "prompt-argument-now-optional", P, 'argument "text": no longer required']],
  ],
  [
    "prompt arguments added, required and optional, and one removed",
    withPrompt(),
    withPrompt({
      arguments: [
        { name: "text", required: true },
        { name: "language", required: true },
        { name: "length" },
      ],
    }),
    [
      ["breaking", "prompt-argument-removed", P, 'argument "style": removed'],
      ["breaking", "prompt-argument-required-added", P, 'argument "language": added, required'],
      ["compatible", "prompt-argument-added", P, 'argument "length": added, optional'],
    ],
  ],
  [
    "a prompt argument's description and the prompt's title changed",
    withPrompt(),
    withPrompt({
      title: "Summary",
      arguments: [
        { name: "text", required: true },
        { name: "style", description: "Voice" },
      ],
    }),
    [
      [
        "compatible",
        "prompt-argument-description-changed",
        P,
        'argument "style": description changed',
      ],
      ["compatible", "prompt-title-changed", P, 'title changed from none to "Summary"'],
    ],
  ],
  [
    "a static resource removed",
    withResources(),
    snapshot({ resourceTemplates: [forecast] }),
    [["breaking", "resource-removed", 'resource "readme"', "removed"]],
  ],
  [
    "a resource template removed",
    withResources(),
    snapshot({ resources: [readme] }),
    [["breaking", "resource-template-removed", 'resource template "forecast"', "removed"]],
  ],
  [
    "a resource and a template added",
    snapshot(),
    withResources(),
    [
      ["compatible", "resource-added", 'resource "readme"', "added"],
      ["compatible", "resource-template-added", 'resource template "forecast"', "added"],
    ],
  ],
  [
    "a template's variables changed",
    withResources(),
    withResources({}, { uriTemplate: "weather://{city}/forecast{?days,units}" }),
    [
      [
        "breaking",
        "resource-template-variables-changed",
        'resource template "forecast"',
        'variables changed from ["city", "days"] to ["city", "days", "units"]: uriTemplate changed from "weather://{city}/forecast{?days}" to "weather://{city}/forecast{?days,units}"',
      ],
    ],
  ],
  [
    "a template's text changed, its variables not",
    withResources(),
    withResources({}, { uriTemplate: "weather://forecast/{city}{?days}" }),
    [
      [
        "breaking",
        "resource-template-uri-changed",
        'resource template "forecast"',
        'uriTemplate changed from "weather://{city}/forecast{?days}" to "weather://forecast/{city}{?days}"; clients built for the old one expand URIs the old way',
      ],
    ],
  ],
  [
    "a resource's URI and MIME type changed, its description added",
    withResources(),
    withResources({
      uri: "file:///docs/README.md",
      mimeType: "text/plain",
      description: "Read me",
    }),
    [
      [
        "breaking",
        "resource-mime-type-changed",
        'resource "readme"',
        'mimeType changed from "text/markdown" to "text/plain"; clients may decode the contents the old way',
      ],
      [
        "breaking",
        "resource-uri-changed",
        'resource "readme"',
        'uri changed from "file:///README.md" to "file:///docs/README.md"',
      ],
      ["compatible", "resource-description-changed", 'resource "readme"', "description added"],
    ],
  ],
];

describe("classifyDrift: prompts and resources", () => {
  it.each(ENTITIES)("%s", (_, before, after, want) => {
    const report = classifyDrift(before, after);
    expect(report.changes.map((c) => [c.severity, c.kind, c.subject, c.detail])).toEqual(want);
    expect(report.breaking).toBe(want.some(([severity]) => severity === "breaking"));
  });
});

describe("classifyDrift: order and safety", () => {
  const before = snapshot({
    tools: [
      weather(),
      { name: "a", inputSchema: { type: "object" } },
      { name: "b", inputSchema: { type: "object" } },
    ],
    prompts: [summarize],
  });
  const after = snapshot({
    tools: [
      { name: "c", inputSchema: { type: "object" } },
      weather({ input: { required: ["city", "days"] }, extra: { description: "Now" } }),
    ],
    prompts: [],
    resources: [readme],
  });

  it("does not depend on the order of the snapshots' lists", () => {
    const reversed = (s: Snapshot): Snapshot => ({
      ...s,
      tools: [...s.tools].reverse(),
      prompts: [...s.prompts].reverse(),
    });
    expect(classifyDrift(reversed(before), reversed(after))).toEqual(classifyDrift(before, after));
  });

  it("sorts breaking first, then by subject, kind and detail", () => {
    const changes = classifyDrift(before, after).changes;
    expect(changes.map((c) => `${c.severity} ${c.subject} ${c.kind}`)).toEqual([
      'breaking prompt "summarize" prompt-removed',
      'breaking tool "a" tool-removed',
      'breaking tool "b" tool-removed',
      'breaking tool "get_weather" input-property-required',
      'compatible resource "readme" resource-added',
      'compatible tool "c" tool-added',
      'compatible tool "get_weather" tool-description-changed',
    ]);
  });

  it("quotes and escapes names a server sent", () => {
    const evil = "x\u001b[2J\u202e\nnext";
    const report = classifyDrift(
      snapshot({ tools: [{ name: evil, inputSchema: { type: "object" } }] }),
      snapshot(),
    );
    expect(report.changes[0]?.subject).toBe('tool "x\\u001b[2J\\u202e\\nnext"');
    const unsafe = [...formatDriftReport(report)].filter((char) => {
      const code = char.codePointAt(0)!;
      return (code < 0x20 && char !== "\n") || code === 0x202e;
    });
    expect(unsafe).toEqual([]);
  });

  it("matches a tool name repeated by a buggy server by occurrence", () => {
    const dup = (description: string): Tool => ({
      name: "dup",
      description,
      inputSchema: { type: "object" },
    });
    const report = classifyDrift(
      snapshot({ tools: [dup("a"), dup("b")] }),
      snapshot({ tools: [dup("a")] }),
    );
    expect(report.changes.map((c) => [c.kind, c.subject])).toEqual([
      ["tool-removed", 'tool "dup"'],
    ]);
  });
});

describe("formatDriftReport", () => {
  it("says so when nothing changed", () => {
    expect(formatDriftReport(classifyDrift(snapshot(), snapshot()))).toBe("No contract drift.");
  });

  it("lists breaking changes first, one line each", () => {
    const before = snapshot({
      tools: [weather(), { name: "old", inputSchema: { type: "object" } }],
    });
    const after = snapshot({
      server: { name: "demo-server", version: "2.0.0" },
      tools: [
        weather({ input: { properties: props({ units: { type: "string", enum: ["metric"] } }) } }),
      ],
    });
    expect(formatDriftReport(classifyDrift(before, after))).toBe(
      [
        "Contract drift: 2 breaking changes, 1 compatible change",
        "",
        "Breaking:",
        '  tool "get_weather": argument "units": no longer allows "imperial" [input-enum-narrowed]',
        '  tool "old": removed [tool-removed]',
        "",
        "Compatible:",
        '  server: version changed from "1.0.0" to "2.0.0" [server-version-changed]',
      ].join("\n"),
    );
  });

  it("leaves out an empty section", () => {
    const text = formatDriftReport(classifyDrift(snapshot(), withPrompt()));
    expect(text).toBe(
      [
        "Contract drift: 0 breaking changes, 1 compatible change",
        "",
        "Compatible:",
        '  prompt "summarize": added [prompt-added]',
      ].join("\n"),
    );
  });
});
