import { describe, expect, it } from "vitest";
import { classifyDrift } from "../../../cli/drift/report.js";
import type { Resource, ResourceTemplate } from "../../../runtime/protocol/types.js";
import type { Snapshot } from "../../../templates/snapshot.js";
import { readme, snapshot, withPrompt, type Want } from "./helpers.js";

const P = 'prompt "summarize"';

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
        "needs-review",
        "prompt-argument-description-changed",
        P,
        'argument "style": description changed',
      ],
      ["needs-review", "prompt-title-changed", P, 'title changed from none to "Summary"'],
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
      ["needs-review", "resource-description-changed", 'resource "readme"', "description added"],
    ],
  ],
  [
    "a resource's title and a template's description changed",
    withResources(),
    withResources({ title: "Read me first" }, { description: "Now with hourly data" }),
    [
      [
        "needs-review",
        "resource-title-changed",
        'resource "readme"',
        'title changed from none to "Read me first"',
      ],
      [
        "needs-review",
        "resource-template-description-changed",
        'resource template "forecast"',
        "description added",
      ],
    ],
  ],
];

describe("classifyDrift: prompts and resources", () => {
  it.each(ENTITIES)("%s", (_, before, after, want) => {
    const report = classifyDrift(before, after);
    expect(report.changes.map((c) => [c.severity, c.kind, c.subject, c.detail])).toEqual(want);
    expect(report.breaking).toBe(want.some(([severity]) => severity === "breaking"));
    expect(report.needsReview).toBe(want.some(([severity]) => severity === "needs-review"));
  });
});
