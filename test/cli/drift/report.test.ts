import { describe, expect, it } from "vitest";
import { classifyDrift, formatDriftReport } from "../../../cli/drift/report.js";
import type { Tool } from "../../../runtime/protocol/types.js";
import type { Snapshot } from "../../../templates/snapshot.js";
import { props, readme, snapshot, summarize, weather, withPrompt } from "./helpers.js";

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

  it("sorts breaking first, then needs-review, then compatible; then by subject, kind and detail", () => {
    const changes = classifyDrift(before, after).changes;
    expect(changes.map((c) => `${c.severity} ${c.subject} ${c.kind}`)).toEqual([
      'breaking prompt "summarize" prompt-removed',
      'breaking tool "a" tool-removed',
      'breaking tool "b" tool-removed',
      'breaking tool "get_weather" input-property-required',
      'needs-review tool "get_weather" tool-description-changed',
      'compatible resource "readme" resource-added',
      'compatible tool "c" tool-added',
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
        "Contract drift: 2 breaking changes, 0 changes to review, 1 compatible change",
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
        "Contract drift: 0 breaking changes, 0 changes to review, 1 compatible change",
        "",
        "Compatible:",
        '  prompt "summarize": added [prompt-added]',
      ].join("\n"),
    );
  });
});
