/**
 * `npm run bench:peers`: cold client generation side by side with mcporter, the alternative a
 * user would pick, against one live stdio server serving the synthetic N-tool catalog
 * (`synthetic-server.ts`, the same tools `bench:codegen` generates offline):
 * - ours: `mcp-codegen pull` from a fresh folder (no generation cache, empty output);
 * - mcporter: `emit-ts --mode client --include-optional` (client and declarations, every
 *   parameter spelled out: its fullest typing), run with Node 24 as it requires.
 * Both times include spawning the server, the handshake and listing its tools. Prints the medians,
 * the ratio (ours / mcporter) and what each emitted. mcporter is installed on first use into
 * .tmp/bench-peers (see `peer-install.ts`); without it the bench says why and exits 1.
 * Pass `--tools N` for another size, `--json` for raw figures, `--keep` to leave the outputs in
 * .tmp/bench-peers-run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emittedStats, type EmittedStats } from "./emitted-stats.js";
import { MCPORTER_VERSION, ensurePeer, type Peer } from "./peer-install.js";
import { syntheticServerStdio } from "./synthetic-server-command.js";
import { syntheticSnapshot } from "./synthetic-snapshot.js";

const ROOT = join(import.meta.dirname, "../..");
const args = process.argv.slice(2);
const toolsAt = args.indexOf("--tools");
const toolCount = toolsAt === -1 ? 1000 : Number(args[toolsAt + 1]);
if (!Number.isInteger(toolCount) || toolCount < 1) {
  console.error(`bench:peers: --tools takes a whole number of tools, at least 1`);
  process.exit(2);
}
const work = join(ROOT, ".tmp", "bench-peers-run");
const server = syntheticServerStdio(toolCount);
// Both generators must have seen the whole catalog, not only answered.
const lastTool = syntheticSnapshot(toolCount).tools.at(-1)!.name;
const rounds = 3;

/** Runs one generator in a fresh folder; returns the wall time, or throws with its last words. */
function timed(label: string, cwd: string, command: string, commandArgs: string[]): number {
  // A home of its own too: neither generator may pick up the user's configs or caches.
  const env = { ...process.env, HOME: join(cwd, "home"), USERPROFILE: join(cwd, "home") };
  mkdirSync(env.HOME, { recursive: true });
  const start = performance.now();
  const run = spawnSync(command, commandArgs, { cwd, env, encoding: "utf8" });
  const elapsed = performance.now() - start;
  if (run.status !== 0) {
    const words = `${run.stderr}${run.stdout}`.trim().split("\n").at(-1) ?? "";
    throw new Error(`${label} exited with ${run.status ?? run.signal}: ${words}`);
  }
  return elapsed;
}

function namesLastTool(files: string[]): boolean {
  return files.some((file) => readFileSync(file, "utf8").includes(lastTool));
}

function runOurs(round: number): { ms: number; out: string } {
  const cwd = join(work, `mcp-codegen-${round}`);
  const out = join(cwd, "out");
  mkdirSync(cwd, { recursive: true });
  const cli = join(ROOT, "dist/cli/main.js");
  const pull = [cli, "pull", "--quiet", "--out", out, "--", server.command, ...server.args];
  const ms = timed("mcp-codegen pull", cwd, process.execPath, pull);
  if (!namesLastTool([join(out, "mcp.snapshot.json")])) {
    throw new Error(`mcp-codegen pull did not write all ${toolCount} tools`);
  }
  return { ms, out };
}

function runMcporter(peer: Peer, round: number): { ms: number; out: string } {
  const cwd = join(work, `mcporter-${round}`);
  const out = join(cwd, "out");
  mkdirSync(out, { recursive: true });
  // No editor imports: only the synthetic server, defined as any mcporter user would.
  const config = { imports: [], mcpServers: { synthetic: server } };
  writeFileSync(join(cwd, "mcporter.json"), JSON.stringify(config));
  const emit = [peer.cli, "--config", join(cwd, "mcporter.json"), "emit-ts", "synthetic"];
  const flags = ["--mode", "client", "--include-optional", "--out", join(out, "synthetic.ts")];
  const ms = timed(`mcporter ${MCPORTER_VERSION}`, cwd, peer.node, [...emit, ...flags]);
  if (!namesLastTool([join(out, "synthetic.d.ts")])) {
    throw new Error(`mcporter ${MCPORTER_VERSION} did not emit all ${toolCount} tools`);
  }
  return { ms, out };
}

let peer: Peer;
try {
  peer = ensurePeer(join(ROOT, ".tmp", "bench-peers"));
} catch (error) {
  console.error(
    `bench:peers: cannot install mcporter ${MCPORTER_VERSION}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

rmSync(work, { recursive: true, force: true });
const ours = { runs: [] as number[], stats: undefined as EmittedStats | undefined };
const theirs = { runs: [] as number[], stats: undefined as EmittedStats | undefined };
// Alternating rounds, so a burst of load from elsewhere on the machine hits both alike.
for (let round = 0; round < rounds; round++) {
  const our = runOurs(round);
  ours.runs.push(our.ms);
  ours.stats ??= emittedStats(our.out);
  let their: { ms: number; out: string };
  try {
    their = runMcporter(peer, round);
  } catch (error) {
    console.error(
      `bench:peers: mcporter ${MCPORTER_VERSION} cannot run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  theirs.runs.push(their.ms);
  theirs.stats ??= emittedStats(their.out);
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = median(ours.runs) / median(theirs.runs);

if (args.includes("--json")) {
  console.log(
    JSON.stringify({ tools: toolCount, mcporter: MCPORTER_VERSION, ours, theirs, ratio }),
  );
} else {
  console.log(
    `mcp-codegen pull vs mcporter ${MCPORTER_VERSION} emit-ts --mode client --include-optional\n` +
      `${toolCount} tools from one stdio server, median of ${rounds} fresh processes each ` +
      `(server spawn, handshake and tools/list included)\n`,
  );
  const header = ["", "time", "files", "bytes", "Record<string, unknown>", "other unknown"];
  const widths = [18, 9, 7, 10, 25, 15, 22];
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("");
  console.log(line([...header, "[k: string]: unknown"]));
  for (const [label, side] of [
    ["mcp-codegen pull", ours],
    ["mcporter emit-ts", theirs],
  ] as const) {
    const s = side.stats!;
    console.log(
      line([
        label,
        `${(median(side.runs) / 1000).toFixed(2)} s`,
        String(s.files),
        `${(s.bytes / 1e6).toFixed(2)} MB`,
        String(s.opaqueRecords),
        String(s.bareUnknowns),
        String(s.openIndexSignatures),
      ]),
    );
  }
  console.log(`\nratio (ours / mcporter): ${ratio.toFixed(2)}×`);
  console.log(
    `all runs (ms): mcp-codegen ${ours.runs.map(Math.round).join(", ")}; ` +
      `mcporter ${theirs.runs.map(Math.round).join(", ")}`,
  );
}
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
