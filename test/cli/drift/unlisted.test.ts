/**
 * A list the server failed to give (the snapshot's `unlisted`) is unknown, not empty: `check
 * --live` does not report everything in it as removed (or added), and says it was not compared.
 */
import { describe, expect, it } from "vitest";
import { classifyDrift } from "../../../cli/drift/report.js";
import { readme, snapshot, summarize, weather } from "./helpers.js";

const failure = { code: -32603, message: "connect ECONNREFUSED 127.0.0.1:5432" };

describe("classifyDrift with lists the server failed to give", () => {
  const full = snapshot({ tools: [weather()], prompts: [summarize], resources: [readme] });

  it("does not report a section the live server failed as removed", () => {
    const live = { ...full, resources: [], unlisted: { resources: failure } };
    const report = classifyDrift(full, live);
    expect(report.breaking).toBe(false);
    expect(report.changes.map((c) => `${c.severity} ${c.subject} ${c.kind}: ${c.detail}`)).toEqual([
      'compatible server list-not-compared: resources not compared: the server failed resources/list now (-32603: "connect ECONNREFUSED 127.0.0.1:5432")',
    ]);
  });

  it("does not report a section the snapshot could not list as added", () => {
    const recorded = { ...full, prompts: [], unlisted: { prompts: failure } };
    const report = classifyDrift(recorded, full);
    expect(report.changes.map((c) => c.kind)).toEqual(["list-not-compared"]);
    expect(report.changes[0]!.detail).toContain("when the snapshot was taken");
  });

  it("still compares the lists that were read", () => {
    const live = { ...full, tools: [], resources: [], unlisted: { resources: failure } };
    const kinds = classifyDrift(full, live).changes.map((c) => `${c.severity} ${c.kind}`);
    expect(kinds).toEqual(["breaking tool-removed", "compatible list-not-compared"]);
  });
});
