/**
 * Runs the official MCP conformance harness (`@modelcontextprotocol/conformance`, on Node 22)
 * against client.ts (on the Node running this, 20 in CI), and reads its suite summary.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { harnessNode } from "./node22.js";

/** Per scenario: a harness waits this long for the client before it fails it. */
export const SCENARIO_TIMEOUT_MS = 20_000;

export interface ScenarioOutcome {
  scenario: string;
  /** No check failed and none warned; a skipped scenario counts as passed. */
  passed: boolean;
  /** The harness's own summary line. */
  line: string;
}

export interface HarnessRun {
  exitCode: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  outcomes: ScenarioOutcome[];
  /** The `Total: …` line. */
  total: string;
}

/**
 * Bundles client.ts, with the runtime from its sources, into one ES module under .tmp/, so each
 * scenario starts a plain `node` (no TypeScript loader) on the code as it is now.
 */
export async function buildClient(): Promise<string> {
  const outfile = join(REPOSITORY_ROOT, ".tmp", "conformance", "client.mjs");
  await build({
    entryPoints: [join(REPOSITORY_ROOT, "test", "conformance", "client.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "silent",
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    alias: { "@mcp-codegen/runtime": join(REPOSITORY_ROOT, "runtime", "node", "index.ts") },
  });
  return outfile;
}

/**
 * Runs `conformance client` with `args` (`--suite all`, `--requirements 2026-07-28`, …); `echo`
 * copies its output to this process's as it comes.
 */
export async function runHarness(args: readonly string[], echo = false): Promise<HarnessRun> {
  const [node, client] = await Promise.all([harnessNode(), buildClient()]);
  const cli = harnessCli();
  // The harness splits --command on spaces and runs it in a shell.
  const command = `${process.execPath} ${client}`;
  const child = spawn(
    node,
    [cli, "client", "--command", command, "--timeout", String(SCENARIO_TIMEOUT_MS), ...args],
    { cwd: REPOSITORY_ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    from.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) to.write(chunk);
    });
  }
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  return { exitCode, output, ...readSummary(output) };
}

/** The harness's CLI script, from its package.json `bin` (the package has no `main`). */
function harnessCli(): string {
  const manifest = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/conformance/package.json",
  );
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { conformance: string } };
  return join(dirname(manifest), bin.conformance);
}

/**
 * The `=== SUITE SUMMARY ===` block: `✓ name: 3 passed, 0 failed`, `- name: skipped`. A single
 * `--scenario` run prints none: no outcomes.
 */
export function readSummary(output: string): Pick<HarnessRun, "outcomes" | "total"> {
  const start = output.indexOf("=== SUITE SUMMARY ===");
  if (start === -1) return { outcomes: [], total: "" };
  const outcomes: ScenarioOutcome[] = [];
  let total = "";
  for (const line of output.slice(start).split("\n")) {
    const scored = /^([✓✗]) (\S+): \d+ passed/.exec(line);
    const skipped = /^- (\S+): skipped$/.exec(line);
    if (scored !== null) outcomes.push({ scenario: scored[2]!, passed: scored[1] === "✓", line });
    else if (skipped !== null) outcomes.push({ scenario: skipped[1]!, passed: true, line });
    else if (line.startsWith("Total: ")) total = line;
  }
  return { outcomes, total };
}

/** The closing line of a single `--scenario` run: `Passed: 1/1, 0 failed, 0 warnings`. */
export interface SingleRun {
  passed: number;
  failed: number;
  warnings: number;
}

/** The counts of a single-scenario run, or undefined when its output has no closing line. */
export function readSingle(output: string): SingleRun | undefined {
  const line = /^Passed: (\d+)\/\d+, (\d+) failed, (\d+) warnings$/m.exec(output);
  if (line === null) return undefined;
  return { passed: Number(line[1]), failed: Number(line[2]), warnings: Number(line[3]) };
}
