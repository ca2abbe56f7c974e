/**
 * The official MCP conformance suite's client scenarios for each revision the runtime speaks
 * (`conformance client --requirements 2026-07-28`, and `2025-11-25` for the initialize era),
 * run against client.ts on the runtime. Each passes only when the scenarios that fail are
 * exactly those its expected-failures file lists: a new failure fails it, and so does a listed
 * scenario that now passes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { readSingle, runHarness } from "./harness.js";

/** Each requirement set, with the file listing the scenarios of it the runtime fails. */
const REVISIONS = [
  { revision: "2026-07-28", file: "expected-failures.yaml" },
  { revision: "2025-11-25", file: "expected-failures-2025-11-25.yaml" },
];

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
function scoredScenarios(revision: string): string[] {
  const manifest = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/conformance/package.json",
  );
  return clientList(join(dirname(manifest), "requirements", `${revision}.yaml`));
}

describe.each(REVISIONS)(
  "MCP conformance, client scenarios required by $revision",
  ({ revision, file }) => {
    it(`fails exactly the scenarios ${file} lists`, { timeout: 240_000 }, async () => {
      const expectedFailures = join(REPOSITORY_ROOT, "test", "conformance", file);
      const scored = scoredScenarios(revision);
      const expected = clientList(expectedFailures);
      // The baseline only names scenarios the revision scores, and a handful at least runs.
      expect(expected.filter((name) => !scored.includes(name))).toEqual([]);
      expect(scored.length).toBeGreaterThan(expected.length);

      const run = await runHarness([
        "--requirements",
        revision,
        "--expected-failures",
        expectedFailures,
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
      // A mock that judges only what it receives passes a client that never reached it (the
      // `initialize` mock records its checks on `initialize` alone): no check passed, no pass.
      const vacuous = run.outcomes
        .filter((outcome) => scored.includes(outcome.scenario) && /: 0 passed/.test(outcome.line))
        .map((outcome) => outcome.scenario);
      expect(
        vacuous.filter((name) => !expected.includes(name)),
        "passed without a single check",
      ).toEqual([]);
      expect(failing.sort(), summary).toEqual([...expected].sort());
      // The harness agrees: no unexpected failure, no stale entry.
      expect(run.exitCode, summary).toBe(0);
    });
  },
);

/**
 * The skills extension's client scenarios (SEP-2640), which no requirement set scores yet: each
 * run by name. The harness passes a scenario whose client never reached the mock (its checks are
 * skipped), so each must pass with at least one check and none failed or warned.
 */
const SKILLS_SCENARIOS = [
  "sep-2640-client-no-prefetch",
  "sep-2640-client-verify-digest",
  "sep-2640-client-verify-size",
  "sep-2640-client-verify-frontmatter",
];

describe("MCP conformance, the skills extension's client scenarios", () => {
  it.each(SKILLS_SCENARIOS)("%s passes with checks", { timeout: 120_000 }, async (scenario) => {
    const run = await runHarness(["--scenario", scenario]);
    const counts = readSingle(run.output);
    expect(counts, run.output).toBeDefined();
    expect(counts?.passed, run.output).toBeGreaterThan(0);
    expect({ failed: counts?.failed, warnings: counts?.warnings }, run.output).toEqual({
      failed: 0,
      warnings: 0,
    });
    expect(run.exitCode, run.output).toBe(0);
  });
});
