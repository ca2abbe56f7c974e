/**
 * `npm run bench`: tools/call throughput of this runtime, the official SDK client and a bare
 * JSON-RPC loop (the floor) against the same minimal echo server, over stdio and Streamable
 * HTTP, sequential and 64-way concurrent. Prints a table (or `--json`) and whether the runtime
 * stays within 1.25× of the floor everywhere. Outside the target, the HTTP cases also report the
 * runtime over `createFetchHttpTransport` (the fetch I/O) against the floor, and every case the
 * runtime connected with `pin: true` against the runtime without it (what pinning costs).
 *
 *   node --import tsx test/bench/runtime.bench.ts [--json] [--source] [--rounds 10] [--duration 400] [--warmup 500]
 *
 * The runtime is loaded from `dist/` (what ships) when the build is newer than `runtime/`,
 * else from the TypeScript source, or from the source anyway with `--source`.
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { CLIENT_NAMES, TRANSPORT_NAMES, extraClientsOf, verifyEcho } from "./bench-client.js";
import type { BenchClient, ClientName, ExtraClientName, TransportName } from "./bench-client.js";
import { BENCH_CASES } from "./cases.js";
import { startEchoServers } from "./echo-servers.js";
import type { EchoServers } from "./echo-servers.js";
import { connectFloorHttp } from "./floor-http.js";
import { connectFloorStdio } from "./floor-stdio.js";
import { measureThroughput } from "./measure.js";
import { connectOfficialHttp, connectOfficialStdio } from "./official-client.js";
import { formatReport } from "./report.js";
import { connectRuntime, loadRuntime } from "./runtime-client.js";
import type { LoadedRuntime } from "./runtime-client.js";
import { summarise, TARGET_FACTOR } from "./summary.js";
import type { CaseSamples } from "./summary.js";
import type { Measurement } from "./measure.js";

const { values: flags } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    source: { type: "boolean", default: false },
    rounds: { type: "string", default: "10" },
    duration: { type: "string", default: "400" },
    warmup: { type: "string", default: "500" },
  },
});
const settings = {
  rounds: positive(flags.rounds, "--rounds"),
  durationMs: positive(flags.duration, "--duration"),
  warmupMs: positive(flags.warmup, "--warmup"),
};

function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} must be a positive integer`);
  return value;
}

/** Progress goes to stderr, so `--json` output on stdout stays parseable. */
function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** The untimed burst before each timed window. */
const REWARM_MS = 60;

interface Clients extends Record<TransportName, Record<ClientName, BenchClient>> {
  /** The extra clients of each transport's cases (see `EXTRA_CLIENTS`). */
  extra: Record<TransportName, Partial<Record<ExtraClientName, BenchClient>>>;
}

/** One client of a case and where its measurements go. */
interface Entrant {
  client: BenchClient;
  measurements: Measurement[];
}

async function connectAll(servers: EchoServers, runtime: LoadedRuntime): Promise<Clients> {
  const { command, args } = servers.stdio;
  const clients: Clients = {
    stdio: {
      runtime: await connectRuntime(runtime, { command, args }),
      official: await connectOfficialStdio(command, args),
      floor: connectFloorStdio(command, args),
    },
    http: {
      runtime: await connectRuntime(runtime, { url: servers.url }),
      official: await connectOfficialHttp(servers.url),
      floor: connectFloorHttp(servers.url),
    },
    extra: {
      stdio: { pinned: await connectRuntime(runtime, { command, args }, true) },
      http: {
        fetch: await connectRuntime(runtime, { url: servers.url, viaFetch: true }),
        pinned: await connectRuntime(runtime, { url: servers.url }, true),
      },
    },
  };
  for (const transport of TRANSPORT_NAMES) {
    for (const name of CLIENT_NAMES)
      await verifyEcho(`${name} over ${transport}`, clients[transport][name]);
    for (const name of extraClientsOf(transport)) {
      const client = clients.extra[transport][name];
      if (client !== undefined) await verifyEcho(`${name} over ${transport}`, client);
    }
  }
  return clients;
}

/** The clients a case runs: the compared ones, then the extra ones in the HTTP cases. */
function entrants(clients: Clients, sample: CaseSamples): Entrant[] {
  const { transport } = sample.benchCase;
  const list: Entrant[] = CLIENT_NAMES.map((name) => ({
    client: clients[transport][name],
    measurements: sample.rounds[name],
  }));
  for (const name of extraClientsOf(transport)) {
    const client = clients.extra[transport][name];
    const measurements = sample.extra[name];
    if (client !== undefined && measurements !== undefined) list.push({ client, measurements });
  }
  return list;
}

async function run(): Promise<void> {
  const runtime = await loadRuntime(flags.source);
  const origin = runtime.origin === "dist" ? "dist/ (the build)" : "runtime/ (TypeScript source)";
  progress(`runtime loaded from ${origin}`);
  const servers = await startEchoServers();
  const clients = await connectAll(servers, runtime);
  const samples: CaseSamples[] = BENCH_CASES.map((benchCase) => ({
    benchCase,
    rounds: { runtime: [], official: [], floor: [] },
    extra: Object.fromEntries(extraClientsOf(benchCase.transport).map((name) => [name, []])),
  }));
  try {
    progress(`warming up (${settings.warmupMs} ms per client and case)…`);
    for (const sample of samples) {
      for (const { client } of entrants(clients, sample)) {
        await measureThroughput(client, sample.benchCase.concurrency, settings.warmupMs);
      }
    }
    for (let round = 0; round < settings.rounds; round++) {
      progress(`round ${round + 1}/${settings.rounds}`);
      for (const sample of samples) {
        const { concurrency } = sample.benchCase;
        const list = entrants(clients, sample);
        // Rotate who goes first each round, so no client always runs right after another.
        for (let k = 0; k < list.length; k++) {
          const { client, measurements } = list[(round + k) % list.length] as Entrant;
          // Untimed: reopens what idled out while the others ran (undici drops keep-alive
          // sockets after 4 s idle), so every window measures the steady state.
          await measureThroughput(client, concurrency, REWARM_MS);
          const measurement = await measureThroughput(client, concurrency, settings.durationMs);
          measurements.push(measurement);
        }
      }
    }
  } finally {
    for (const transport of TRANSPORT_NAMES) {
      for (const name of CLIENT_NAMES) await clients[transport][name].close();
    }
    for (const transport of TRANSPORT_NAMES) {
      for (const client of Object.values(clients.extra[transport])) await client.close();
    }
    await servers.close();
  }
  const summaries = samples.map(summarise);
  // Other work on the machine is the main source of noise: say how busy it was.
  const machine = { cores: availableParallelism(), loadAverage: loadavg()[0] ?? 0 };
  if (flags.json) {
    const targetHolds = summaries.every((s) => s.targetHolds);
    const report = {
      settings,
      machine,
      runtimeOrigin: runtime.origin,
      targetFactor: TARGET_FACTOR,
      targetHolds,
      cases: summaries,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatReport(summaries, settings, machine, runtime.origin)}\n`);
  }
}

await run();
