/**
 * `npm run bench:peers`: cold client generation side by side with mcporter, the alternative a
 * user would pick, against one live stdio server, for two catalogs of N tools:
 * - synthetic: the catalog of `synthetic-server.ts` (the same tools `bench:codegen` generates);
 * - real: the tools of the pinned official reference servers (everything, filesystem, memory),
 *   listed live at bench time and cycled to N (`real-catalog.ts`, written under .tmp/).
 * For each: ours is `mcp-codegen pull` from a fresh folder (no generation cache, empty output);
 * mcporter is `emit-ts --mode client --include-optional` (client and declarations, every
 * parameter spelled out: its fullest typing), run with Node 24 as it requires. Both times include
 * spawning the server, the handshake and listing its tools; each generator's peak memory is its
 * own process's maxRSS (`max-rss.mjs`, preloaded). Prints the medians, the ratios (ours /
 * mcporter) side by side and what each emitted. mcporter is installed on first use into
 * .tmp/bench-peers (see `peer-install.ts`); without it the bench says why and exits 1.
 * Target: ours / mcporter ≤ 1.0× on both catalogs. Ours runs on the Node that runs the bench;
 * when that is not mcporter's Node 24, ours also runs on that same Node 24 binary, and both ratios
 * are printed: the one a user on the bench's Node sees, and the one of the same runtime.
 * Pass `--tools N` for another size, `--rounds N` for more rounds (default 3), `--json` for raw
 * figures, `--keep` to leave the outputs in .tmp/bench-peers-run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { StdioCommand } from "../fixtures/servers/index.js";
import { emittedStats, type EmittedStats } from "./emitted-stats.js";
import { MCPORTER_VERSION, ensurePeer, type Peer } from "./peer-install.js";
import { writeRealCatalog } from "./real-catalog.js";
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
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt === -1 ? 3 : Number(args[roundsAt + 1]);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`bench:peers: --rounds takes a whole number, at least 1`);
  process.exit(2);
}
/** Issue 23: a cold pull takes no longer than mcporter's emit-ts on the same server. */
const TARGET_RATIO = 1.0;
const MAX_RSS = pathToFileURL(join(import.meta.dirname, "max-rss.mjs")).href;

/** One catalog served live: how to start its server, and a name its output must contain. */
interface Catalog {
  label: string;
  server: StdioCommand;
  lastTool: string;
}

/** The real-servers catalog's server: `catalog-server.ts` over the file `real-catalog.ts` wrote. */
function catalogServer(file: string): StdioCommand {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const entry = fileURLToPath(new URL("./catalog-server.ts", import.meta.url));
  return { command: process.execPath, args: ["--import", loader, entry, file] };
}

/** One timed run: wall time and the generator process's peak memory. */
interface Run {
  ms: number;
  maxRssKb: number;
}

/** Runs one generator in a fresh folder; returns its figures, or throws with its last words. */
function timed(label: string, cwd: string, command: string, commandArgs: string[]): Run {
  // A home of its own too: neither generator may pick up the user's configs or caches.
  const rssFile = join(cwd, "max-rss.txt");
  const env = {
    ...process.env,
    HOME: join(cwd, "home"),
    USERPROFILE: join(cwd, "home"),
    BENCH_MAX_RSS_FILE: rssFile,
  };
  mkdirSync(env.HOME, { recursive: true });
  const start = performance.now();
  const run = spawnSync(command, ["--import", MAX_RSS, ...commandArgs], {
    cwd,
    env,
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  if (run.status !== 0) {
    const words = `${run.stderr}${run.stdout}`.trim().split("\n").at(-1) ?? "";
    throw new Error(`${label} exited with ${run.status ?? run.signal}: ${words}`);
  }
  const maxRssKb = Number(readFileSync(rssFile, "utf8").trim().split("\n")[0]);
  return { ms, maxRssKb };
}

function namesLastTool(files: string[], lastTool: string): boolean {
  return files.some((file) => readFileSync(file, "utf8").includes(lastTool));
}

function runOurs(catalog: Catalog, round: number, node: string): Run & { out: string } {
  const tag = node === process.execPath ? "" : "-same-node";
  const cwd = join(work, catalog.label, `mcp-codegen${tag}-${round}`);
  const out = join(cwd, "out");
  mkdirSync(cwd, { recursive: true });
  const cli = join(ROOT, "dist/cli/main.js");
  const { command, args: serverArgs } = catalog.server;
  const pull = [cli, "pull", "--quiet", "--out", out, "--", command, ...serverArgs];
  const run = timed("mcp-codegen pull", cwd, node, pull);
  if (!namesLastTool([join(out, "mcp.snapshot.json")], catalog.lastTool)) {
    throw new Error(`mcp-codegen pull did not write all ${toolCount} tools`);
  }
  return { ...run, out };
}

function runMcporter(peer: Peer, catalog: Catalog, round: number): Run & { out: string } {
  const cwd = join(work, catalog.label, `mcporter-${round}`);
  const out = join(cwd, "out");
  mkdirSync(out, { recursive: true });
  // No editor imports: only the one server, defined as any mcporter user would.
  const config = { imports: [], mcpServers: { bench: catalog.server } };
  writeFileSync(join(cwd, "mcporter.json"), JSON.stringify(config));
  const emit = [peer.cli, "--config", join(cwd, "mcporter.json"), "emit-ts", "bench"];
  const flags = ["--mode", "client", "--include-optional", "--out", join(out, "bench.ts")];
  const run = timed(`mcporter ${MCPORTER_VERSION}`, cwd, peer.node, [...emit, ...flags]);
  if (!namesLastTool([join(out, "bench.d.ts")], catalog.lastTool)) {
    throw new Error(`mcporter ${MCPORTER_VERSION} did not emit all ${toolCount} tools`);
  }
  return { ...run, out };
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
const realFile = join(work, "real-catalog.json");
let catalogs: Catalog[];
try {
  catalogs = [
    {
      label: "synthetic",
      server: syntheticServerStdio(toolCount),
      // Both generators must have seen the whole catalog, not only answered.
      lastTool: syntheticSnapshot(toolCount).tools.at(-1)!.name,
    },
    {
      label: "real",
      server: catalogServer(realFile),
      lastTool: await writeRealCatalog(realFile, toolCount),
    },
  ];
} catch (error) {
  console.error(
    `bench:peers: cannot list the reference servers' tools: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

interface Side {
  runs: Run[];
  stats: EmittedStats | undefined;
}
const PEER_NODE_MAJOR = 24;
// mcporter needs Node 24; a bench run on another Node also times ours on that same binary.
const sameNode = Number(process.versions.node.split(".")[0]) !== PEER_NODE_MAJOR;
const results = catalogs.map((catalog) => ({
  catalog: catalog.label,
  ours: { runs: [], stats: undefined } as Side,
  oursSameNode: sameNode ? ({ runs: [], stats: undefined } as Side) : undefined,
  theirs: { runs: [], stats: undefined } as Side,
}));
// Alternating rounds and catalogs, so a burst of load from elsewhere on the machine hits all alike.
for (let round = 0; round < rounds; round++) {
  catalogs.forEach((catalog, i) => {
    const result = results[i]!;
    const our = runOurs(catalog, round, process.execPath);
    result.ours.runs.push(our);
    result.ours.stats ??= emittedStats(our.out);
    if (result.oursSameNode !== undefined) {
      const same = runOurs(catalog, round, peer.node);
      result.oursSameNode.runs.push(same);
      result.oursSameNode.stats ??= emittedStats(same.out);
    }
    let their: Run & { out: string };
    try {
      their = runMcporter(peer, catalog, round);
    } catch (error) {
      console.error(
        `bench:peers: mcporter ${MCPORTER_VERSION} cannot run: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    }
    result.theirs.runs.push(their);
    result.theirs.stats ??= emittedStats(their.out);
  });
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianMs = (side: Side): number => median(side.runs.map((run) => run.ms));
const peakMb = (side: Side): number => Math.max(...side.runs.map((run) => run.maxRssKb)) / 1024;
const ratios = results.map((result) => medianMs(result.ours) / medianMs(result.theirs));
const sameNodeRatios = results.map((result) =>
  result.oursSameNode === undefined
    ? undefined
    : medianMs(result.oursSameNode) / medianMs(result.theirs),
);
const verdict = (ratio: number): string =>
  `${ratio.toFixed(2)}× ${ratio <= TARGET_RATIO ? "ok" : "over target"}`;

if (args.includes("--json")) {
  console.log(
    JSON.stringify({
      tools: toolCount,
      mcporter: MCPORTER_VERSION,
      node: process.versions.node,
      results,
      ratios,
      sameNodeRatios,
    }),
  );
} else {
  console.log(
    `mcp-codegen pull vs mcporter ${MCPORTER_VERSION} emit-ts --mode client --include-optional\n` +
      `${toolCount} tools from one stdio server, median of ${rounds} fresh processes each ` +
      `(server spawn, handshake and tools/list included); peak memory: the generator process's ` +
      `largest maxRSS\n`,
  );
  const header = ["", "time", "peak mem", "files", "bytes", "Record<string, unknown>"];
  const widths = [28, 9, 10, 7, 10, 25, 15, 22];
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("");
  console.log(line([...header, "other unknown", "[k: string]: unknown"]));
  for (const result of results) {
    const sides: Array<readonly [string, Side]> = [
      [`${result.catalog}: mcp-codegen pull`, result.ours],
      ...(result.oursSameNode === undefined
        ? []
        : [[`  same, on Node ${PEER_NODE_MAJOR}`, result.oursSameNode] as const]),
      [`${result.catalog}: mcporter emit-ts`, result.theirs],
    ];
    for (const [label, side] of sides) {
      const s = side.stats!;
      console.log(
        line([
          label,
          `${(medianMs(side) / 1000).toFixed(2)} s`,
          `${peakMb(side).toFixed(0)} MB`,
          String(s.files),
          `${(s.bytes / 1e6).toFixed(2)} MB`,
          String(s.opaqueRecords),
          String(s.bareUnknowns),
          String(s.openIndexSignatures),
        ]),
      );
    }
  }
  console.log(
    `\nratio (ours on Node ${process.versions.node} / mcporter on Node ${PEER_NODE_MAJOR}), target ≤ ${TARGET_RATIO.toFixed(1)}×: ` +
      results.map((result, i) => `${result.catalog} ${verdict(ratios[i]!)}`).join(", "),
  );
  if (sameNode) {
    console.log(
      `ratio on the same Node ${PEER_NODE_MAJOR} binary: ` +
        results.map((result, i) => `${result.catalog} ${verdict(sameNodeRatios[i]!)}`).join(", "),
    );
  }
  for (const result of results) {
    console.log(
      `all runs (ms), ${result.catalog}: mcp-codegen ${result.ours.runs.map((r) => Math.round(r.ms)).join(", ")}; ` +
        (result.oursSameNode === undefined
          ? ""
          : `on Node ${PEER_NODE_MAJOR} ${result.oursSameNode.runs.map((r) => Math.round(r.ms)).join(", ")}; `) +
        `mcporter ${result.theirs.runs.map((r) => Math.round(r.ms)).join(", ")}`,
    );
  }
}
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
