/**
 * The official MCP conformance suite's client scenarios for the 2026-07-28 revision
 * (`conformance client --requirements 2026-07-28`), run against client.ts on the runtime. Passes
 * only when the scenarios that fail are exactly those expected-failures.yaml lists: a new
 * failure fails it, and so does a listed scenario that now passes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { runHarness } from "./harness.js";

const REVISION = "2026-07-28";
const EXPECTED_FAILURES = join(REPOSITORY_ROOT, "test", "conformance", "expected-failures.yaml");

/** The `client:` list of a YAML file whose top-level keys hold plain lists of names. */
function clientList(path: string): string[] {
  const names: string[] = [];
  let inClient = false;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (/^\S/.test(line)) inClient = line.startsWith("client:");
    const entry = /^\s+- ([^\s#]+)\s*(#.*)?$/.exec(line);
    if (inClient && entry !== null) names.push(entry[1]!);
  }
  return names;
}

/** The client scenarios the revision requires (its frozen list, shipped with the harness). */
function scoredScenarios(): string[] {
  const manifest = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/conformance/package.json",
  );
  return clientList(join(dirname(manifest), "requirements", `${REVISION}.yaml`));
}

describe(`MCP conformance, client scenarios required by ${REVISION}`, () => {
  it("fails exactly the scenarios expected-failures.yaml lists", { timeout: 240_000 }, async () => {
    const scored = scoredScenarios();
    const expected = clientList(EXPECTED_FAILURES);
    // The baseline only names scenarios the revision scores, and a handful at least runs.
    expect(expected.filter((name) => !scored.includes(name))).toEqual([]);
    expect(scored.length).toBeGreaterThan(expected.length);

    const run = await runHarness([
      "--requirements",
      REVISION,
      "--expected-failures",
      EXPECTED_FAILURES,
    ]);
    const ran = run.outcomes.map((outcome) => outcome.scenario);
    expect(
      scored.filter((name) => !ran.includes(name)),
      "scored but not run",
    ).toEqual([]);
    const failing = run.outcomes
      .filter((outcome) => !outcome.passed && scored.includes(outcome.scenario))
      .map((outcome) => outcome.scenario);
    const summary = run.output.slice(run.output.indexOf("=== SUITE SUMMARY ==="));
    expect(failing.sort(), summary).toEqual([...expected].sort());
    // The harness agrees: no unexpected failure, no stale entry.
    expect(run.exitCode, summary).toBe(0);
  });
});
